import { DefectState } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { addVersion, failureFingerprint } from '../open-api/fingerprint.ts';
import type { TestResult } from './junit.ts';
import { chunks } from './plans.service.ts';

/** A test that failed in this run, on its item. */
export interface Failure {
  planItemId: string;
  caseId: number;
  test: TestResult;
  /** The test's key (class and name), as the report push titles its failures. */
  key: string;
}

/**
 * Failed tests that already have an open defect count as one more occurrence of it instead of
 * asking for a new one: the defect linked to the test's item, else the newest open defect raised
 * from its case, else the open defect a report push made of the same failure (its fingerprint, as
 * the push computes it). The defect is linked to the item, and its occurrences (the count the
 * report push keeps and the defect view shows) grow by one, the version seen added. Returns the
 * ids of the defects seen again.
 */
export async function recordOccurrences(
  trx: Db,
  projectId: number,
  failures: readonly Failure[],
  version: string | null,
  now: string,
): Promise<number[]> {
  if (failures.length === 0) return [];
  const defectOf = new Map<string, number>();
  const itemIds = failures.map((f) => f.planItemId);
  for (const part of chunks(itemIds)) {
    const linked = await trx
      .selectFrom('sysPlanItemDefect as pd')
      .innerJoin('sysDefect as d', 'd.defectId', 'pd.defectId')
      .select(['pd.planItemId', 'pd.defectId'])
      .where('pd.planItemId', 'in', part)
      .where('d.isDeleted', '=', 0)
      .where('d.defectState', '!=', DefectState.CLOSED)
      .orderBy('pd.position', 'desc')
      .execute();
    for (const row of linked) if (!defectOf.has(row.planItemId)) defectOf.set(row.planItemId, row.defectId);
  }
  const byCase = failures.filter((f) => !defectOf.has(f.planItemId));
  for (const part of chunks(byCase.map((f) => f.caseId))) {
    const raised = await trx
      .selectFrom('sysDefect')
      .select(['caseId', 'defectId'])
      .where('projectId', '=', projectId)
      .where('caseId', 'in', part)
      .where('isDeleted', '=', 0)
      .where('defectState', '!=', DefectState.CLOSED)
      .orderBy('defectId', 'desc')
      .execute();
    const newest = new Map<number, number>();
    for (const row of raised)
      if (row.caseId !== null && !newest.has(row.caseId)) newest.set(row.caseId, row.defectId);
    for (const f of byCase) {
      const id = newest.get(f.caseId);
      if (id !== undefined) defectOf.set(f.planItemId, id);
    }
  }
  const byPrint = failures.filter((f) => !defectOf.has(f.planItemId));
  const printOf = new Map(byPrint.map((f) => [f.planItemId, failureFingerprint(f.key, f.test.message)]));
  for (const part of chunks([...new Set(printOf.values())])) {
    const pushed = await trx
      .selectFrom('sysDefectPush as p')
      .innerJoin('sysDefect as d', 'd.defectId', 'p.defectId')
      .select(['p.fingerprint', 'p.defectId'])
      .where('p.projectId', '=', projectId)
      .where('p.fingerprint', 'in', part)
      .where('d.isDeleted', '=', 0)
      .where('d.defectState', '!=', DefectState.CLOSED)
      .execute();
    const byFingerprint = new Map(pushed.map((p) => [p.fingerprint, p.defectId]));
    for (const [planItemId, print] of printOf) {
      const id = byFingerprint.get(print);
      if (id !== undefined && !defectOf.has(planItemId)) defectOf.set(planItemId, id);
    }
  }
  if (defectOf.size === 0) return [];
  await linkToItems(trx, defectOf);
  const seen = [...new Set(defectOf.values())];
  await countOccurrences(trx, projectId, seen, version, now);
  return seen;
}

/** Each item's defect added at the end of its list, unless it is there already. */
async function linkToItems(trx: Db, defectOf: Map<string, number>): Promise<void> {
  const itemIds = [...defectOf.keys()];
  const lists = new Map<string, { defectId: number; position: number }[]>();
  for (const part of chunks(itemIds)) {
    const rows = await trx
      .selectFrom('sysPlanItemDefect')
      .select(['planItemId', 'defectId', 'position'])
      .where('planItemId', 'in', part)
      .execute();
    for (const r of rows) lists.set(r.planItemId, [...(lists.get(r.planItemId) ?? []), r]);
  }
  const links = [...defectOf].flatMap(([planItemId, defectId]) => {
    const list = lists.get(planItemId) ?? [];
    if (list.some((l) => l.defectId === defectId)) return [];
    return [{ planItemId, defectId, position: Math.max(0, ...list.map((l) => l.position)) + 1 }];
  });
  for (const part of chunks(links)) await trx.insertInto('sysPlanItemDefect').values(part).execute();
}

/** One more occurrence of each defect: its push record grows, or is begun (first seen when filed). */
async function countOccurrences(
  trx: Db,
  projectId: number,
  defectIds: readonly number[],
  version: string | null,
  now: string,
): Promise<void> {
  for (const part of chunks(defectIds)) {
    const held = await trx
      .selectFrom('sysDefectPush')
      .select(['defectId', 'occurrences', 'versions'])
      .where('defectId', 'in', part)
      .execute();
    const heldIds = new Set(held.map((h) => h.defectId));
    for (const row of held)
      await trx
        .updateTable('sysDefectPush')
        .set({
          occurrences: row.occurrences + 1,
          lastSeen: now,
          versions: addVersion(row.versions, version),
          ...(version ? { lastVersion: version } : {}),
        })
        .where('defectId', '=', row.defectId)
        .execute();
    const fresh = part.filter((id) => !heldIds.has(id));
    if (fresh.length === 0) continue;
    const filed = await trx
      .selectFrom('sysDefect')
      .select(['defectId', 'createTime'])
      .where('defectId', 'in', fresh)
      .execute();
    await trx
      .insertInto('sysDefectPush')
      .values(
        filed.map((d) => ({
          defectId: d.defectId,
          projectId,
          defectKey: null,
          defectGroupKey: null,
          keyHash: null,
          groupHash: null,
          fingerprint: null,
          // Once when it was filed, once now.
          occurrences: 2,
          firstSeen: d.createTime,
          lastSeen: now,
          versions: addVersion(null, version),
          ...(version ? { lastVersion: version } : {}),
        })),
      )
      .execute();
  }
}
