import { DEFECT_STATE_NAMES, DefectState } from '@buglet/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, type SheetColumn, sendWorkbook } from '../../lib/xlsx.ts';

const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });
const timeQuery = z.object({
  timeType: z.enum(['day', 'month'], { error: 'statistic.time-type' }).default('day'),
});
const OPEN_STATES = [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED] as const;
const DAY_MS = 86_400_000;

/** The periods of a line: the last 30 days, or the last 12 months, oldest first, ending now. */
export function periodsOf(timeType: 'day' | 'month', now = new Date()): string[] {
  if (timeType === 'month')
    return Array.from({ length: 12 }, (_, i) =>
      formatDateTime(new Date(now.getFullYear(), now.getMonth() - 11 + i, 1)).slice(0, 7),
    );
  return Array.from({ length: 30 }, (_, i) =>
    formatDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29 + i)).slice(0, 10),
  );
}

/** The text prefix of a stored time that names its period (`yyyy-MM-dd` or `yyyy-MM`). */
const periodOf = (timeType: 'day' | 'month', column: string) =>
  // A literal length: a bound one would make PostgreSQL see the grouped and the selected
  // expressions as different ones.
  sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(timeType === 'month' ? 7 : 10)})`;

/** Defects by state and period of their last change (1.0's defect-state-line). */
export async function stateLine(db: Db, projectId: number, timeType: 'day' | 'month') {
  const periods = periodsOf(timeType);
  const rows = await db
    .selectFrom('sysDefect as d')
    .select([
      periodOf(timeType, 'd.update_time').as('period'),
      'd.defectState',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('d.projectId', '=', projectId)
    .where('d.isDeleted', '=', 0)
    .where('d.updateTime', '>=', periods[0] as string)
    .groupBy([periodOf(timeType, 'd.update_time'), 'd.defectState'])
    .execute();
  const at = new Map(periods.map((p, i) => [p, i]));
  const states = DEFECT_STATE_NAMES.map((name, defectState) => ({
    defectState,
    defectStateName: name,
    counts: periods.map(() => 0),
  })).filter((s) => s.defectState !== DefectState.RESOLVED);
  for (const r of rows) {
    const i = at.get(r.period);
    const line = states.find((s) => s.defectState === r.defectState);
    if (i !== undefined && line) line.counts[i] = Number(r.n);
  }
  return { timeType, times: periods, states };
}

/** Distinct defects each member acted on per period, from the history (1.0's member-defect-line). */
export async function memberLine(db: Db, projectId: number, timeType: 'day' | 'month') {
  const periods = periodsOf(timeType);
  const [members, rows] = await Promise.all([
    db
      .selectFrom('sysUserProject as up')
      .innerJoin('sysUser as u', 'u.userId', 'up.userId')
      .select(['u.userId', 'u.userName', 'u.nickName'])
      .where('up.projectId', '=', projectId)
      .where('u.delFlag', '=', '0')
      .orderBy('u.userId')
      .execute(),
    db
      .selectFrom('sysDefectLog as l')
      .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
      .select([
        'l.createById',
        periodOf(timeType, 'l.create_time').as('period'),
        (eb) => eb.fn.count<number>('l.defectId').distinct().as('n'),
      ])
      .where('d.projectId', '=', projectId)
      .where('l.createTime', '>=', periods[0] as string)
      .groupBy(['l.createById', periodOf(timeType, 'l.create_time')])
      .execute(),
  ]);
  const at = new Map(periods.map((p, i) => [p, i]));
  const lines = members.map((m) => ({ ...m, counts: periods.map(() => 0) }));
  for (const r of rows) {
    const i = at.get(r.period);
    const line = lines.find((m) => m.userId === r.createById);
    if (i !== undefined && line) line.counts[i] = Number(r.n);
  }
  return { timeType, times: periods, members: lines };
}

/** A line as a sheet: one row per period, one column per series. */
export function lineSheet(
  times: string[],
  series: { name: string; counts: number[] }[],
  periodLabel: string,
) {
  // The headers are already in the reader's language (the series are names and states).
  const both = (text: string) => ({ zh_CN: text, en_US: text });
  const columns: SheetColumn<string>[] = [
    { key: 'period', header: both(periodLabel), width: 14 },
    ...series.map((s, i) => ({ key: `s${i}`, header: both(s.name), width: 14 })),
  ];
  const rows = times.map((time, at) =>
    Object.fromEntries([['period', time], ...series.map((s, i) => [`s${i}`, s.counts[at] ?? 0])]),
  );
  return { columns, rows };
}

/**
 * 1.0's statistics v2 (§13.6) for the defect page's panels and the project dashboard: who has
 * how much open, how active the caller was, and the state and member lines by day or month.
 */
export function registerDefectTrendRoutes(r: Router): void {
  const { db } = r.deps;

  /** Each member's open defects (handled by them), by state. */
  const workload = async (projectId: number, userId?: number) => {
    let q = db
      .selectFrom('sysDefectHandlerTally as t')
      .innerJoin('sysUser as u', 'u.userId', 't.userId')
      .select(['u.userId', 'u.userName', 'u.nickName', 'u.avatar', 't.defectState', 't.n'])
      .where('t.projectId', '=', projectId)
      .where('t.defectState', 'in', [...OPEN_STATES])
      .where('t.n', '>', 0);
    if (userId !== undefined) q = q.where('t.userId', '=', userId);
    const byUser = new Map<
      number,
      { userId: number; userName: string; nickName: string; avatar: string | null } & Record<
        'processing' | 'audit' | 'rejected' | 'total',
        number
      >
    >();
    for (const row of await q.execute()) {
      const entry = byUser.get(row.userId) ?? {
        userId: row.userId,
        userName: row.userName,
        nickName: row.nickName,
        avatar: row.avatar,
        processing: 0,
        audit: 0,
        rejected: 0,
        total: 0,
      };
      const n = Number(row.n);
      if (row.defectState === DefectState.PROCESSING) entry.processing += n;
      else if (row.defectState === DefectState.AUDIT) entry.audit += n;
      else entry.rejected += n;
      entry.total += n;
      byUser.set(row.userId, entry);
    }
    return [...byUser.values()].sort((a, b) => b.total - a.total || a.userId - b.userId);
  };

  r.get('/system/defect/statistic/open-workload/:projectId', {
    guard: perm('system:defect:query'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => ctx.ok((await workload(ctx.params.projectId)).slice(0, 5)),
  });

  r.get('/system/defect/statistic/open-workload/:projectId/my', {
    guard: perm('system:defect:query'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => {
      const [mine] = await workload(ctx.params.projectId, ctx.me.userId);
      return ctx.ok({
        processing: mine?.processing ?? 0,
        audit: mine?.audit ?? 0,
        rejected: mine?.rejected ?? 0,
        total: mine?.total ?? 0,
      });
    },
  });

  r.get('/system/defect/statistic/participation/:projectId/my', {
    guard: perm('system:defect:query'),
    params: projectParam,
    // 30 days unless asked; fewer than 14 or more than 90 are taken as 14 or 90.
    query: z.object({ days: z.coerce.number().int().optional() }),
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => {
      const days = Math.min(90, Math.max(14, ctx.query.days ?? 30));
      const now = new Date();
      const dates = Array.from({ length: days }, (_, i) =>
        formatDateTime(new Date(now.getTime() - (days - 1 - i) * DAY_MS)).slice(0, 10),
      );
      const rows = await db
        .selectFrom('sysDefectLog as l')
        .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
        .select([periodOf('day', 'l.create_time').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('d.projectId', '=', ctx.params.projectId)
        .where('l.createById', '=', ctx.me.userId)
        .where('l.createTime', '>=', `${dates[0]} 00:00:00`)
        .groupBy(periodOf('day', 'l.create_time'))
        .execute();
      const count = new Map(rows.map((r) => [r.day, Number(r.n)]));
      return ctx.ok(dates.map((date) => ({ date, count: count.get(date) ?? 0 })));
    },
  });

  type Series = { name: string; counts: number[] };
  const lines: Array<{
    path: string;
    sheet: MessageKey;
    /** The line's answer, and its series named for a sheet in the reader's language. */
    load: (
      projectId: number,
      timeType: 'day' | 'month',
      t: (key: MessageKey) => string,
    ) => Promise<{ answer: { times: string[] }; series: Series[] }>;
  }> = [
    {
      path: 'defect-state-line',
      sheet: 'statistic.state-line.sheet',
      load: async (projectId, timeType, t) => {
        const answer = await stateLine(db, projectId, timeType);
        const series = answer.states.map((x) => ({
          name: t(`defect.state.${x.defectState}` as MessageKey),
          counts: x.counts,
        }));
        return { answer, series };
      },
    },
    {
      path: 'member-defect-line',
      sheet: 'statistic.member-line.sheet',
      load: async (projectId, timeType) => {
        const answer = await memberLine(db, projectId, timeType);
        return {
          answer,
          series: answer.members.map((m) => ({ name: m.nickName || m.userName, counts: m.counts })),
        };
      },
    },
  ];
  for (const line of lines) {
    r.get(`/system/defect/statistic/${line.path}/:projectId`, {
      guard: perm('system:defect:query'),
      params: projectParam,
      query: timeQuery,
      scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
      handler: async (ctx) =>
        ctx.ok((await line.load(ctx.params.projectId, ctx.query.timeType, ctx.t)).answer),
    });

    r.post(`/system/defect/statistic/${line.path}/:projectId/export`, {
      guard: perm('system:defect:query'),
      params: projectParam,
      query: timeQuery,
      isQueryAlsoInBody: true,
      scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
      handler: async (ctx) => {
        const { timeType } = ctx.query;
        const { answer, series } = await line.load(ctx.params.projectId, timeType, ctx.t);
        const period = ctx.t(timeType === 'month' ? 'statistic.month' : 'statistic.day');
        const { columns, rows } = lineSheet(answer.times, series, period);
        const wb = await buildWorkbook(ctx.t(line.sheet), columns, rows, ctx.lang);
        return sendWorkbook(ctx.reply, wb, `${ctx.t(line.sheet)}.xlsx`);
      },
    });
  }
}
