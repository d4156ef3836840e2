import { randomUUID } from 'node:crypto';
import type { PlanItemResult, PlanItemState, PlanItemUpdateBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { defectsOfItems } from './plans.repository.ts';

/** Touches the plans an item change belongs to (their list shows who changed them last, and when). */
async function touchPlans(trx: Db, planIds: readonly string[], userId: number, now: string) {
  if (planIds.length === 0) return;
  await trx
    .updateTable('sysPlan')
    .set({ updateById: userId, updateTime: now })
    .where('planId', 'in', [...new Set(planIds)])
    .execute();
}

/** Live defects of the project among those named; another project's, or a deleted one, refuses the change. */
async function assertDefectsOf(trx: Db, projectId: number, defectIds: readonly number[]) {
  const wanted = [...new Set(defectIds)];
  if (wanted.length === 0) return;
  const found = await trx
    .selectFrom('sysDefect')
    .select('defectId')
    .where('defectId', 'in', wanted)
    .where('projectId', '=', projectId)
    .where('isDeleted', '=', 0)
    .execute();
  const known = new Set(found.map((d) => d.defectId));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) throw new AppError('plan.defect.not-in-project', [missing]);
}

/**
 * The state and extra result an item ends in: a pass or a failure clears blocked/skipped/retest
 * unless told otherwise; blocked or skipped alone leave the item not run, as the original's
 * clients count it.
 */
function outcome(
  body: PlanItemUpdateBody,
): { planItemState: PlanItemState; planItemResult: PlanItemResult | null } | undefined {
  if (body.planItemState === undefined && body.planItemResult === undefined) return undefined;
  const planItemState = body.planItemState ?? 'unexecuted';
  const planItemResult =
    body.planItemResult === undefined ? null : planItemState === 'unexecuted' ? body.planItemResult : null;
  return { planItemState, planItemResult };
}

/**
 * The original's item update on one item or several (`params.planItemIds`): a state (with
 * Buglet's result: what happened, the failed step, screenshots, kept in each item's history), its
 * defect list replaced, or one defect added or taken away. All in one transaction: concurrent
 * results on an item both land in its history; the later one is its state.
 */
export async function updateItems(
  db: Db,
  userId: number,
  projectId: number,
  body: PlanItemUpdateBody,
): Promise<{ updated: number; retested: string[] }> {
  const ids = [...new Set(body.params?.planItemIds ?? (body.planItemId ? [body.planItemId] : []))];
  return db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom('sysPlanItem')
      .select(['planItemId', 'planId', 'planItemResult'])
      .where('planItemId', 'in', ids)
      .execute();
    if (items.length !== ids.length) throw new AppError('plan.item.not-found');
    if (body.planId && items.some((i) => i.planId !== body.planId)) throw new AppError('plan.item.not-found');
    const now = formatDateTime();
    const linked = [...(body.defectIds ?? []), ...(body.params?.defectId ? [body.params.defectId] : [])];
    await assertDefectsOf(trx, projectId, linked);
    const result = outcome(body);
    if (result) {
      await trx
        .updateTable('sysPlanItem')
        .set({ ...result, testerId: userId, updateById: userId, updateTime: now })
        .where('planItemId', 'in', ids)
        .execute();
      await trx
        .insertInto('sysPlanItemResult')
        .values(
          ids.map((planItemId) => ({
            planItemId,
            ...result,
            actualResult: body.actualResult ?? null,
            failedStep: body.failedStep ?? null,
            imgUrls: body.imgUrls ?? null,
            annexUrls: body.annexUrls ?? null,
            createById: userId,
            createTime: now,
          })),
        )
        .execute();
    } else {
      await trx
        .updateTable('sysPlanItem')
        .set({ updateById: userId, updateTime: now })
        .where('planItemId', 'in', ids)
        .execute();
    }
    if (body.defectIds) await replaceDefects(trx, ids, body.defectIds);
    if (body.params?.deleteDefectId)
      await trx
        .deleteFrom('sysPlanItemDefect')
        .where('planItemId', 'in', ids)
        .where('defectId', '=', body.params.deleteDefectId)
        .execute();
    if (body.params?.defectId) await appendDefect(trx, ids, body.params.defectId);
    await touchPlans(
      trx,
      items.map((i) => i.planId),
      userId,
      now,
    );
    // Items waiting for a retest that now have a result: their defects' reviews follow it.
    const retested =
      result && result.planItemState !== 'unexecuted'
        ? items.filter((i) => i.planItemResult === 'retest').map((i) => i.planItemId)
        : [];
    return { updated: ids.length, retested };
  });
}

async function replaceDefects(trx: Db, itemIds: string[], defectIds: readonly number[]) {
  await trx.deleteFrom('sysPlanItemDefect').where('planItemId', 'in', itemIds).execute();
  const unique = [...new Set(defectIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('sysPlanItemDefect')
    .values(
      itemIds.flatMap((planItemId) =>
        unique.map((defectId, position) => ({ planItemId, defectId, position })),
      ),
    )
    .execute();
}

/** Adds a defect at the end of each item's list (moved there if it was already in it). */
export async function appendDefect(trx: Db, itemIds: readonly string[], defectId: number) {
  const lists = await defectsOfItems(trx, itemIds);
  await trx
    .deleteFrom('sysPlanItemDefect')
    .where('planItemId', 'in', [...itemIds])
    .where('defectId', '=', defectId)
    .execute();
  await trx
    .insertInto('sysPlanItemDefect')
    .values(
      itemIds.map((planItemId) => ({
        planItemId,
        defectId,
        position: (lists.get(planItemId)?.length ?? 0) + 1,
      })),
    )
    .execute();
}

/** The original's single item insert: a case of the plan's project, not yet in the plan. */
export async function addItem(
  db: Db,
  userId: number,
  projectId: number,
  body: { planId: string; caseId: number; planItemState?: PlanItemState },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const testCase = await trx
      .selectFrom('sysCase')
      .select(['caseId', 'moduleId'])
      .where('caseId', '=', body.caseId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    if (!testCase) throw new AppError('plan.case.not-in-project', [body.caseId]);
    const taken = await trx
      .selectFrom('sysPlanItem')
      .select('planItemId')
      .where('planId', '=', body.planId)
      .where('caseId', '=', body.caseId)
      .executeTakeFirst();
    if (taken) throw new AppError('plan.case.already-in-plan', [body.caseId]);
    const now = formatDateTime();
    const planItemId = randomUUID();
    await trx
      .insertInto('sysPlanItem')
      .values({
        planItemId,
        planId: body.planId,
        caseId: testCase.caseId,
        moduleId: testCase.moduleId,
        planItemState: body.planItemState ?? 'unexecuted',
        planItemResult: null,
        testerId: null,
        updateById: userId,
        updateTime: now,
      })
      .execute();
    await touchPlans(trx, [body.planId], userId, now);
    return planItemId;
  });
}
