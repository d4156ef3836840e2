import {
  plan,
  planCreateBody,
  planIdText,
  planListQuery,
  planUpdateBody,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { enterProjectWith, registerItemKind } from '../../access/scope.ts';
import { AppError } from '../../http/errors.ts';
import { authenticated, perm } from '../../http/permission.ts';
import { MAX_IDS, orderOf, pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';
import { registerPlanDefectRoutes } from './plan-defects.routes.ts';
import {
  findPlan,
  findPlanItemProjectIds,
  findPlanProjectIds,
  listAllItems,
  listPlans,
  listPlansForExport,
  PLAN_SORT,
} from './plans.repository.ts';
import { copyPlan, createPlan, deletePlans, updatePlan } from './plans.service.ts';

declare module '../../access/scope.ts' {
  interface ItemKinds {
    plan: string;
    planItem: string;
  }
}

/** `id1,id2` of plans or items: UUIDs, at most a page's worth. */
export function parsePlanIds(text: string): string[] {
  const ids = text.split(',').map((s) => s.trim());
  if (ids.length > MAX_IDS) throw new AppError('request.ids.too-many', [MAX_IDS]);
  if (ids.some((id) => !planIdText.safeParse(id).success)) throw new AppError('request.ids.invalid', [text]);
  return [...new Set(ids)];
}

const planParam = z.object({ planId: planIdText });

const PLAN_COLUMNS: SheetColumn[] = [
  { key: 'planNumber', header: { zh_CN: '编号', en_US: 'ID' }, width: 8 },
  { key: 'planName', header: { zh_CN: '测试计划名称', en_US: 'Plan name' }, width: 36 },
  { key: 'planVersion', header: { zh_CN: '测试默认版本', en_US: 'Version' }, width: 16 },
  { key: 'planStartTime', header: { zh_CN: '计划开始时间', en_US: 'Starts' }, width: 20 },
  { key: 'planEndTime', header: { zh_CN: '计划结束时间', en_US: 'Ends' }, width: 20 },
  { key: 'itemTotal', header: { zh_CN: '用例数', en_US: 'Cases' }, width: 10 },
  { key: 'passCount', header: { zh_CN: '通过', en_US: 'Passed' }, width: 10 },
  { key: 'failCount', header: { zh_CN: '未通过', en_US: 'Failed' }, width: 10 },
  { key: 'unexecutedCount', header: { zh_CN: '未执行', en_US: 'Not run' }, width: 10 },
  { key: 'defectCount', header: { zh_CN: '缺陷数', en_US: 'Defects' }, width: 10 },
  { key: 'updateBy', header: { zh_CN: '更新人', en_US: 'Updated by' }, width: 16 },
  { key: 'updateTime', header: { zh_CN: '更新时间', en_US: 'Updated' }, width: 20 },
  { key: 'remark', header: { zh_CN: '备注', en_US: 'Remark' }, width: 40 },
];

/** Test plans (`/system/plan`, the original's 1.0): a project's plans with their metrics, copied, changed, deleted. */
export function registerPlanRoutes(r: Router): void {
  const { db } = r.deps;
  registerItemKind('plan', findPlanProjectIds);
  registerItemKind('planItem', findPlanItemProjectIds);

  r.get('/system/plan/list', {
    guard: perm('system:plan:list'),
    query: planListQuery,
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: plan,
    handler: async (ctx) => {
      const order = orderOf(ctx.query, PLAN_SORT, ['p.createTime', 'desc']);
      const { rows, total } = await listPlans(db, ctx.scoped.projectId, ctx.query, pageOf(ctx.query), order);
      return ctx.table(rows, total);
    },
  });

  r.post('/system/plan/export', {
    guard: authenticated,
    query: planListQuery,
    isQueryAlsoInBody: true,
    handler: async (ctx) => {
      const projectId = await enterProjectWith(db, ctx.me, ctx.query.projectId, 'system:plan:export');
      const rows = await listPlansForExport(db, projectId, ctx.query, EXPORT_MAX_ROWS + 1);
      if (rows.length > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
      const wb = await buildWorkbook(
        ctx.t('excel.plan.sheet'),
        PLAN_COLUMNS,
        rows.map(({ sysPlanItemList: _items, ...p }) => p),
        ctx.lang,
      );
      return sendWorkbook(ctx.reply, wb, `${ctx.t('excel.plan.export-file')}.xlsx`);
    },
  });

  r.get('/system/plan/:planId', {
    guard: perm('system:plan:query', 'system:plan:list'),
    params: planParam,
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: params.planId }),
    output: plan,
    handler: async (ctx) => {
      const found = await findPlan(db, ctx.params.planId);
      if (!found) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      return ctx.ok({ ...found, sysPlanItemList: await listAllItems(db, found.planId) });
    },
  });

  r.post('/system/plan', {
    guard: perm('system:plan:add'),
    body: planCreateBody,
    scope: ({ body }) => ({ kind: 'project', projectId: body.projectId, isWrite: true }),
    output: plan,
    handler: async (ctx) => ctx.ok(await findPlan(db, await createPlan(db, ctx.me.userId, ctx.body))),
  });

  r.post('/system/plan/:planId/copy', {
    guard: perm('system:plan:add'),
    params: planParam,
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: params.planId, isWrite: true }),
    output: plan,
    handler: async (ctx) => {
      const planId = await copyPlan(db, ctx.me.userId, ctx.params.planId, ctx.t('plan.copy-suffix'));
      return ctx.ok(await findPlan(db, planId));
    },
  });

  r.put('/system/plan', {
    guard: perm('system:plan:edit'),
    body: planUpdateBody,
    scope: ({ body }) => ({ kind: 'item', item: 'plan', id: body.planId, isWrite: true }),
    output: plan,
    handler: async (ctx) => {
      await updatePlan(db, ctx.me.userId, ctx.body);
      return ctx.ok(await findPlan(db, ctx.body.planId));
    },
  });

  r.delete('/system/plan/:planIds', {
    guard: perm('system:plan:remove'),
    params: z.object({ planIds: z.string().max(40_000) }),
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: parsePlanIds(params.planIds), isWrite: true }),
    handler: async (ctx) => ctx.ok({ removed: await deletePlans(db, parsePlanIds(ctx.params.planIds)) }),
  });

  registerPlanDefectRoutes(r);
}
