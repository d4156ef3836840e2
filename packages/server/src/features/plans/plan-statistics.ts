import type { BurndownPoint, Plan, PlanMetricsItem } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../lib/time.ts';
import { percentOf, RATE_PARTS } from './plan-metrics.ts';

/** How many days a burndown shows: the original's 31 (30 back from its last day). */
export const BURNDOWN_DAYS = 31;
/** How many plans the metrics radar compares: the most recently changed (the original's 4). */
export const METRICS_PLANS = 4;

const dayOf = (date: Date) => formatDateTime(date).slice(0, 10);

/**
 * A plan's burndown: for each of the 31 days ending today (or on the plan's end, once it is past),
 * the items not passed at the day's end and those passed that day, gaps filled. An item counts as
 * passed from the day of the result that passed it (its update time while it stays passed), so
 * the line never rises and never goes below zero (the original's could do both). One grouped
 * statement over the plan's items.
 */
export async function burndown(
  db: Db,
  plan: { planId: string; planEndTime: string | null },
  now = new Date(),
): Promise<BurndownPoint[]> {
  const today = dayOf(now);
  const endDay =
    plan.planEndTime && plan.planEndTime.slice(0, 10) < today ? plan.planEndTime.slice(0, 10) : today;
  const [y = 0, m = 1, d = 1] = endDay.split('-').map(Number);
  const days = Array.from({ length: BURNDOWN_DAYS }, (_, i) =>
    dayOf(new Date(y, m - 1, d - (BURNDOWN_DAYS - 1 - i))),
  );
  const rows = await db
    .selectFrom('sysPlanItem')
    .select((eb) => [
      eb.fn<string>('substr', ['updateTime', eb.lit(1), eb.lit(10)]).as('day'),
      'planItemState',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('planId', '=', plan.planId)
    .groupBy([(eb) => eb.fn('substr', ['updateTime', eb.lit(1), eb.lit(10)]), 'planItemState'])
    .execute();
  let total = 0;
  const passedOn = new Map<string, number>();
  let passedBefore = 0;
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.planItemState !== 'pass') continue;
    if (row.day < (days[0] ?? '')) passedBefore += n;
    else passedOn.set(row.day, (passedOn.get(row.day) ?? 0) + n);
  }
  let left = total - passedBefore;
  return days.map((key) => {
    const passed = passedOn.get(key) ?? 0;
    left -= passed;
    return { key, value: left, passed };
  });
}

/** The six quality metrics of plans (the radar's, 0–100), from their counts. */
export function metricsItems(plans: Plan[]): PlanMetricsItem[] {
  return plans.map((p) => ({
    planId: p.planId,
    planName: p.planName,
    updateTime: p.updateTime,
    discovery: percentOf(RATE_PARTS.defectDiscoveryRate(p)),
    repair: percentOf(RATE_PARTS.defectRepairRate(p)),
    detection: percentOf(RATE_PARTS.defectDetectionRate(p)),
    severity: percentOf(RATE_PARTS.defectSeverityRate(p)),
    restart: percentOf(RATE_PARTS.defectRestartRate(p)),
    escape: percentOf(RATE_PARTS.defectEscapeRate(p)),
  }));
}
