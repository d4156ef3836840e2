import {
  type PlanItemListQuery,
  pageQuery,
  planIdText,
  planItem,
  planItemCreateBody,
  planItemListQuery,
  planItemResultEntry,
  planItemUpdateBody,
  planModule,
  ResultCode,
  testCase,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith } from '../../access/scope.ts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { orderOf, pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { CASE_SORT, listCases, toCases } from '../cases/cases.repository.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { addItem, updateItems } from './plan-items.service.ts';
import { retestOutcome } from './plan-retest.ts';
import {
  countItemsByModule,
  findItem,
  ITEM_SORT,
  listItems,
  neighbourItem,
  type PlanItemFilter,
} from './plans.repository.ts';
import { parsePlanIds } from './plans.routes.ts';

/** Running a plan's items, and changing them, take the right to run it or to edit it. */
const runOrEdit = perm('system:plan:run', 'system:plan:edit');
const itemParam = z.object({ planItemId: planIdText });
const inPlan = (planId: string) => ({ kind: 'item', item: 'plan', id: planId }) as const;

/** The run view's filters; a deliverable takes its subtree. */
async function itemFilterOf(db: Db, q: PlanItemListQuery, projectId: number): Promise<PlanItemFilter> {
  return {
    planId: q.planId,
    projectId,
    moduleIds: q.moduleId ? (await loadTree(db, projectId)).subtree(q.moduleId) : undefined,
    caseId: q.caseId,
    caseLevel: q.caseLevel ?? q.params?.caseLevel,
    planItemState: q.planItemState,
    planItemResult: q.planItemResult,
    updateById: q.updateById,
    caseName: q.params?.caseName,
    updatedFrom: q.params?.beginUpdateTime,
    updatedTo: q.params?.endUpdateTime,
  };
}

const ITEM_COLUMNS: SheetColumn[] = [
  { key: 'caseNum', header: { zh_CN: '用例编号', en_US: 'Case ID' }, width: 10 },
  { key: 'caseName', header: { zh_CN: '用例名称', en_US: 'Case' }, width: 40 },
  { key: 'moduleName', header: { zh_CN: '交付物', en_US: 'Deliverable' }, width: 20 },
  { key: 'caseLevel', header: { zh_CN: '用例级别', en_US: 'Level' }, width: 8 },
  { key: 'state', header: { zh_CN: '计划子项状态', en_US: 'State' }, width: 12 },
  { key: 'updateBy', header: { zh_CN: '更新人', en_US: 'Updated by' }, width: 16 },
  { key: 'updateTime', header: { zh_CN: '更新时间', en_US: 'Updated' }, width: 20 },
  { key: 'defectIds', header: { zh_CN: '缺陷', en_US: 'Defects' }, width: 20 },
];

