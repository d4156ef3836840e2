import { randomBytes } from 'node:crypto';
import { isJobProblem, parseInvokeTarget } from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { encodeLogMessage } from '../login-log/login-log.repository.ts';
import { problemError } from './job-problem.ts';
import { TASK_RUNNERS, type TaskContext } from './job-tasks.ts';
import {
  extendRunLease,
  insertJobLog,
  type JobRow,
  releaseRunLease,
  takeRunLease,
} from './jobs.repository.ts';

/** How long a run lease lasts without renewal (a crashed instance's lease runs out after this). */
const RUN_LEASE_MS = 120_000;
const RENEW_MS = 30_000;
const EXCEPTION_MAX = 2000;

/**
 * Runs jobs and writes their log: one row per run with its start, stop, duration, result and
 * error. A job that forbids concurrent runs first takes its run lease in the database, so it
 * runs once at a time across every instance.
 */
export class JobRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly ctx: TaskContext) {}

  /**
   * Starts a run in the background (`fireTime`: the tick it is for; null when started by hand).
   * 'busy' when the job forbids concurrent runs and one is still going somewhere.
   */
  async start(job: JobRow, fireTime: number | null): Promise<'started' | 'busy'> {
    let release = async () => {};
    if (job.concurrent !== '0') {
      const token = randomBytes(12).toString('hex');
      const { db } = this.ctx;
      if (!(await takeRunLease(db, job.jobId, token, Date.now() + RUN_LEASE_MS))) return 'busy';
      const renew = setInterval(
        () =>
          void extendRunLease(db, job.jobId, token, Date.now() + RUN_LEASE_MS).catch((error: unknown) =>
            this.ctx.log.warn({ err: error, jobId: job.jobId }, 'job run lease not renewed'),
          ),
        RENEW_MS,
      );
      renew.unref();
      release = async () => {
        clearInterval(renew);
        await releaseRunLease(db, job.jobId, token);
      };
    }
    const run: Promise<void> = this.execute(job, fireTime)
      .finally(release)
      .catch((error: unknown) => this.ctx.log.error({ err: error, jobId: job.jobId }, 'job run not recorded'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return 'started';
  }

  /** Until every run started here has ended and been logged. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async execute(job: JobRow, fireTime: number | null): Promise<void> {
    const started = new Date();
    let status = '0';
    let message: string | null = null;
    let exceptionInfo: string | null = null;
    try {
      const target = parseInvokeTarget(job.invokeTarget);
      if (isJobProblem(target)) throw problemError(target);
      const result = await TASK_RUNNERS[target.task](this.ctx, target.args);
      message = [result.key, ...result.args].join('|');
    } catch (error) {
      status = '1';
      message = 'job.run.failed';
      exceptionInfo = describeError(error);
    }
    const stopped = new Date();
    await insertJobLog(this.ctx.db, {
      jobId: job.jobId,
      jobName: job.jobName,
      jobGroup: job.jobGroup,
      invokeTarget: job.invokeTarget,
      jobMessage: message.slice(0, 500),
      status,
      exceptionInfo,
      fireTime: fireTime === null ? null : formatDateTime(new Date(fireTime)),
      startTime: formatDateTime(started),
      stopTime: formatDateTime(stopped),
      costTime: stopped.getTime() - started.getTime(),
      createTime: formatDateTime(started),
    });
  }
}

/** Our own errors are kept as message keys (read in the reader's language); others as their text and stack. */
function describeError(error: unknown): string {
  if (error instanceof AppError) return encodeLogMessage(error).slice(0, EXCEPTION_MAX);
  if (error instanceof Error)
    return (error.stack ?? `${error.name}: ${error.message}`).slice(0, EXCEPTION_MAX);
  return String(error).slice(0, EXCEPTION_MAX);
}
