import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { type BinRows, putInBin, registerBinRoutes } from '../recycle-bin/recycle-bin.ts';

/** The tables a case's rows live in, in the order they are written back. */
const CASE_TABLES = [
  'sysCase',
  'sysCaseLog',
  'sysPlanItem',
  'sysPlanItemDefect',
  'sysPlanItemResult',
] as const;
type CaseTable = (typeof CASE_TABLES)[number];

/**
 * Cases go to the recycle bin, each with its history and its place in test plans (items, their
 * results and defects); the defects found with them stay, unlinked, and are linked again when the
 * case comes back.
 */
export async function deleteCases(db: Db, caseIds: number[], deletedById: number | null): Promise<void> {
  if (caseIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const [cases, logs, items, linked] = await Promise.all([
      trx.selectFrom('sysCase').selectAll().where('caseId', 'in', caseIds).execute(),
      trx.selectFrom('sysCaseLog').selectAll().where('caseId', 'in', caseIds).execute(),
      trx.selectFrom('sysPlanItem').selectAll().where('caseId', 'in', caseIds).execute(),
      trx.selectFrom('sysDefect').select(['defectId', 'caseId']).where('caseId', 'in', caseIds).execute(),
    ]);
    const itemIds = items.map((i) => i.planItemId);
    const [itemDefects, itemResults] =
      itemIds.length === 0
        ? [[], []]
        : await Promise.all([
            trx.selectFrom('sysPlanItemDefect').selectAll().where('planItemId', 'in', itemIds).execute(),
            trx.selectFrom('sysPlanItemResult').selectAll().where('planItemId', 'in', itemIds).execute(),
          ]);
    const now = formatDateTime();
    await putInBin(
      trx,
      cases.map((c) => {
        const mine = new Set(items.filter((i) => i.caseId === c.caseId).map((i) => i.planItemId));
        const rows: Record<CaseTable, unknown[]> & { defectIds: unknown[] } = {
          sysCase: [c],
          sysCaseLog: logs.filter((l) => l.caseId === c.caseId),
          sysPlanItem: items.filter((i) => i.caseId === c.caseId),
          sysPlanItemDefect: itemDefects.filter((d) => mine.has(d.planItemId)),
          sysPlanItemResult: itemResults.filter((r) => mine.has(r.planItemId)),
          defectIds: linked.filter((d) => d.caseId === c.caseId).map((d) => d.defectId),
        };
        return {
          projectId: c.projectId,
          itemKind: 'case',
          itemId: c.caseId,
          itemName: c.caseName,
          itemNum: c.caseNum,
          rows,
        };
      }),
      deletedById ?? 0,
      now,
    );
    await trx.updateTable('sysDefect').set({ caseId: null }).where('caseId', 'in', caseIds).execute();
    await trx.deleteFrom('sysCase').where('caseId', 'in', caseIds).execute();
  });
}

/** A case back from the bin: with its history, its items of plans that still exist, its defects. */
async function restoreCase(trx: Db, projectId: number, rows: BinRows): Promise<void> {
  const [c] = rows.sysCase as Array<{ caseId: number; moduleId: number | null; caseKey: string | null }>;
  if (!c) throw new AppError('bin.not-found');
  const module = c.moduleId
    ? await trx
        .selectFrom('sysModule')
        .select('moduleId')
        .where('moduleId', '=', c.moduleId)
        .where('projectId', '=', projectId)
        .executeTakeFirst()
    : undefined;
  if (!module) throw new AppError('bin.restore.module-gone');
  // A runner's key another case took meanwhile stays with that case.
  const keyTaken = c.caseKey
    ? await trx
        .selectFrom('sysCase')
        .select('caseId')
        .where('projectId', '=', projectId)
        .where('caseKey', '=', c.caseKey)
        .executeTakeFirst()
    : undefined;
  await trx
    .insertInto('sysCase')
    .values({ ...(c as object), ...(keyTaken ? { caseKey: null } : {}) } as never)
    .execute();
  const logs = rows.sysCaseLog ?? [];
  if (logs.length > 0)
    await trx
      .insertInto('sysCaseLog')
      .values(logs as never)
      .execute();
  const items = (rows.sysPlanItem ?? []) as Array<{ planItemId: string; planId: string }>;
  const plans = items.length
    ? new Set(
        (
          await trx
            .selectFrom('sysPlan')
            .select('planId')
            .where(
              'planId',
              'in',
              items.map((i) => i.planId),
            )
            .execute()
        ).map((p) => p.planId),
      )
    : new Set<string>();
  const kept = items.filter((i) => plans.has(i.planId));
  const keptIds = new Set(kept.map((i) => i.planItemId));
  if (kept.length > 0)
    await trx
      .insertInto('sysPlanItem')
      .values(kept as never)
      .execute();
  for (const table of ['sysPlanItemDefect', 'sysPlanItemResult'] as const) {
    const own = ((rows[table] ?? []) as Array<{ planItemId: string }>).filter((x) =>
      keptIds.has(x.planItemId),
    );
    if (own.length > 0)
      await trx
        .insertInto(table)
        .values(own as never)
        .execute();
  }
  const defectIds = (rows.defectIds ?? []) as number[];
  if (defectIds.length > 0)
    await trx
      .updateTable('sysDefect')
      .set({ caseId: c.caseId })
      .where('defectId', 'in', defectIds)
      .where('projectId', '=', projectId)
      .where('caseId', 'is', null)
      .execute();
}

export function registerCaseBinRoutes(r: Router): void {
  registerBinRoutes(r, {
    base: '/system/case',
    itemKind: 'case',
    listPermission: 'system:case:list',
    removePermission: 'system:case:remove',
    restore: (trx, entry, rows) => restoreCase(trx, entry.projectId, rows),
  });
}
