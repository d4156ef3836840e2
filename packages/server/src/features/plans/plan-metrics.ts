import { DefectLogType, DefectState, type PlanMetrics } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';

/** The project roles whose members found a defect as testers or as outsiders (the original's 8 and 9). */
const TESTER_ROLE = 8;
const OUTSIDER_ROLE = 9;

type Counts = Omit<
  PlanMetrics,
  | 'executedCount'
  | 'defectDiscoveryRate'
  | 'defectRepairRate'
  | 'defectDetectionRate'
  | 'defectSeverityRate'
  | 'defectRestartRate'
  | 'defectEscapeRate'
  | 'defectDensity'
  | 'defectRepairAvgHour'
>;

const ZERO: Counts = {
  itemTotal: 0,
  passCount: 0,
  failCount: 0,
  unexecutedCount: 0,
  blockedCount: 0,
  skippedCount: 0,
  retestCount: 0,
  defectCount: 0,
  defectProcessingStateCount: 0,
  defectAuditStateCount: 0,
  defectRejectedStateCount: 0,
  defectCloseStateCount: 0,
  defectLevelUrgentCount: 0,
  defectLevelHeightCount: 0,
  defectLevelMiddleCount: 0,
  defectLevelLowCount: 0,
  moduleCount: 0,
  createDefectCountByTester: 0,
  createDefectCountByOutsider: 0,
  defectRestartCount: 0,
  defectHistoryPassCount: 0,
  defectUseHourTime: 0,
};

const n = (v: unknown) => Number(v ?? 0);

/**
 * The counts of each plan, in three grouped statements whatever the number of plans (no loop
 * per plan): its items by state, the distinct live defects raised from them by state, level and
 * who found them, and those defects' history (reopened, closed, hours from first to last entry).
 * Unlike the original, a defect linked to two items of a plan counts once. `simple` (the list
 * page's light list) counts the items only.
 */
export async function countPlans(
  db: Db,
  planIds: readonly string[],
  isSimple = false,
): Promise<Map<string, PlanMetrics>> {
  const counts = new Map<string, Counts>(planIds.map((id) => [id, { ...ZERO }]));
  if (planIds.length === 0) return new Map();
  const ids = [...planIds];
  const items = await db
    .selectFrom('sysPlanItem as i')
    .innerJoin('sysCase as c', 'c.caseId', 'i.caseId')
    .select((eb) => [
      'i.planId',
      eb.fn.countAll<number>().as('itemTotal'),
      sql<number>`sum(case when i.plan_item_state = 'pass' then 1 else 0 end)`.as('passCount'),
      sql<number>`sum(case when i.plan_item_state = 'not_pass' then 1 else 0 end)`.as('failCount'),
      sql<number>`sum(case when i.plan_item_state = 'unexecuted' then 1 else 0 end)`.as('unexecutedCount'),
      sql<number>`sum(case when i.plan_item_result = 'blocked' then 1 else 0 end)`.as('blockedCount'),
      sql<number>`sum(case when i.plan_item_result = 'skipped' then 1 else 0 end)`.as('skippedCount'),
      sql<number>`sum(case when i.plan_item_result = 'retest' then 1 else 0 end)`.as('retestCount'),
      sql<number>`count(distinct c.module_id)`.as('moduleCount'),
    ])
    .where('i.planId', 'in', ids)
    .groupBy('i.planId')
    .execute();
  for (const row of items) {
    const c = counts.get(row.planId);
    if (!c) continue;
    c.itemTotal = n(row.itemTotal);
    c.passCount = n(row.passCount);
    c.failCount = n(row.failCount);
    c.unexecutedCount = n(row.unexecutedCount);
    c.blockedCount = n(row.blockedCount);
    c.skippedCount = n(row.skippedCount);
    c.retestCount = n(row.retestCount);
    c.moduleCount = n(row.moduleCount);
  }
  if (!isSimple) await countDefects(db, ids, counts);
  return new Map([...counts].map(([id, c]) => [id, withRates(c)]));
}

/** Each plan's distinct live defects, as a derived table (plan_id, defect_id). */
const planDefects = (ids: string[]) => sql`(
  select distinct i.plan_id, pd.defect_id
  from sys_plan_item i
  join sys_case c on c.case_id = i.case_id
  join sys_plan_item_defect pd on pd.plan_item_id = i.plan_item_id
  where i.plan_id in (${sql.join(ids)}))`;

