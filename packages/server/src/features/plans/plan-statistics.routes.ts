import {
  burndownPoint,
  planChoice,
  planIdText,
  planMetricsItem,
  planSummary,
  ResultCode,
} from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { burndown, METRICS_PLANS, metricsItems } from './plan-statistics.ts';
import { findPlan, listPlans } from './plans.repository.ts';

const planParam = z.object({ planId: planIdText });

/**
 * The plans' statistics of 1.0 (§13.6, `/system/defect/statistic/plan…`, read with the defect
 * statistics' permission): the plan picker, a plan's burndown and countdown summary, and the
 * quality metrics of the latest plans for the radar.
 */
export function registerPlanStatisticRoutes(r: Router): void {
  const { db } = r.deps;

  r.get('/system/defect/statistic/plan/list', {
    guard: perm('system:defect:query'),
    query: z.object({ projectId: z.coerce.number().int().min(1) }),
    scope: ({ query }) => ({ kind: 'project', projectId: query.projectId }),
    output: planChoice,
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysPlan')
        .select(['planId', 'planName'])
        .where('projectId', '=', ctx.scoped.projectId)
        .orderBy('createTime', 'desc')
        .orderBy('planNumber', 'desc')
        .execute();
      return ctx.ok(rows);
    },
  });

  const onePlan = async (planId: string) => {
    const found = await findPlan(db, planId);
    if (!found) throw new AppError('project.no-permission', [], ResultCode.forbidden);
    return found;
  };

  r.get('/system/defect/statistic/plan/:planId/burndown', {
    guard: perm('system:defect:query'),
    params: planParam,
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: params.planId }),
    output: burndownPoint,
    handler: async (ctx) => {
      const plan = await db
        .selectFrom('sysPlan')
        .select(['planId', 'planEndTime'])
        .where('planId', '=', ctx.params.planId)
        .executeTakeFirst();
      if (!plan) throw new AppError('project.no-permission', [], ResultCode.forbidden);
      return ctx.ok(await burndown(db, plan));
    },
  });

  r.get('/system/defect/statistic/plan/:planId/summary', {
    guard: perm('system:defect:query'),
    params: planParam,
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: params.planId }),
    output: planSummary,
    handler: async (ctx) => {
      const p = await onePlan(ctx.params.planId);
      return ctx.ok({
        planId: p.planId,
        planName: p.planName,
        planEndTime: p.planEndTime,
        itemTotal: p.itemTotal,
        unexecutedCount: p.unexecutedCount,
        passCount: p.passCount,
        defectCount: p.defectCount,
        defectCloseStateCount: p.defectCloseStateCount,
      });
    },
  });

  r.get('/system/defect/statistic/plan-metrics/:projectId', {
    guard: perm('system:defect:query'),
    params: z.object({ projectId: z.coerce.number().int().min(1) }),
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    output: planMetricsItem,
    handler: async (ctx) => {
      const { rows } = await listPlans(
        db,
        ctx.scoped.projectId,
        { projectId: ctx.scoped.projectId },
        { limit: METRICS_PLANS, offset: 0 },
        ['p.updateTime', 'desc'],
      );
      return ctx.ok(metricsItems(rows));
    },
  });
}
