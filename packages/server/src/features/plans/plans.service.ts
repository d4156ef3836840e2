import { randomUUID } from 'node:crypto';
import type { PlanCreateBody, PlanUpdateBody } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { allocateNumber } from '../defects/defects.repository.ts';
import { findPlanRow } from './plans.repository.ts';

/** Rows per insert and ids per `in` list: well inside both databases' limits on parameters. */
const CHUNK = 500;

/** A long list in parts of CHUNK. */
export const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The project's cases among those named, with their deliverable; a case of another project, or
 * one that no longer exists, refuses the whole plan by its id.
 */
async function casesOfProject(trx: Db, projectId: number, caseIds: readonly number[]) {
  const wanted = [...new Set(caseIds)];
  const found = new Map<number, number | null>();
  for (const part of chunks(wanted)) {
    const rows = await trx
      .selectFrom('sysCase')
      .select(['caseId', 'moduleId'])
      .where('projectId', '=', projectId)
      .where('caseId', 'in', part)
      .execute();
    for (const r of rows) found.set(r.caseId, r.moduleId);
  }
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError('plan.case.not-in-project', [missing]);
  return found;
}

async function insertItems(
  trx: Db,
  planId: string,
  cases: Map<number, number | null>,
  caseIds: readonly number[],
  userId: number,
  now: string,
) {
  const rows = [...new Set(caseIds)].map((caseId) => ({
    planItemId: randomUUID(),
    planId,
    caseId,
    moduleId: cases.get(caseId) ?? null,
    planItemState: 'unexecuted',
    planItemResult: null,
    testerId: null,
    updateById: userId,
    updateTime: now,
  }));
  for (const part of chunks(rows)) await trx.insertInto('sysPlanItem').values(part).execute();
}

/** A new plan, numbered in its project, with an item per case chosen (each not run yet). */
export async function createPlan(db: Db, userId: number, body: PlanCreateBody): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const caseIds = (body.sysPlanItemList ?? []).map((i) => i.caseId);
    const cases = await casesOfProject(trx, body.projectId, caseIds);
    await assertReportOf(trx, body.projectId, body.reportId);
    const planId = randomUUID();
    const now = formatDateTime();
    await trx
      .insertInto('sysPlan')
      .values({
        planId,
        planNumber: await allocateNumber(trx, body.projectId, 'plan'),
        planName: body.planName,
        planVersion: body.planVersion ?? null,
        planStartTime: body.planStartTime ?? null,
        planEndTime: body.planEndTime ?? null,
        projectId: body.projectId,
        reportId: body.reportId ?? null,
        remark: body.remark ?? null,
        createById: userId,
        createTime: now,
        updateById: userId,
        updateTime: now,
      })
      .execute();
    await insertItems(trx, planId, cases, caseIds, userId, now);
    return planId;
  });
}

/** A linked report must be one of the plan's project. */
async function assertReportOf(trx: Db, projectId: number, reportId: number | null | undefined) {
  if (!reportId) return;
  const report = await trx
    .selectFrom('sysReport')
    .select('reportId')
    .where('reportId', '=', reportId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (!report) throw new AppError('plan.report.not-in-project');
}

/**
 * Changes a plan; its case list, when sent, is diffed by case: items of cases no longer listed go
 * (with their results), new cases come in not run, the rest keep their results and defects.
 */
export async function updatePlan(db: Db, userId: number, body: PlanUpdateBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const plan = await findPlanRow(trx, body.planId);
    if (!plan) throw new AppError('plan.not-found');
    await assertReportOf(trx, plan.projectId, body.reportId);
    const now = formatDateTime();
    if (body.sysPlanItemList) {
      const wanted = new Set(body.sysPlanItemList.map((i) => i.caseId));
      const held = await trx
        .selectFrom('sysPlanItem')
        .select(['planItemId', 'caseId'])
        .where('planId', '=', plan.planId)
        .execute();
      const heldCases = new Set(held.map((i) => i.caseId));
      const gone = held.filter((i) => !wanted.has(i.caseId)).map((i) => i.planItemId);
      for (const part of chunks(gone))
        await trx.deleteFrom('sysPlanItem').where('planItemId', 'in', part).execute();
      const added = [...wanted].filter((id) => !heldCases.has(id));
      const cases = await casesOfProject(trx, plan.projectId, added);
      await insertItems(trx, plan.planId, cases, added, userId, now);
    }
    const { planId, sysPlanItemList: _items, ...fields } = body;
    await trx
      .updateTable('sysPlan')
      .set({
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        updateById: userId,
        updateTime: now,
      })
      .where('planId', '=', planId)
      .execute();
  });
}

/** A copy named "<name>-copy", numbered anew, with the same cases not run yet. */
export async function copyPlan(db: Db, userId: number, planId: string, copyWord: string): Promise<string> {
  const plan = await findPlanRow(db, planId);
  if (!plan) throw new AppError('plan.not-found');
  const caseIds = (
    await db.selectFrom('sysPlanItem').select('caseId').where('planId', '=', planId).execute()
  ).map((i) => i.caseId);
  const suffix = `-${copyWord}`;
  return createPlan(db, userId, {
    projectId: plan.projectId,
    planName: `${plan.planName.slice(0, 255 - suffix.length)}${suffix}`,
    planVersion: plan.planVersion,
    planStartTime: plan.planStartTime,
    planEndTime: plan.planEndTime,
    remark: plan.remark,
    reportId: plan.reportId,
    sysPlanItemList: caseIds.map((caseId) => ({ caseId })),
  });
}

/** Plans with their items, results and defect links (the defects stay). */
export async function deletePlans(db: Db, planIds: readonly string[]): Promise<number> {
  const result = await db
    .deleteFrom('sysPlan')
    .where('planId', 'in', [...planIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
