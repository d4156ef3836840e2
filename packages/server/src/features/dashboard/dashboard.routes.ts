import { DEFECT_STATE_NAMES, DefectState, DocType, planListQuery, ROLE_IDS } from '@buglet/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import { orderOf, pageOf } from '../../http/query.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { buildWorkbook, sendWorkbook } from '../../lib/xlsx.ts';
import { lineSheet, memberLine, stateLine } from '../defects/defect-trends.routes.ts';
import { burndown } from '../plans/plan-statistics.ts';
import { findPlan, listPlans, PLAN_SORT } from '../plans/plans.repository.ts';

const PERMI = 'system:dashboard:query';
const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });
const planParam = projectParam.extend({ planId: z.string().max(36) });
const timeQuery = z.object({
  timeType: z.enum(['day', 'month'], { error: 'statistic.time-type' }).default('day'),
});
const ACTION_TYPES = ['all', 'defect', 'case', 'plan', 'report', 'document'] as const;
/** Entries of the activity feed, newest first. */
const ACTIONS_MAX = 50;

async function countOf(db: Db, table: 'sysCase' | 'sysModule' | 'sysReport', projectId: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The defects by state from the tally kept by triggers (migration 009): no count of the defects themselves. */
async function defectSummary(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysDefectTally')
    .select(['defectState', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('projectId', '=', projectId)
    .groupBy('defectState')
    .execute();
  const of = (...states: number[]) =>
    rows.filter((r) => states.includes(r.defectState)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total: of(0, 1, 2, 3, 4),
    // Waiting for the handler (pending or rejected back to them), for a reviewer, and done.
    pendingCount: of(DefectState.PROCESSING, DefectState.REJECTED),
    verifyCount: of(DefectState.AUDIT),
    closedCount: of(DefectState.CLOSED, DefectState.RESOLVED),
  };
}

/** Members by their project role (one counted once, by the first of admin, tester, developer, outsider). */
async function memberSummary(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .leftJoin('sysUserProjectRole as r', 'r.userProjectId', 'up.userProjectId')
    .select(['up.userId', 'r.roleId'])
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .execute();
  const roles = new Map<number, Set<number>>();
  for (const r of rows) {
    const held = roles.get(r.userId) ?? new Set<number>();
    if (r.roleId !== null) held.add(r.roleId);
    roles.set(r.userId, held);
  }
  const out = { total: roles.size, adminCount: 0, testCount: 0, developmentCount: 0, outsideCount: 0 };
  for (const held of roles.values()) {
    if (held.has(ROLE_IDS.projectAdmin) || held.has(ROLE_IDS.projectCreateBy)) out.adminCount += 1;
    else if (held.has(ROLE_IDS.projectTester)) out.testCount += 1;
    else if (held.has(ROLE_IDS.projectDevelop)) out.developmentCount += 1;
    else if (held.has(ROLE_IDS.projectOutsider)) out.outsideCount += 1;
  }
  return out;
}

/** Each member's defects acted on (history entries), today and in all, the busiest first. */
async function memberRanking(db: Db, projectId: number) {
  const today = formatDateTime().slice(0, 10);
  const rows = await db
    .selectFrom('sysDefectLog as l')
    .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
    .innerJoin('sysUser as u', 'u.userId', 'l.createById')
    .select([
      'u.userId',
      'u.nickName',
      'u.userName',
      'u.avatar',
      (eb) => eb.fn.count<number>('l.defectId').distinct().as('total'),
      sql<number>`count(distinct case when l.create_time >= ${`${today} 00:00:00`} then l.defect_id end)`.as(
        'today',
      ),
    ])
    .where('d.projectId', '=', projectId)
    .groupBy(['u.userId', 'u.nickName', 'u.userName', 'u.avatar'])
    .execute();
  return rows
    .map((r) => ({
      userId: r.userId,
      nickName: r.nickName,
      userName: r.userName,
      avatar: r.avatar,
      defectTotal: Number(r.total),
      defectTodayCount: Number(r.today),
    }))
    .sort(
      (a, b) =>
        b.defectTodayCount - a.defectTodayCount || b.defectTotal - a.defectTotal || a.userId - b.userId,
    );
}

interface Action {
  id: string;
  title: string;
  state: string | null;
  type: (typeof ACTION_TYPES)[number];
  time: string;
  actorId: number | null;
}

/** The latest of each kind of thing, newest first: the history of defects, and the last change of the rest. */
async function recentActions(db: Db, projectId: number, type: (typeof ACTION_TYPES)[number]) {
  const wants = (kind: Action['type']) => type === 'all' || type === kind;
  const loads: Array<Promise<Action[]>> = [];
  if (wants('defect'))
    loads.push(
      db
        .selectFrom('sysDefectLog as l')
        .innerJoin('sysDefect as d', 'd.defectId', 'l.defectId')
        .select([
          'd.defectId',
          'd.projectNum',
          'd.defectName',
          'd.defectState',
          'l.createTime',
          'l.createById',
        ])
        .where('d.projectId', '=', projectId)
        .where('d.isDeleted', '=', 0)
        .orderBy('l.createTime', 'desc')
        .orderBy('l.defectLogId', 'desc')
        .limit(ACTIONS_MAX)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: String(r.defectId),
            title: `#${r.projectNum} ${r.defectName}`,
            state: DEFECT_STATE_NAMES[r.defectState] ?? null,
            type: 'defect' as const,
            time: r.createTime,
            actorId: r.createById,
          })),
        ),
    );
  if (wants('case'))
    loads.push(
      db
        .selectFrom('sysCase')
        .select(['caseId', 'caseNum', 'caseName', 'updateTime', 'createById'])
        .where('projectId', '=', projectId)
        .orderBy('updateTime', 'desc')
        .limit(ACTIONS_MAX)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: String(r.caseId),
            title: `#${r.caseNum} ${r.caseName}`,
            state: null,
            type: 'case' as const,
            time: r.updateTime,
            actorId: r.createById,
          })),
        ),
    );
  if (wants('plan'))
    loads.push(
      db
        .selectFrom('sysPlan')
        .select(['planId', 'planNumber', 'planName', 'updateTime', 'updateById', 'createById'])
        .where('projectId', '=', projectId)
        .orderBy('updateTime', 'desc')
        .limit(ACTIONS_MAX)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: r.planId,
            title: `#${r.planNumber} ${r.planName}`,
            state: null,
            type: 'plan' as const,
            time: r.updateTime,
            actorId: r.updateById ?? r.createById,
          })),
        ),
    );
  if (wants('report'))
    loads.push(
      db
        .selectFrom('sysReport')
        .select(['reportId', 'reportTitle', 'reportTime', 'createById'])
        .where('projectId', '=', projectId)
        .orderBy('reportTime', 'desc')
        .limit(ACTIONS_MAX)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: String(r.reportId),
            title: r.reportTitle,
            state: null,
            type: 'report' as const,
            time: r.reportTime,
            actorId: r.createById,
          })),
        ),
    );
  if (wants('document'))
    loads.push(
      db
        .selectFrom('sysDocument')
        .select(['docId', 'docName', 'updateTime', 'updateById', 'createById'])
        .where('projectId', '=', projectId)
        .where('docType', '=', DocType.FILE)
        .orderBy('updateTime', 'desc')
        .limit(ACTIONS_MAX)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            id: String(r.docId),
            title: r.docName,
            state: null,
            type: 'document' as const,
            time: r.updateTime,
            actorId: r.updateById ?? r.createById,
          })),
        ),
    );
  const actions = (await Promise.all(loads))
    .flat()
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, ACTIONS_MAX);
  const ids = [...new Set(actions.flatMap((a) => (a.actorId === null ? [] : [a.actorId])))];
  const people = ids.length
    ? await db
        .selectFrom('sysUser')
        .select(['userId', 'nickName', 'userName', 'avatar'])
        .where('userId', 'in', ids)
        .execute()
    : [];
  const byId = new Map(people.map((p) => [p.userId, p]));
  // 1.0 groups them by day: `{actions: {<day's first millisecond>: [...]}}`, the latest day first.
  const byDay: Record<string, unknown[]> = {};
  for (const { actorId, ...a } of actions) {
    const day = String(new Date(`${a.time.slice(0, 10)}T00:00:00`).getTime());
    const who = actorId === null ? undefined : byId.get(actorId);
    const list = byDay[day] ?? [];
    list.push({
      ...a,
      nickName: who?.nickName ?? null,
      userName: who?.userName ?? null,
      avatar: who?.avatar ?? null,
    });
    byDay[day] = list;
  }
  return { actions: byDay };
}

