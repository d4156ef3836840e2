import type { caseCreateBody, caseUpdateBody } from '@buglet/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { allocateNumbers } from '../defects/defects.repository.ts';
import { assertModuleOf, loadTree } from '../modules/modules.repository.ts';

type NewCase = Omit<z.infer<typeof caseCreateBody>, 'projectId'>;
const BATCH = 500;

/** Cases of one project in one transaction: deliverables checked, numbers reserved at once. */
export async function createCases(
  db: Db,
  caller: Principal,
  projectId: number,
  items: NewCase[],
): Promise<number[]> {
  if (items.length === 0) return [];
  return db.transaction().execute((trx) => insertCases(trx, caller, projectId, items));
}

/** The same inside a transaction the caller holds (a CI run's results make their cases in theirs). */
export async function insertCases(
  trx: Db,
  caller: Principal,
  projectId: number,
  items: NewCase[],
): Promise<number[]> {
  const tree = await loadTree(trx, projectId);
  const stranger = items.find((c) => !tree.byId.has(c.moduleId));
  if (stranger) throw new AppError('module.not-found');
  const first = await allocateNumbers(trx, projectId, 'case', items.length);
  const now = formatDateTime();
  const ids: number[] = [];
  for (let at = 0; at < items.length; at += BATCH) {
    const rows = await trx
      .insertInto('sysCase')
      .values(
        items.slice(at, at + BATCH).map((c, i) => ({
          projectId,
          caseNum: first + at + i,
          caseName: c.caseName,
          moduleId: c.moduleId,
          caseType: null,
          caseLevel: c.caseLevel,
          casePreconditions: c.casePreconditions ?? null,
          caseExpect: c.caseExpect,
          caseStep: JSON.stringify(c.caseStep ?? []),
          caseState: c.caseState ?? 'untested',
          remark: c.remark ?? null,
          imgUrls: c.imgUrls ?? null,
          annexUrls: c.annexUrls ?? null,
          caseData: c.caseData ?? null,
          caseKey: c.caseKey ?? null,
          createBy: caller.userName,
          createById: caller.userId,
          createTime: now,
          updateTime: now,
        })),
      )
      .returning(['caseId', 'caseNum'])
      .execute();
    await trx
      .insertInto('sysCaseLog')
      .values(
        rows.map((r) => ({
          caseId: r.caseId,
          action: 'create' as const,
          changes: null,
          createById: caller.userId,
          createTime: now,
        })),
      )
      .execute();
    const byNum = new Map(rows.map((r) => [r.caseNum, r.caseId]));
    for (let i = 0; i < Math.min(BATCH, items.length - at); i++)
      ids.push(byNum.get(first + at + i) as number);
  }
  return ids;
}

/** The fields a case's history records, compared before and after a change. */
const LOGGED = [
  'caseName',
  'moduleId',
  'caseLevel',
  'casePreconditions',
  'caseExpect',
  'caseStep',
  'caseState',
  'caseData',
  'remark',
  'imgUrls',
  'annexUrls',
  'caseKey',
] as const;

/**
 * A case changed, and the change kept in its history (the fields that differ, before and after;
 * a change that changes nothing writes no entry). One transaction.
 */
export async function updateCase(
  db: Db,
  projectId: number,
  userId: number,
  body: z.infer<typeof caseUpdateBody>,
): Promise<void> {
  // The route's scope has already found the case in this project.
  await assertModuleOf(db, projectId, body.moduleId);
  const { caseId, caseStep, ...rest } = body;
  const next: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(caseStep === undefined ? {} : { caseStep: JSON.stringify(caseStep) }),
  };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('sysCase')
      .selectAll()
      .where('caseId', '=', caseId)
      .executeTakeFirst();
    if (!before) return;
    const now = formatDateTime();
    await trx
      .updateTable('sysCase')
      .set({ ...next, updateTime: now })
      .where('caseId', '=', caseId)
      .execute();
    const changes = LOGGED.filter((f) => f in next && (next[f] ?? null) !== (before[f] ?? null)).map(
      (field) => ({
        field,
        oldValue: field === 'caseStep' ? JSON.parse(before.caseStep) : before[field],
        newValue: field === 'caseStep' ? caseStep : next[field],
      }),
    );
    if (changes.length > 0)
      await trx
        .insertInto('sysCaseLog')
        .values({
          caseId,
          action: 'update',
          changes: JSON.stringify(changes),
          createById: userId,
          createTime: now,
        })
        .execute();
  });
}
