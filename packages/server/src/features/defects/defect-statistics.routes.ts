import { DEFECT_STATE_NAMES, DEFECT_TYPES } from '@buglet/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';

const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });

/** Midnight today and midnight of this week's Monday, in the stored text format. */
export function periodStarts(now = new Date()): { today: string; week: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const monday = new Date(midnight);
  monday.setDate(midnight.getDate() - ((midnight.getDay() + 6) % 7));
  return { today: formatDateTime(midnight), week: formatDateTime(monday) };
}

function scoped(db: Db, projectId: number, mineOf: number | undefined) {
  let q = db.selectFrom('sysDefect as d').where('d.projectId', '=', projectId).where('d.isDeleted', '=', 0);
  if (mineOf !== undefined) {
    // "Mine": defects I created or follow (counted once each).
    q = q.where((eb) =>
      eb.or([
        eb('d.createById', '=', mineOf),
        eb.exists(
          eb
            .selectFrom('sysUserDefect as ud')
            .select('ud.defectId')
            .whereRef('ud.defectId', '=', 'd.defectId')
            .where('ud.userId', '=', mineOf)
            .where('ud.collect', '=', 1),
        ),
      ]),
    );
  }
  return q;
}

/** The statistics panels of the defect page: counts by type, and by state with today's and this week's changes. */
export function registerDefectStatisticRoutes(r: Router): void {
  const { db } = r.deps;

  for (const isMine of [false, true]) {
    const suffix = isMine ? '/my' : '';
    r.get(`/system/defect/statistic/type/:projectId${suffix}`, {
      guard: perm('system:defect:query'),
      params: projectParam,
      scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
      handler: async (ctx) => {
        const rows = await scoped(db, ctx.params.projectId, isMine ? ctx.me.userId : undefined)
          .select(['d.defectType', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('d.defectType')
          .execute();
        const count = new Map(rows.map((x) => [x.defectType, Number(x.n)]));
        return ctx.ok(DEFECT_TYPES.map((k, i) => ({ k, v: count.get(i) ?? 0 })));
      },
    });

    r.get(`/system/defect/statistic/state/:projectId${suffix}`, {
      guard: perm('system:defect:query'),
      params: projectParam,
      scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
      handler: async (ctx) => {
        const { today, week } = periodStarts();
        const rows = await scoped(db, ctx.params.projectId, isMine ? ctx.me.userId : undefined)
          .select([
            'd.defectState',
            (eb) => eb.fn.countAll<number>().as('a'),
            sql<number>`sum(case when d.update_time >= ${today} then 1 else 0 end)`.as('d'),
            sql<number>`sum(case when d.update_time >= ${week} then 1 else 0 end)`.as('w'),
          ])
          .groupBy('d.defectState')
          .execute();
        const byState = new Map(rows.map((x) => [x.defectState, x]));
        return ctx.ok(
          DEFECT_STATE_NAMES.map((k, id) => {
            const x = byState.get(id);
            return { id, k, a: Number(x?.a ?? 0), d: Number(x?.d ?? 0), w: Number(x?.w ?? 0) };
          }),
        );
      },
    });
  }
}
