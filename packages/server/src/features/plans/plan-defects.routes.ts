import { defect, planIdText } from '@buglet/contracts';
import { z } from 'zod';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { DEFECT_SORT, defectRows, withFilters } from '../defects/defect-filter.ts';
import { keywordInText } from '../defects/defect-search.ts';
import { toDefects } from '../defects/defects.repository.ts';
import { defectFilterOf, defectListQuery } from '../defects/defects.routes.ts';
import { loadTree } from '../modules/modules.repository.ts';

/**
 * The defects raised from a plan's items (`GET /system/plan/{planId}/defect/list`), with the
 * defect list's filters; a deliverable takes its subtree, as the original's.
 */
export function registerPlanDefectRoutes(r: Router): void {
  const { db } = r.deps;
  r.get('/system/plan/:planId/defect/list', {
    guard: perm('system:plan:query', 'system:plan:list'),
    params: z.object({ planId: planIdText }),
    query: defectListQuery,
    scope: ({ params }) => ({ kind: 'item', item: 'plan', id: params.planId }),
    output: defect,
    handler: async (ctx) => {
      const q = ctx.query;
      const projectId = ctx.scoped.projectId;
      const { moduleId, ...rest } = await defectFilterOf(db, q, projectId, ctx.me.userId);
      let from = withFilters(
        defectRows(db).where((eb) =>
          eb(
            'd.defectId',
            'in',
            eb
              .selectFrom('sysPlanItemDefect as pd')
              .innerJoin('sysPlanItem as i', 'i.planItemId', 'pd.planItemId')
              .select('pd.defectId')
              .where('i.planId', '=', ctx.params.planId),
          ),
        ),
        db,
        rest,
      );
      if (moduleId) from = from.where('d.moduleId', 'in', (await loadTree(db, projectId)).subtree(moduleId));
      if (rest.keyword?.trim()) from = from.where(keywordInText(db, rest.keyword.trim()));
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, DEFECT_SORT, ['d.updateTime', 'desc']);
      const [rows, count] = await Promise.all([
        from
          .selectAll('d')
          .orderBy(order[0], order[1])
          .orderBy('d.defectId', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        from.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ctx.table(await toDefects(db, rows, ctx.me.userId), Number(count.n));
    },
  });
}
