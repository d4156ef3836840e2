import { DEFECT_STATE_NAMES, DEFECT_TYPES, DefectState, pageQuery } from '@buglet/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { perm } from '../../http/permission.ts';
import { pageOf } from '../../http/query.ts';
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

/** Live defects by type or by state, from the tally the triggers keep (migration 009). */
async function tally(db: Db, projectId: number, by: 'defectType' | 'defectState') {
  const rows = await db
    .selectFrom('sysDefectTally')
    .select([by, (eb) => eb.fn.sum<number>('n').as('n')])
    .where('projectId', '=', projectId)
    .groupBy(by)
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) })) as ({ n: number } & Record<typeof by, number>)[];
}

/**
 * The statistics panels of the defect page: counts by type; by state with today's and this week's
 * changes; the deliverable ranking; each member's defects by state.
 */
export function registerDefectStatisticRoutes(r: Router): void {
  const { db } = r.deps;

  for (const isMine of [false, true]) {
    const suffix = isMine ? '/my' : '';
    r.get(`/system/defect/statistic/type/:projectId${suffix}`, {
      guard: perm('system:defect:query'),
      params: projectParam,
      scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
      handler: async (ctx) => {
        const rows = isMine
          ? await scoped(db, ctx.params.projectId, ctx.me.userId)
              .select(['d.defectType', (eb) => eb.fn.countAll<number>().as('n')])
              .groupBy('d.defectType')
              .execute()
          : await tally(db, ctx.params.projectId, 'defectType');
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
        const mineOf = isMine ? ctx.me.userId : undefined;
        // Totals from the tally (all) or a count (mine); the changes only read this week's rows.
        const [totals, recent] = await Promise.all([
          isMine
            ? scoped(db, ctx.params.projectId, mineOf)
                .select(['d.defectState', (eb) => eb.fn.countAll<number>().as('n')])
                .groupBy('d.defectState')
                .execute()
            : tally(db, ctx.params.projectId, 'defectState'),
          scoped(db, ctx.params.projectId, mineOf)
            .where('d.updateTime', '>=', week)
            .select([
              'd.defectState',
              sql<number>`sum(case when d.update_time >= ${today} then 1 else 0 end)`.as('d'),
              (eb) => eb.fn.countAll<number>().as('w'),
            ])
            .groupBy('d.defectState')
            .execute(),
        ]);
        const total = new Map(totals.map((x) => [x.defectState, Number(x.n)]));
        const byState = new Map(recent.map((x) => [x.defectState, x]));
        return ctx.ok(
          DEFECT_STATE_NAMES.map((k, id) => {
            const x = byState.get(id);
            return { id, k, a: total.get(id) ?? 0, d: Number(x?.d ?? 0), w: Number(x?.w ?? 0) };
          }),
        );
      },
    });
  }

  r.get('/system/defect/statistic/module/:projectId', {
    guard: perm('system:defect:query'),
    params: projectParam,
    query: pageQuery,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => {
      const rows = await db
        .selectFrom('sysDefect as d')
        .leftJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
        .select([
          'd.moduleId',
          'm.moduleName',
          (eb) => eb.fn.countAll<number>().as('a'),
          sql<number>`sum(case when d.defect_state in (${DefectState.RESOLVED}, ${DefectState.CLOSED}) then 1 else 0 end)`.as(
            'f',
          ),
        ])
        .where('d.projectId', '=', ctx.params.projectId)
        .where('d.isDeleted', '=', 0)
        .groupBy(['d.moduleId', 'm.moduleName'])
        .execute();
      // Least finished first (the deliverables that need attention), then the busiest.
      const ranked = rows
        .map((x) => ({
          id: x.moduleId ?? 0,
          k: x.moduleName ?? ctx.t('module.none'),
          a: Number(x.a),
          f: Number(x.f),
        }))
        .sort((x, y) => x.f / x.a - y.f / y.a || y.a - x.a || x.id - y.id);
      const { limit, offset } = pageOf(ctx.query);
      return ctx.table(ranked.slice(offset, offset + limit), ranked.length);
    },
  });

  r.get('/system/defect/statistic/member/:projectId', {
    guard: perm('system:defect:query'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => {
      const projectId = ctx.params.projectId;
      const [members, counts] = await Promise.all([
        db
          .selectFrom('sysUserProject as up')
          .innerJoin('sysUser as u', 'u.userId', 'up.userId')
          .select(['u.userId', 'u.userName', 'u.nickName', 'u.avatar'])
          .where('up.projectId', '=', projectId)
          .where('u.delFlag', '=', '0')
          .execute(),
        // Kept by triggers (migration 036): no join over every handler row of the project.
        db
          .selectFrom('sysDefectHandlerTally')
          .select(['userId', 'defectState', 'n'])
          .where('projectId', '=', projectId)
          .where('n', '>', 0)
          .execute(),
      ]);
      const byUser = new Map<number, number[]>();
      for (const c of counts) {
        const states = byUser.get(c.userId) ?? [0, 0, 0, 0, 0];
        states[c.defectState] = Number(c.n);
        byUser.set(c.userId, states);
      }
      const out = members.map((m) => {
        const [processing = 0, audit = 0, resolved = 0, rejected = 0, closed = 0] =
          byUser.get(m.userId) ?? [];
        return {
          ...m,
          processing,
          audit,
          rejected,
          closed: closed + resolved,
          open: processing + audit + rejected,
        };
      });
      out.sort((x, y) => y.open - x.open || x.nickName.localeCompare(y.nickName));
      return ctx.ok(out);
    },
  });
}
