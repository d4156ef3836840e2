import type { CalendarDefect } from '@buglet/contracts';
import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';
const DAY_MS = 86_400_000;

const dayOf = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** The days a defect covers on the calendar (inclusive): its plan, or the one day of the end it has. */
export function planDays(d: Pick<CalendarDefect, 'planStartTime' | 'planEndTime'>) {
  const start = dayOf(d.planStartTime) ?? dayOf(d.planEndTime);
  const end = dayOf(d.planEndTime) ?? dayOf(d.planStartTime);
  if (!start || !end) return undefined;
  // A plan entered backwards (before the rule existed) still shows over its days.
  return start <= end ? { first: start, last: end } : { first: end, last: start };
}

/** An all-day event's exclusive end, as calendars take it. */
export const dayAfter = (day: string) => dayjs(day).add(1, 'day').format(DAY);

/** Whole days from one yyyy-MM-dd to another (negative when earlier), whatever the time zone. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
}

/** A wire time moved by whole days; the time of day is kept as written. */
export function shiftTime(value: string | null, days: number): string | null {
  if (!value || days === 0) return value;
  const day = dayOf(value);
  if (!day) return value;
  return `${dayjs(day).add(days, 'day').format(DAY)}${value.slice(10)}`;
}

/** Dragged by `days`: both ends move, so the plan keeps its length. */
export const movedPlan = (d: CalendarDefect, days: number) => ({
  planStartTime: shiftTime(d.planStartTime, days),
  planEndTime: shiftTime(d.planEndTime, days),
});

/** Its end dragged by `days`: the start stays. */
export const stretchedPlan = (d: CalendarDefect, days: number) => ({
  planStartTime: d.planStartTime,
  planEndTime: shiftTime(d.planEndTime, days),
});
