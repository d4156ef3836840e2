import type { Plan, PlanItem, PlanItemResult, PlanItemState, PlanListQuery } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';
import type { PlanTable } from '../../db/schema.ts';
import { parseCaseSteps } from '../cases/cases.repository.ts';
import type { ModuleTree } from '../modules/modules.repository.ts';
import { countPlans, NO_METRICS } from './plan-metrics.ts';

export type PlanRow = Selectable<PlanTable>;

/** The project of each plan named (one entry per plan found): the scope check's lookup. */
export async function findPlanProjectIds(db: Db, planIds: readonly string[]): Promise<number[]> {
  const rows = await db.selectFrom('sysPlan').select('projectId').where('planId', 'in', planIds).execute();
  return rows.map((r) => r.projectId);
}

/** The project of each plan item named. */
export async function findPlanItemProjectIds(db: Db, itemIds: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('sysPlanItem as i')
    .innerJoin('sysPlan as p', 'p.planId', 'i.planId')
    .select('p.projectId')
    .where('i.planItemId', 'in', itemIds)
    .execute();
  return rows.map((r) => r.projectId);
}

function filteredPlans(db: Db, projectId: number, q: PlanListQuery) {
  let sel = db.selectFrom('sysPlan as p').where('p.projectId', '=', projectId);
  if (q.planNumber) sel = sel.where('p.planNumber', '=', q.planNumber);
  if (q.planName?.trim()) sel = sel.where(containsText(db, 'p.plan_name', q.planName.trim()));
  if (q.planVersion?.trim()) sel = sel.where(containsText(db, 'p.plan_version', q.planVersion.trim()));
  if (q.createById) sel = sel.where('p.createById', '=', q.createById);
  if (q.updateById) sel = sel.where('p.updateById', '=', q.updateById);
  if (q.reportId) sel = sel.where('p.reportId', '=', q.reportId);
  const between = (column: 'p.planStartTime' | 'p.planEndTime', from?: string, to?: string) => {
    if (from) sel = sel.where(column, '>=', from.length === 10 ? `${from} 00:00:00` : from);
    if (to) sel = sel.where(column, '<=', to.length === 10 ? `${to} 23:59:59` : to);
  };
  between('p.planStartTime', q.params?.beginPlanStartTime, q.params?.endPlanStartTime);
  between('p.planEndTime', q.params?.beginPlanEndTime, q.params?.endPlanEndTime);
  return sel;
}

export const PLAN_SORT = {
  planNumber: 'p.planNumber',
  planName: 'p.planName',
  createTime: 'p.createTime',
  updateTime: 'p.updateTime',
  planStartTime: 'p.planStartTime',
  planEndTime: 'p.planEndTime',
} as const;