async function countDefects(db: Db, ids: string[], counts: Map<string, Counts>): Promise<void> {
  const foundAs = (roleId: number) => sql<number>`sum(case when exists (
      select 1 from sys_user_project up
      join sys_user_project_role upr on upr.user_project_id = up.user_project_id
      where up.project_id = d.project_id and up.user_id = d.create_by_id and upr.role_id = ${roleId}
    ) then 1 else 0 end)`;
  const state = (s: number) => sql<number>`sum(case when d.defect_state = ${s} then 1 else 0 end)`;
  const level = (l: string) => sql<number>`sum(case when d.defect_level = ${l} then 1 else 0 end)`;
  const hours = isPostgres(db)
    ? sql`floor(extract(epoch from (max(l.create_time)::timestamp - min(l.create_time)::timestamp)) / 3600)`
    : sql`cast((julianday(max(l.create_time)) - julianday(min(l.create_time))) * 24 as integer)`;
  const [defects, history] = await Promise.all([
    sql<Record<string, number | string>>`
      select x.plan_id as "planId", count(*) as "defectCount",
        ${state(DefectState.PROCESSING)} as "processing", ${state(DefectState.AUDIT)} as "audit",
        ${state(DefectState.REJECTED)} as "rejected", ${state(DefectState.CLOSED)} as "closed",
        ${level('urgent')} as "urgent", ${level('height')} as "height",
        ${level('middle')} as "middle", ${level('low')} as "low",
        ${foundAs(TESTER_ROLE)} as "byTester", ${foundAs(OUTSIDER_ROLE)} as "byOutsider"
      from ${planDefects(ids)} x
      join sys_defect d on d.defect_id = x.defect_id and d.is_deleted = 0
      group by x.plan_id`.execute(db),
    sql<Record<string, number | string>>`
      select x.plan_id as "planId", sum(h.reopened) as "reopened", sum(h.closed) as "closed",
        sum(h.hours) as "hours"
      from ${planDefects(ids)} x
      join sys_defect d on d.defect_id = x.defect_id and d.is_deleted = 0
      join (
        select l.defect_id,
          sum(case when l.defect_log_type = ${DefectLogType.OPEN} then 1 else 0 end) as reopened,
          sum(case when l.defect_log_type = ${DefectLogType.CLOSED} then 1 else 0 end) as closed,
          ${hours} as hours
        from sys_defect_log l
        where l.defect_id in (select pd.defect_id from sys_plan_item_defect pd
          join sys_plan_item i on i.plan_item_id = pd.plan_item_id where i.plan_id in (${sql.join(ids)}))
        group by l.defect_id
      ) h on h.defect_id = x.defect_id
      group by x.plan_id`.execute(db),
  ]);
  for (const row of defects.rows) {
    const c = counts.get(String(row.planId));
    if (!c) continue;
    c.defectCount = n(row.defectCount);
    c.defectProcessingStateCount = n(row.processing);
    c.defectAuditStateCount = n(row.audit);
    c.defectRejectedStateCount = n(row.rejected);
    c.defectCloseStateCount = n(row.closed);
    c.defectLevelUrgentCount = n(row.urgent);
    c.defectLevelHeightCount = n(row.height);
    c.defectLevelMiddleCount = n(row.middle);
    c.defectLevelLowCount = n(row.low);
    c.createDefectCountByTester = n(row.byTester);
    c.createDefectCountByOutsider = n(row.byOutsider);
  }
  for (const row of history.rows) {
    const c = counts.get(String(row.planId));
    if (!c) continue;
    c.defectRestartCount = n(row.reopened);
    c.defectHistoryPassCount = n(row.closed);
    c.defectUseHourTime = n(row.hours);
  }
}

/** The six rates of a plan, each a part of a whole of its counts (the formulas the run view shows). */
export const RATE_PARTS = {
  defectDiscoveryRate: (c: Counts) => [c.defectCount, c.itemTotal],
  defectRepairRate: (c: Counts) => [c.defectCloseStateCount, c.defectCount],
  defectDetectionRate: (c: Counts) => [
    c.createDefectCountByTester,
    c.createDefectCountByTester + c.createDefectCountByOutsider,
  ],
  defectSeverityRate: (c: Counts) => [c.defectLevelUrgentCount, c.defectCount],
  defectRestartRate: (c: Counts) => [c.defectRestartCount, c.defectHistoryPassCount],
  defectEscapeRate: (c: Counts) => [c.createDefectCountByOutsider, c.defectCount],
} satisfies Record<string, (c: Counts) => [number, number]>;
export type PlanRate = keyof typeof RATE_PARTS;

/** A share in per cent, two decimals, the original's rounding; 0 when there is nothing to share. */
export const percentOf = ([part, whole]: [number, number]) =>
  whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100;
/** A share as the original writes it: two decimals and a percent sign, "0%" when there is nothing to share. */
const rate = (parts: [number, number]) => (parts[1] === 0 ? '0%' : `${percentOf(parts).toFixed(2)}%`);
const ratio = (part: number, whole: number) =>
  whole === 0 ? '0' : String(Math.floor((part * 100) / whole) / 100);

/**
 * The quality metrics of 1.0's plan view, from the counts. Density is defects per deliverable (the
 * original multiplied it by 100).
 */
export function withRates(c: Counts): PlanMetrics {
  const rates = Object.fromEntries(
    Object.entries(RATE_PARTS).map(([name, parts]) => [name, rate(parts(c))]),
  ) as Record<PlanRate, string>;
  return {
    ...c,
    executedCount: c.itemTotal - c.unexecutedCount,
    ...rates,
    defectDensity: ratio(c.defectCount, c.moduleCount),
    defectRepairAvgHour: ratio(c.defectUseHourTime, c.defectCount),
  };
}

export const NO_METRICS: PlanMetrics = withRates(ZERO);