/**
 * The project dashboard (1.0 §13.6, `/system/dashboard/{projectId}/…`, `system:dashboard:query`):
 * the summaries of cases, defects, deliverables, reports, documents and members; the defect state
 * and member lines by day or month with their exports; the members' ranking; the activity feed;
 * the plans with their burndowns.
 */
export function registerDashboardRoutes(r: Router): void {
  const { db } = r.deps;
  const inProject = ({ params }: { params: { projectId: number } }) => ({
    kind: 'project' as const,
    projectId: params.projectId,
  });
  const summaries: Array<[string, (projectId: number) => Promise<unknown>]> = [
    ['case', async (id) => ({ total: await countOf(db, 'sysCase', id) })],
    ['defect', (id) => defectSummary(db, id)],
    ['module', async (id) => ({ total: await countOf(db, 'sysModule', id) })],
    ['report', async (id) => ({ total: await countOf(db, 'sysReport', id) })],
    [
      'document',
      async (id) => {
        const row = await db
          .selectFrom('sysDocument')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('projectId', '=', id)
          .where('docType', '=', DocType.FILE)
          .executeTakeFirstOrThrow();
        return { total: Number(row.n) };
      },
    ],
    ['member', (id) => memberSummary(db, id)],
  ];
  for (const [name, load] of summaries)
    r.get(`/system/dashboard/:projectId/${name}`, {
      guard: perm(PERMI),
      params: projectParam,
      scope: inProject,
      handler: async (ctx) => ctx.ok(await load(ctx.params.projectId)),
    });

  // 1.0's shapes: the state line as `{data: {STATE: counts}, types, times}`, the member line as
  // `{time, data: [{nickName, userName, createTime, defectTodayCount}]}` (the periods with some).
  const stateAnswer = async (projectId: number, timeType: 'day' | 'month') => {
    const line = await stateLine(db, projectId, timeType);
    return {
      line,
      answer: {
        data: Object.fromEntries(line.states.map((s) => [s.defectStateName, s.counts])),
        types: DEFECT_STATE_NAMES,
        times: line.times,
      },
    };
  };
  const memberAnswer = async (projectId: number, timeType: 'day' | 'month') => {
    const line = await memberLine(db, projectId, timeType);
    return {
      line,
      answer: {
        time: line.times,
        data: line.members.flatMap((m) =>
          m.counts.flatMap((n, i) =>
            n > 0
              ? [
                  {
                    userId: m.userId,
                    nickName: m.nickName,
                    userName: m.userName,
                    createTime: line.times[i],
                    defectTodayCount: n,
                  },
                ]
              : [],
          ),
        ),
      },
    };
  };

  r.get('/system/dashboard/:projectId/defect-line', {
    guard: perm(PERMI),
    params: projectParam,
    query: timeQuery,
    scope: inProject,
    handler: async (ctx) => ctx.ok((await stateAnswer(ctx.params.projectId, ctx.query.timeType)).answer),
  });
  r.get('/system/dashboard/:projectId/member-defect-line', {
    guard: perm(PERMI),
    params: projectParam,
    query: timeQuery,
    scope: inProject,
    handler: async (ctx) => ctx.ok((await memberAnswer(ctx.params.projectId, ctx.query.timeType)).answer),
  });
  const exports: Array<
    [
      string,
      (
        id: number,
        type: 'day' | 'month',
        t: (k: MessageKey) => string,
      ) => Promise<{ times: string[]; series: { name: string; counts: number[] }[] }>,
      MessageKey,
      MessageKey,
    ]
  > = [
    [
      'defect-line',
      async (id, type, t) => {
        const { line } = await stateAnswer(id, type);
        return {
          times: line.times,
          series: line.states.map((s) => ({
            name: t(`defect.state.${s.defectState}` as MessageKey),
            counts: s.counts,
          })),
        };
      },
      'dashboard.defect-line.day',
      'dashboard.defect-line.month',
    ],
    [
      'member-defect-line',
      async (id, type) => {
        const { line } = await memberAnswer(id, type);
        return {
          times: line.times,
          series: line.members.map((m) => ({ name: m.nickName || m.userName, counts: m.counts })),
        };
      },
      'dashboard.member-defect-line.day',
      'dashboard.member-defect-line.month',
    ],
  ];
  for (const [name, load, daySheet, monthSheet] of exports)
    r.post(`/system/dashboard/:projectId/${name}/export`, {
      guard: perm(PERMI),
      params: projectParam,
      query: timeQuery,
      isQueryAlsoInBody: true,
      scope: inProject,
      handler: async (ctx) => {
        const { timeType } = ctx.query;
        const { times, series } = await load(ctx.params.projectId, timeType, ctx.t);
        const sheet = ctx.t(timeType === 'month' ? monthSheet : daySheet);
        const period = ctx.t(timeType === 'month' ? 'statistic.month' : 'statistic.day');
        const { columns, rows } = lineSheet(times, series, period);
        return sendWorkbook(ctx.reply, await buildWorkbook(sheet, columns, rows, ctx.lang), `${sheet}.xlsx`);
      },
    });

  r.get('/system/dashboard/:projectId/member-defect', {
    guard: perm(PERMI),
    params: projectParam,
    scope: inProject,
    handler: async (ctx) => ctx.ok(await memberRanking(db, ctx.params.projectId)),
  });

  r.get('/system/dashboard/:projectId/actions', {
    guard: perm(PERMI),
    params: projectParam,
    query: z.object({ type: z.enum(ACTION_TYPES, { error: 'dashboard.action-type' }).default('all') }),
    scope: inProject,
    handler: async (ctx) => ctx.ok(await recentActions(db, ctx.params.projectId, ctx.query.type)),
  });

  r.get('/system/dashboard/:projectId/plans', {
    guard: perm(PERMI),
    params: projectParam,
    query: planListQuery.omit({ projectId: true }),
    scope: inProject,
    handler: async (ctx) => {
      const order = orderOf(ctx.query, PLAN_SORT, ['p.updateTime', 'desc']);
      const { rows, total } = await listPlans(db, ctx.params.projectId, ctx.query, pageOf(ctx.query), order);
      return ctx.table(rows, total);
    },
  });

  const planOf = async (projectId: number, planId: string) => {
    const plan = await findPlan(db, planId);
    if (!plan || plan.projectId !== projectId) throw new AppError('plan.not-found');
    return plan;
  };
  r.get('/system/dashboard/:projectId/plan/:planId', {
    guard: perm(PERMI),
    params: planParam,
    scope: inProject,
    handler: async (ctx) => ctx.ok(await planOf(ctx.params.projectId, ctx.params.planId)),
  });
  r.get('/system/dashboard/:projectId/plan/:planId/burndown', {
    guard: perm(PERMI),
    params: planParam,
    scope: inProject,
    handler: async (ctx) => ctx.ok(await burndown(db, await planOf(ctx.params.projectId, ctx.params.planId))),
  });
}