/** A page of a project's plans with their metrics (newest first unless sorted otherwise). */
export async function listPlans(
  db: Db,
  projectId: number,
  q: PlanListQuery,
  page: { limit: number; offset: number },
  order: [(typeof PLAN_SORT)[keyof typeof PLAN_SORT], 'asc' | 'desc'],
): Promise<{ rows: Plan[]; total: number }> {
  const sel = filteredPlans(db, projectId, q);
  const [rows, count] = await Promise.all([
    withUpdater(sel)
      .orderBy(order[0], order[1])
      .orderBy('p.planNumber', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    sel.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toPlans(db, rows, q.params?.dataType === 'simple'), total: Number(count.n) };
}

/** Every plan of the filter, for an export (at most `max`). */
export async function listPlansForExport(db: Db, projectId: number, q: PlanListQuery, max: number) {
  const rows = await withUpdater(filteredPlans(db, projectId, q))
    .orderBy('p.createTime', 'desc')
    .orderBy('p.planNumber', 'desc')
    .limit(max)
    .execute();
  return toPlans(db, rows);
}

const withUpdater = (sel: ReturnType<typeof filteredPlans>) =>
  sel
    .leftJoin('sysUser as u', 'u.userId', 'p.updateById')
    .selectAll('p')
    .select(['u.nickName as updateBy', 'u.avatar as updateByAvatar']);

type PlanWithUpdater = PlanRow & { updateBy: string | null; updateByAvatar: string | null };

async function toPlans(db: Db, rows: PlanWithUpdater[], isSimple = false): Promise<Plan[]> {
  const metrics = await countPlans(
    db,
    rows.map((r) => r.planId),
    isSimple,
  );
  return rows.map((r) => ({ ...r, ...(metrics.get(r.planId) ?? NO_METRICS) }));
}

export async function findPlan(db: Db, planId: string): Promise<Plan | undefined> {
  const row = await withUpdater(
    db.selectFrom('sysPlan as p').where('p.planId', '=', planId),
  ).executeTakeFirst();
  if (!row) return undefined;
  const [plan] = await toPlans(db, [row]);
  return plan;
}

export const findPlanRow = (db: Db, planId: string) =>
  db.selectFrom('sysPlan').selectAll().where('planId', '=', planId).executeTakeFirst();

/** Items of a plan: the filters of the run view (the original's), over its case and deliverable. */
export interface PlanItemFilter {
  planId: string;
  /**
   * The plan's project: its cases are the only ones a plan holds, and naming it lets a step to the
   * next item walk the cases' (project, number) index instead of joining every item.
   */
  projectId?: number;
  /** A deliverable subtree's ids. */
  moduleIds?: number[];
  caseId?: number;
  caseLevel?: number;
  planItemState?: PlanItemState;
  planItemResult?: PlanItemResult;
  updateById?: number;
  caseName?: string;
  updatedFrom?: string;
  updatedTo?: string;
}

export function filteredItems(db: Db, f: PlanItemFilter) {
  let q = db
    .selectFrom('sysPlanItem as i')
    .innerJoin('sysCase as c', 'c.caseId', 'i.caseId')
    .where('i.planId', '=', f.planId);
  if (f.projectId) q = q.where('c.projectId', '=', f.projectId);
  if (f.moduleIds) q = q.where('c.moduleId', 'in', f.moduleIds.length > 0 ? f.moduleIds : [-1]);
  if (f.caseId) q = q.where('i.caseId', '=', f.caseId);
  if (f.caseLevel) q = q.where('c.caseLevel', '=', f.caseLevel);
  if (f.planItemState) q = q.where('i.planItemState', '=', f.planItemState);
  if (f.planItemResult) q = q.where('i.planItemResult', '=', f.planItemResult);
  if (f.updateById) q = q.where('i.updateById', '=', f.updateById);
  if (f.caseName?.trim()) q = q.where(containsText(db, 'c.case_name', f.caseName.trim()));
  if (f.updatedFrom) q = q.where('i.updateTime', '>=', f.updatedFrom);
  if (f.updatedTo) q = q.where('i.updateTime', '<=', f.updatedTo);
  return q;
}

export const ITEM_SORT = {
  caseNum: 'c.caseNum',
  caseLevel: 'c.caseLevel',
  caseName: 'c.caseName',
  updateTime: 'i.updateTime',
  planItemState: 'i.planItemState',
} as const;

const itemColumns = (q: ReturnType<typeof filteredItems>) =>
  q
    .leftJoin('sysUser as u', 'u.userId', 'i.updateById')
    .leftJoin('sysModule as m', 'm.moduleId', 'c.moduleId')
    .select([
      'i.planItemId',
      'i.planId',
      'i.caseId',
      'i.planItemState',
      'i.planItemResult',
      'i.updateById',
      'i.updateTime',
      'i.testerId',
      'u.nickName as updateBy',
      'c.moduleId',
      'm.moduleName',
      'c.projectId',
      'c.caseNum',
      'c.caseName',
      'c.caseLevel',
      'c.casePreconditions',
      'c.caseExpect',
      'c.caseStep',
      'c.imgUrls',
    ]);

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemColumns>['execute']>>[number];

export async function listItems(
  db: Db,
  f: PlanItemFilter,
  page: { limit: number; offset: number },
  order: [(typeof ITEM_SORT)[keyof typeof ITEM_SORT], 'asc' | 'desc'],
): Promise<{ rows: PlanItem[]; total: number }> {
  const q = filteredItems(db, f);
  const [rows, count] = await Promise.all([
    itemColumns(q)
      .orderBy(order[0], order[1])
      .orderBy('c.caseNum', order[1])
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toItems(db, rows), total: Number(count.n) };
}

/** Every item of a plan (the detail's list, an export). */
export async function listAllItems(db: Db, planId: string): Promise<PlanItem[]> {
  const rows = await itemColumns(filteredItems(db, { planId })).orderBy('c.caseNum').execute();
  return toItems(db, rows);
}

export async function findItem(db: Db, planItemId: string): Promise<PlanItem | undefined> {
  const row = await itemColumns(
    db.selectFrom('sysPlanItem as i').innerJoin('sysCase as c', 'c.caseId', 'i.caseId'),
  )
    .where('i.planItemId', '=', planItemId)
    .executeTakeFirst();
  return row ? (await toItems(db, [row]))[0] : undefined;
}

/**
 * The item before or after one in the run view's order (case number, ascending unless told
 * otherwise) among the items its filters leave: one indexed step, however long the plan.
 */
export async function neighbourItem(
  db: Db,
  f: PlanItemFilter,
  from: { caseNum: number },
  direction: 'prev' | 'next',
  isDescending: boolean,
): Promise<PlanItem | undefined> {
  const forward = (direction === 'next') !== isDescending;
  const row = await itemColumns(filteredItems(db, f))
    .where('c.caseNum', forward ? '>' : '<', from.caseNum)
    .orderBy('c.caseNum', forward ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (await toItems(db, [row]))[0] : undefined;
}

/** The defects raised from each item, in the order they were linked. */
export async function defectsOfItems(db: Db, itemIds: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysPlanItemDefect')
    .select(['planItemId', 'defectId'])
    .where('planItemId', 'in', [...itemIds])
    .orderBy('planItemId')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.planItemId, [...(out.get(r.planItemId) ?? []), r.defectId]);
  return out;
}

async function toItems(db: Db, rows: ItemRow[]): Promise<PlanItem[]> {
  const defects = await defectsOfItems(
    db,
    rows.map((r) => r.planItemId),
  );
  return rows.map((r) => ({
    ...r,
    planItemState: r.planItemState as PlanItemState,
    planItemResult: (r.planItemResult ?? null) as PlanItemResult | null,
    caseStep: parseCaseSteps(r.caseStep),
    defectIds: defects.get(r.planItemId) ?? [],
  }));
}

/**
 * The deliverables under `parentId` (0: the roots) with the plan's items counted over each
 * subtree: one grouped statement for the plan, the tree summed in memory.
 */
export async function countItemsByModule(
  db: Db,
  planId: string | undefined,
  tree: ModuleTree,
  parentId: number,
) {
  const perModule = planId
    ? await db
        .selectFrom('sysPlanItem as i')
        .innerJoin('sysCase as c', 'c.caseId', 'i.caseId')
        .leftJoin('sysPlanItemDefect as pd', 'pd.planItemId', 'i.planItemId')
        .select((eb) => [
          'c.moduleId',
          eb.fn.count<number>('i.planItemId').distinct().as('items'),
          eb.fn
            .count<number>(eb.case().when('i.planItemState', '=', 'pass').then(eb.ref('i.planItemId')).end())
            .distinct()
            .as('passed'),
          eb.fn.count<number>('pd.defectId').as('defects'),
        ])
        .where('i.planId', '=', planId)
        .groupBy('c.moduleId')
        .execute()
    : [];
  const byModule = new Map(perModule.map((r) => [r.moduleId ?? 0, r]));
  const sum = (moduleId: number, pick: 'items' | 'passed' | 'defects') =>
    tree.subtree(moduleId).reduce((total, id) => total + Number(byModule.get(id)?.[pick] ?? 0), 0);
  return (tree.children.get(parentId) ?? []).map((m) => ({
    moduleId: m.moduleId,
    modulePid: m.modulePid,
    moduleName: m.moduleName,
    projectId: m.projectId,
    childrenCount: tree.children.get(m.moduleId)?.length ?? 0,
    itemCount: sum(m.moduleId, 'items'),
    passCount: sum(m.moduleId, 'passed'),
    defectCount: sum(m.moduleId, 'defects'),
  }));
}
