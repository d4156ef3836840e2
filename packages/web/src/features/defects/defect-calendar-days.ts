import dayjs from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** `2024-05` for a valid month in the URL, else the current month. */
export function monthOf(value: string | undefined, today = dayjs()): string {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : today.format('YYYY-MM');
}

/** The days of a Sunday-first month grid: whole weeks from the Sunday on or before the 1st. */
export function monthGrid(month: string): string[] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract(first.day(), 'day');
  const last = first.endOf('month');
  const weeks = Math.ceil((first.day() + last.date()) / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => start.add(i, 'day').format(DAY));
}

interface Placeable {
  planStartTime: string | null;
  planEndTime: string | null;
  updateTime: string;
}

const dayPart = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/**
 * The days between `from` and `to` (inclusive, YYYY-MM-DD) on which a defect shows: every day of
 * its plan (start to end; a single day when only one end is set), or, with no plan at all, the day
 * of its last update. A plan wholly outside the window shows nothing, even if the last update
 * falls inside it.
 */
export function daysOf(defect: Placeable, from: string, to: string): string[] {
  const start = dayPart(defect.planStartTime);
  const end = dayPart(defect.planEndTime);
  if (!start && !end) {
    const updated = dayPart(defect.updateTime);
    return updated && updated >= from && updated <= to ? [updated] : [];
  }
  let first = start ?? end ?? from;
  let last = end ?? start ?? to;
  // A plan entered backwards still marks its days rather than none.
  if (last < first) [first, last] = [last, first];
  if (last < from || first > to) return [];
  const days: string[] = [];
  let day = dayjs(first < from ? from : first);
  const stop = last > to ? to : last;
  while (day.format(DAY) <= stop) {
    days.push(day.format(DAY));
    day = day.add(1, 'day');
  }
  return days;
}

/** Defects per day of the grid, each day keeping the order the list came in. */
export function bucketByDay<T extends Placeable>(
  defects: readonly T[],
  days: readonly string[],
): Map<string, T[]> {
  const buckets = new Map<string, T[]>(days.map((day) => [day, []]));
  const from = days[0];
  const to = days[days.length - 1];
  if (!from || !to) return buckets;
  for (const defect of defects) {
    for (const day of daysOf(defect, from, to)) buckets.get(day)?.push(defect);
  }
  return buckets;
}
