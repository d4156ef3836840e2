import { checkCronExpression } from '@buglet/contracts';
import { Cron } from 'croner';
import { AppError } from '../../http/errors.ts';
import { problemError } from './job-problem.ts';

/**
 * Quartz cron expressions read by croner: six or seven fields (second … weekday, optional year),
 * weekdays 1–7 from Sunday, `?` for "no specific value", Quartz's `0/5` steps. Times are the
 * server's local time, as the rest of the wire format.
 */
const OPTIONS = {
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  paused: true,
} as const;

/** A schedule for computing fire times (it never runs anything by itself). */
export function cronOf(expression: string): Cron {
  const problem = checkCronExpression(expression);
  if (problem) throw problemError(problem);
  try {
    return new Cron(expression.trim(), OPTIONS);
  } catch (error) {
    throw new AppError('job.cron.invalid', [
      expression,
      error instanceof Error ? error.message : String(error),
    ]);
  }
}

/** Refuses an expression that is malformed or will never fire again. */
export function assertCronUsable(expression: string, now = new Date()): void {
  if (!cronOf(expression).nextRun(now)) throw new AppError('job.cron.never', [expression]);
}

/** The next `count` fire times; an expression that never fires again is refused. */
export function nextFireTimes(expression: string, count: number, from = new Date()): Date[] {
  const times = cronOf(expression).nextRuns(count, from);
  if (times.length === 0) throw new AppError('job.cron.never', [expression]);
  return times;
}
