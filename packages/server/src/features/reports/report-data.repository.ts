import {
  CASE_STATES,
  type CaseState,
  DEFECT_TYPES,
  DefectState,
  REPORT_LIST_LIMIT,
  REPORT_PLAN_FIELDS,
  REPORT_PROJECT_FIELDS,
  REPORT_TREND_DAYS,
  type ReportCase,
  type ReportCount,
  type ReportData,
  type ReportDefect,
  type ReportSource,
} from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { findPlan, listItems } from '../plans/plans.repository.ts';

/**
 * The data a report's directives draw on, computed by the database: totals from the defect
 * tally, lists cut at REPORT_LIST_LIMIT rows (newest change first), counts grouped in SQL. Only
 * the sources asked for are computed, so a report with two tables reads two lists.
 */
const OPEN_STATES = [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED];
/** Without `need`: the original's three parts (defects, members, cases). */
export const ORIGINAL_NEEDS: ReportSource[] = ['api.defect.list', 'api.case.list', 'api.member.all'];

async function projectOf(db: Db, projectId: number) {
  return db
    .selectFrom('sysProject')
    .select(REPORT_PROJECT_FIELDS)
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
}

async function defectTotals(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysDefectTally')
    .select(['defectType', 'defectState', 'n'])
    .where('projectId', '=', projectId)
    .execute();
  const total = rows.reduce((n, r) => n + Number(r.n), 0);
  const open = rows
    .filter((r) => OPEN_STATES.includes(r.defectState as never))
    .reduce((n, r) => n + Number(r.n), 0);
  return { rows, total, open };
}

async function defectRows(db: Db, projectId: number, openOnly: boolean): Promise<ReportDefect[]> {
  let query = db
    .selectFrom('sysDefect as d')
    .leftJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
    .select([
      'd.defectId',
      'd.projectNum',
      'd.defectType',
      'd.defectLevel',
      'd.defectState',
      'd.defectName',
      'd.defectDescribe',
      'm.moduleName',
      'd.moduleVersion',
      'd.createBy',
      'd.createTime',
      'd.updateBy',
      'd.updateTime',
      'd.planStartTime',
      'd.planEndTime',
      'd.imgUrls',
      'd.annexUrls',
    ])
    .where('d.projectId', '=', projectId)
    .where('d.isDeleted', '=', 0);
  if (openOnly) query = query.where('d.defectState', 'in', OPEN_STATES);
  const rows = await query.orderBy('d.updateTime', 'desc').limit(REPORT_LIST_LIMIT).execute();
  const handlers = new Map<number, string[]>();
  if (rows.length > 0) {
    const named = await db
      .selectFrom('sysDefectHandler as h')
      .innerJoin('sysUser as u', 'u.userId', 'h.userId')
      .select(['h.defectId', 'u.nickName'])
      .where(
        'h.defectId',
        'in',
        rows.map((r) => r.defectId),
      )
      .orderBy('h.position')
      .execute();
    for (const h of named) handlers.set(h.defectId, [...(handlers.get(h.defectId) ?? []), h.nickName]);
  }
  return rows.map((r) => ({
    ...r,
    defectType: DEFECT_TYPES[r.defectType] ?? 'BUG',
    handleBy: handlers.get(r.defectId) ?? [],
  }));
}

async function caseRows(db: Db, projectId: number): Promise<ReportCase[]> {
  const rows = await db
    .selectFrom('sysCase as c')
    .leftJoin('sysModule as m', 'm.moduleId', 'c.moduleId')
    .select([
      'c.caseId',
      'c.caseNum',
      'c.caseName',
      'm.moduleName',
      'c.caseLevel',
      'c.casePreconditions',
      'c.caseExpect',
      'c.caseStep',
      'c.caseState',
      'c.remark',
      'c.createBy',
      'c.createTime',
      'c.updateTime',
    ])
    .where('c.projectId', '=', projectId)
    .orderBy('c.caseNum', 'asc')
    .limit(REPORT_LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    ...r,
    caseState: (CASE_STATES as readonly string[]).includes(r.caseState)
      ? (r.caseState as CaseState)
      : 'untested',
    caseStep: parseSteps(r.caseStep),
  }));
}

function parseSteps(text: string): ReportCase['caseStep'] {
  try {
    const steps = JSON.parse(text) as unknown;
    if (!Array.isArray(steps)) return [];
    return steps.map((s: { stepDescribe?: unknown; stepExpect?: unknown }) => ({
      stepDescribe: String(s?.stepDescribe ?? ''),
      stepExpect: String(s?.stepExpect ?? ''),
    }));
  } catch {
    return [];
  }
}

