/**
 * Misfires: ticks of a job that could not run at their time, because no server was running, the
 * process was held up for longer than `MISFIRE_THRESHOLD_MS`, or (for a job that forbids
 * concurrent runs) the previous run was still going. The job's misfire policy (the original's
 * values) decides what happens to them:
 *
 * - '1' run immediately: each missed tick runs now, oldest first (the latest `MAX_CATCH_UP` of
 *   them; older ones are dropped, so a long outage does not turn into a flood of runs);
 * - '2' run once: one run now stands for all the missed ticks, unless a tick on time runs now anyway;
 * - '3' do nothing (the default): missed ticks are dropped and the job waits for its next tick.
 *
 * A tick that finds the previous run still going is run once as soon as it ends under 1 and 2
 * (several such ticks make one run), and dropped under 3. Pausing a job is not a misfire: a
 * resumed job starts from the moment it is resumed.
 */
export const MISFIRE_THRESHOLD_MS = 5000;
export const MAX_CATCH_UP = 10;

export interface DueTicks {
  /** Missed ticks (epoch ms), oldest first. */
  late: readonly number[];
  /** Ticks within the threshold, oldest first. */
  onTime: readonly number[];
  policy: string;
}

/** The ticks to claim and run now, oldest first. */
export function planTicks({ late, onTime, policy }: DueTicks): number[] {
  if (policy === '1') return [...late.slice(-MAX_CATCH_UP), ...onTime];
  if (policy === '2') {
    const last = late.at(-1);
    return onTime.length > 0 || last === undefined ? [...onTime] : [last];
  }
  return [...onTime];
}

/** Whether a tick that found the previous run going is run once that run ends. */
export const isRetriedWhenBusy = (policy: string) => policy === '1' || policy === '2';