/** A plan's items (`/system/PlanItem`, the original's 1.0): listed, walked, given results, added and taken away. */
export function registerPlanItemRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/PlanItem/list', {
    guard: runOrEdit,
    query: planItemListQuery,
    scope: ({ query }) => inPlan(query.planId),
    output: planItem,
    handler: async (ctx) => {
      const q = ctx.query;
      const order = orderOf(q, ITEM_SORT, ['c.caseNum', 'desc']);
      const filter = await itemFilterOf(db, q, ctx.scoped.projectId);
      const { rows, total } = await listItems(db, filter, pageOf(q), order);
      return ctx.table(rows, total);
    },
  });

  // The cases a plan may take (the plan dialog's picker), each with its item in the plan named.
  r.get('/system/PlanItem/case/list', {
    guard: runOrEdit,
    query: pageQuery.extend({
      projectId: z.coerce.number().int().min(1).optional(),
      caseNum: z.coerce.number().int().min(1).optional(),
      caseName: z.string().trim().max(255).optional(),
      caseLevel: z.coerce.number().int().min(1).max(5).optional(),
      moduleId: z.coerce.number().int().min(0).optional(),
      params: z.object({ planId: z.string().max(36).optional() }).optional(),
    }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: testCase.extend({
      planItem: planItem.pick({ planItemId: true, planItemState: true, planItemResult: true }).nullable(),
    }),
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = ctx.scoped.projectId;
      const tree = await loadTree(db, projectId);
      const page = pageOf(q);
      const { rows, total } = await listCases(
        db,
        {
          projectId,
          caseName: q.caseNum ? String(q.caseNum) : q.caseName,
          caseLevel: q.caseLevel,
          ...(q.moduleId ? { moduleTree: q.moduleId } : {}),
        },
        tree,
        page.limit,
        page.offset,
        orderOf(q, CASE_SORT, ['c.caseNum', 'desc']),
      );
      const planId = q.params?.planId;
      const held =
        planId && planIdText.safeParse(planId).success
          ? await db
              .selectFrom('sysPlanItem as i')
              .innerJoin('sysPlan as p', 'p.planId', 'i.planId')
              .select(['i.caseId', 'i.planItemId', 'i.planItemState', 'i.planItemResult'])
              .where('i.planId', '=', planId)
              .where('p.projectId', '=', projectId)
              .where('i.caseId', 'in', rows.length > 0 ? rows.map((c) => c.caseId) : [-1])
              .execute()
          : [];
      const byCase = new Map(held.map((h) => [h.caseId, h]));
      const cases = await toCases(db, rows, tree);
      return ctx.table(
        cases.map((c) => ({ ...c, planItem: byCase.get(c.caseId) ?? null })),
        total,
      );
    },
  });

  r.get('/system/PlanItem/module/list', {
    guard: runOrEdit,
    query: z.object({
      projectId: z.coerce.number().int().min(1).optional(),
      planId: planIdText.optional(),
      modulePid: z.coerce.number().int().min(0).optional(),
      moduleName: z.string().trim().max(255).optional(),
    }),
    scope: ({ query }) =>
      query.planId ? inPlan(query.planId) : { kind: 'project', projectId: query.projectId },
    output: planModule,
    handler: async (ctx) => {
      const q = ctx.query;
      const tree = await loadTree(db, ctx.scoped.projectId);
      const modules = await countItemsByModule(db, q.planId, tree, q.modulePid ?? 0);
      const name = q.moduleName?.toLowerCase();
      return ctx.ok(name ? modules.filter((m) => m.moduleName.toLowerCase().includes(name)) : modules);
    },
  });

  r.post('/system/PlanItem/export', {
    guard: authenticated,
    query: planItemListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const q = ctx.query;
      const plan = await db
        .selectFrom('sysPlan')
        .select('projectId')
        .where('planId', '=', q.planId)
        .executeTakeFirst();
      // A plan not found is refused as another project's would be.
      const projectId = await enterProjectWith(db, ctx.me, plan?.projectId ?? 0, 'system:plan:export');
      const filter = await itemFilterOf(db, q, projectId);
      const { rows, total } = await listItems(db, filter, { limit: EXPORT_MAX_ROWS, offset: 0 }, [
        'c.caseNum',
        'asc',
      ]);
      if (total > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const wb = await buildWorkbook(
        ctx.t('excel.plan-item.sheet'),
        ITEM_COLUMNS,
        rows.map((i) => ({
          caseNum: i.caseNum,
          caseName: i.caseName,
          moduleName: i.moduleName,
          caseLevel: i.caseLevel,
          updateBy: i.updateBy,
          updateTime: i.updateTime,
          state: ctx.t(`plan.item.state.${i.planItemResult ?? i.planItemState}`),
          defectIds: i.defectIds.join(','),
        })),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.plan-item.export-file')}.xlsx`);
    },
  });

  for (const direction of ['prev', 'next'] as const) {
    r.get(`/system/PlanItem/:planItemId/${direction}`, {
      guard: runOrEdit,
      params: itemParam,
      query: planItemListQuery.partial({ planId: true }),
      scope: ({ params }) => ({ kind: 'item', item: 'planItem', id: params.planItemId }),
      output: planItem,
      handler: async (ctx) => {
        const from = await findItem(db, ctx.params.planItemId);
        if (!from) throw new AppError('plan.item.not-found');
        const q = { ...ctx.query, planId: from.planId };
        const filter = await itemFilterOf(db, q, ctx.scoped.projectId);
        const isDescending = q.isAsc === 'desc' || q.isAsc === 'descending';
        return ctx.ok(await neighbourItem(db, filter, from, direction, isDescending));
      },
    });
  }

  r.get('/system/PlanItem/:planItemId/results', {
    guard: runOrEdit,
    params: itemParam,
    scope: ({ params }) => ({ kind: 'item', item: 'planItem', id: params.planItemId }),
    output: planItemResultEntry,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysPlanItemResult as r')
        .leftJoin('sysUser as u', 'u.userId', 'r.createById')
        .selectAll('r')
        .select('u.nickName as createBy')
        .where('r.planItemId', '=', ctx.params.planItemId)
        .orderBy('r.resultId', 'desc')
        .execute();
      return ctx.ok(rows);
    },
  });

  r.get('/system/PlanItem/:planItemId', {
    guard: runOrEdit,
    params: itemParam,
    scope: ({ params }) => ({ kind: 'item', item: 'planItem', id: params.planItemId }),
    output: planItem,
    handler: async (ctx) => {
      const found = await findItem(db, ctx.params.planItemId);
      if (!found) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      return ctx.ok(found);
    },
  });

  r.post('/system/PlanItem', {
    guard: runOrEdit,
    body: planItemCreateBody,
    scope: ({ body }) => ({ ...inPlan(body.planId), isWrite: true }),
    output: planItem,
    handler: async (ctx) =>
      ctx.ok(await findItem(db, await addItem(db, ctx.me.userId, ctx.scoped.projectId, ctx.body))),
  });

  r.put('/system/PlanItem', {
    guard: runOrEdit,
    body: planItemUpdateBody,
    // Named with its plan (as the run view sends it), an item whose case was deleted or taken out
    // of the plan is refused with that reason (plan.item.not-found) rather than as unknown.
    scope: ({ body }) =>
      body.planId
        ? { ...inPlan(body.planId), isWrite: true }
        : {
            kind: 'item',
            item: 'planItem',
            id: body.params?.planItemIds ?? (body.planItemId as string),
            isWrite: true,
          },
    handler: async (ctx) => {
      const { updated, retested } = await updateItems(db, ctx.me.userId, ctx.scoped.projectId, ctx.body);
      const defects = await retestOutcome(
        r.deps,
        ctx.me,
        ctx.scoped,
        ctx.scoped.projectId,
        retested,
        ctx.body.planItemState ?? 'unexecuted',
        ctx.body,
        ctx.t,
      );
      return ctx.ok({ updated, ...(defects.length > 0 ? { defects } : {}) });
    },
  });

  r.delete('/system/PlanItem/:planItemIds', {
    guard: runOrEdit,
    params: z.object({ planItemIds: z.string().max(40_000) }),
    scope: ({ params }) => ({
      kind: 'item',
      item: 'planItem',
      id: parsePlanIds(params.planItemIds),
      isWrite: true,
    }),
    handler: async (ctx) => {
      const ids = parsePlanIds(ctx.params.planItemIds);
      const result = await db.transaction().execute(async (trx) => {
        const plans = await trx
          .selectFrom('sysPlanItem')
          .select('planId')
          .where('planItemId', 'in', ids)
          .execute();
        const removed = await trx.deleteFrom('sysPlanItem').where('planItemId', 'in', ids).executeTakeFirst();
        await trx
          .updateTable('sysPlan')
          .set({ updateById: ctx.me.userId, updateTime: formatDateTime() })
          .where('planId', 'in', [...new Set(plans.map((p) => p.planId))])
          .execute();
        return Number(removed.numDeletedRows);
      });
      return ctx.ok({ removed: result });
    },
  });
}