const counted = (
  rows: { key: string | number | null; name?: string | null; n: number | string | bigint }[],
) =>
  rows
    .map((r): ReportCount => ({ key: String(r.key ?? ''), name: r.name ?? null, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count);

function liveDefects(db: Db, projectId: number) {
  return db.selectFrom('sysDefect as d').where('d.projectId', '=', projectId).where('d.isDeleted', '=', 0);
}

const STAT_LOADERS = {
  'api.defect.byLevel': (db: Db, projectId: number) =>
    liveDefects(db, projectId)
      .select(['d.defectLevel as key', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('d.defectLevel')
      .execute()
      .then(counted),
  'api.defect.byModule': (db: Db, projectId: number) =>
    liveDefects(db, projectId)
      .leftJoin('sysModule as m', 'm.moduleId', 'd.moduleId')
      .select(['d.moduleId as key', 'm.moduleName as name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['d.moduleId', 'm.moduleName'])
      .execute()
      .then(counted),
  'api.defect.byHandler': (db: Db, projectId: number) =>
    // The handler tally (migration 036), not a join over every handler row of the project.
    db
      .selectFrom('sysDefectHandlerTally as h')
      .innerJoin('sysUser as u', 'u.userId', 'h.userId')
      .select(['h.userId as key', 'u.nickName as name', (eb) => eb.fn.sum<number>('h.n').as('n')])
      .where('h.projectId', '=', projectId)
      .where('h.defectState', 'in', OPEN_STATES)
      .groupBy(['h.userId', 'u.nickName'])
      .having((eb) => eb.fn.sum('h.n'), '>', 0)
      .execute()
      .then(counted),
  'api.case.byState': (db: Db, projectId: number) =>
    db
      .selectFrom('sysCase')
      .select(['caseState as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('projectId', '=', projectId)
      .groupBy('caseState')
      .execute()
      .then(counted),
  'api.case.byModule': async (db: Db, projectId: number) => {
    const rows = await db
      .selectFrom('sysCase as c')
      .leftJoin('sysModule as m', 'm.moduleId', 'c.moduleId')
      .select(['c.moduleId', 'm.moduleName', 'c.caseState', (eb) => eb.fn.countAll<number>().as('n')])
      .where('c.projectId', '=', projectId)
      .groupBy(['c.moduleId', 'm.moduleName', 'c.caseState'])
      .execute();
    const byModule = new Map<
      string,
      { key: string; name: string | null; total: number; pass: number; fail: number; untested: number }
    >();
    for (const r of rows) {
      const key = String(r.moduleId ?? '');
      const row = byModule.get(key) ?? { key, name: r.moduleName, total: 0, pass: 0, fail: 0, untested: 0 };
      const n = Number(r.n);
      row.total += n;
      if (r.caseState === 'pass') row.pass += n;
      else if (r.caseState === 'fail') row.fail += n;
      else row.untested += n;
      byModule.set(key, row);
    }
    return [...byModule.values()].sort((a, b) => b.total - a.total);
  },
  'api.defect.trend': async (db: Db, projectId: number) => {
    const days = Array.from({ length: REPORT_TREND_DAYS }, (_, i) =>
      formatDateTime(new Date(Date.now() - (REPORT_TREND_DAYS - 1 - i) * 86_400_000)).slice(0, 10),
    );
    const since = `${days[0]} 00:00:00`;
    const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
    const [created, closed] = await Promise.all([
      liveDefects(db, projectId)
        .select([day('d.createTime').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('d.createTime', '>=', since)
        .groupBy(day('d.createTime'))
        .execute(),
      // A defect's closing is its last change while it stays closed or resolved.
      liveDefects(db, projectId)
        .select([day('d.updateTime').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('d.updateTime', '>=', since)
        .where('d.defectState', 'in', [DefectState.CLOSED, DefectState.RESOLVED])
        .groupBy(day('d.updateTime'))
        .execute(),
    ]);
    const of = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    const c = of(created);
    const x = of(closed);
    return days.map((d) => ({ day: d, created: c.get(d) ?? 0, closed: x.get(d) ?? 0 }));
  },
} satisfies Partial<Record<ReportSource, (db: Db, projectId: number) => Promise<unknown>>>;

/**
 * A plan's figures for `${api.plan.…}` and, when a table names them, its first items (in case
 * order) with the true total. A plan of another project is not found.
 */
async function planPart(db: Db, projectId: number, planId: string, withItems: boolean) {
  const plan = await findPlan(db, planId);
  if (!plan || plan.projectId !== projectId) throw new AppError('plan.not-found');
  const info = Object.fromEntries(
    REPORT_PLAN_FIELDS.map((field) =>
      field === 'passRate'
        ? [field, plan.itemTotal === 0 ? '0%' : `${Math.round((plan.passCount * 100) / plan.itemTotal)}%`]
        : [field, plan[field]],
    ),
  );
  if (!withItems) return { info, itemTotal: plan.itemTotal };
  const { rows } = await listItems(db, { planId }, { limit: REPORT_LIST_LIMIT, offset: 0 }, [
    'c.caseNum',
    'asc',
  ]);
  const items = rows.map((i) => ({
    caseNum: i.caseNum,
    caseName: i.caseName,
    moduleName: i.moduleName,
    planItemState: i.planItemState,
    planItemResult: i.planItemResult,
    defectCount: i.defectIds.length,
    updateBy: i.updateBy,
    updateTime: i.updateTime,
  }));
  return { info, items, itemTotal: plan.itemTotal };
}

export async function loadReportData(
  db: Db,
  projectId: number,
  needs: readonly ReportSource[],
  planId?: string,
): Promise<ReportData> {
  const need = new Set(needs);
  const [project, totals, caseTotal] = await Promise.all([
    projectOf(db, projectId),
    defectTotals(db, projectId),
    db
      .selectFrom('sysCase')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow(),
  ]);
  const data: ReportData = {
    project,
    defect: { total: totals.total, openTotal: totals.open },
    case: { total: Number(caseTotal.n) },
    member: {},
    stats: {},
  };
  const work: Promise<unknown>[] = [];
  if (need.has('api.defect.list'))
    work.push(defectRows(db, projectId, false).then((l) => (data.defect.list = l)));
  if (need.has('api.defect.open'))
    work.push(defectRows(db, projectId, true).then((l) => (data.defect.open = l)));
  if (need.has('api.case.list')) work.push(caseRows(db, projectId).then((l) => (data.case.list = l)));
  if (need.has('api.member.all')) work.push(memberRows(db, projectId).then((l) => (data.member.all = l)));
  // State and type come straight from the tally.
  if (need.has('api.defect.byState'))
    data.stats['api.defect.byState'] = counted(groupTally(totals.rows, (r) => r.defectState));
  if (need.has('api.defect.byType'))
    data.stats['api.defect.byType'] = counted(
      groupTally(totals.rows, (r) => DEFECT_TYPES[r.defectType] ?? 'BUG'),
    );
  for (const [source, load] of Object.entries(STAT_LOADERS))
    if (need.has(source as ReportSource))
      work.push(load(db, projectId).then((rows) => Object.assign(data.stats, { [source]: rows })));
  if (planId)
    work.push(
      planPart(db, projectId, planId, need.has('api.plan.items')).then((plan) => {
        data.plan = plan;
      }),
    );
  await Promise.all(work);
  return data;
}

function groupTally<K extends string | number>(
  rows: { defectType: number; defectState: number; n: number | string | bigint }[],
  keyOf: (r: { defectType: number; defectState: number }) => K,
) {
  const sums = new Map<K, number>();
  for (const r of rows) sums.set(keyOf(r), (sums.get(keyOf(r)) ?? 0) + Number(r.n));
  return [...sums].filter(([, n]) => n > 0).map(([key, n]) => ({ key, n }));
}

async function memberRows(db: Db, projectId: number) {
  const rows = await db
    .selectFrom('sysUserProject as up')
    .innerJoin('sysUser as u', 'u.userId', 'up.userId')
    .leftJoin('sysUserProjectRole as r', 'r.userProjectId', 'up.userProjectId')
    .select(['u.userId', 'u.userName', 'u.nickName', 'r.roleId'])
    .where('up.projectId', '=', projectId)
    .where('u.delFlag', '=', '0')
    .orderBy('up.userProjectId')
    .execute();
  const members = new Map<
    number,
    { userId: number; userName: string; nickName: string; roleIds: number[] }
  >();
  for (const r of rows) {
    const m = members.get(r.userId) ?? {
      userId: r.userId,
      userName: r.userName,
      nickName: r.nickName,
      roleIds: [],
    };
    if (r.roleId !== null) m.roleIds.push(r.roleId);
    members.set(r.userId, m);
  }
  return [...members.values()];
}
