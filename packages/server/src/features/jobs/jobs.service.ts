import { isJobProblem, type JobBody, parseInvokeTarget } from '@buglet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Outbox } from '../notices/outbox.ts';
import { assertCronUsable, cronOf } from './cron.ts';
import { problemError } from './job-problem.ts';
import { JobRunner } from './job-runner.ts';
import { deleteJobs, findJob, insertJob, type JobRow, updateJob } from './jobs.repository.ts';
import { JobScheduler } from './scheduler.ts';

export interface Jobs {
  db: Db;
  runner: JobRunner;
  scheduler: JobScheduler;
}

/** The runner and the scheduler of this process; the scheduler is started by the app when enabled. */
export function createJobs(deps: {
  db: Db;
  config: AppConfig;
  outbox: Outbox;
  log: FastifyBaseLogger;
}): Jobs {
  const runner = new JobRunner(deps);
  return { db: deps.db, runner, scheduler: new JobScheduler(deps.db, runner, deps.log) };
}

/** A job as the wire shows it: the original's fields and the next time its schedule fires. */
export function shownJob(row: JobRow) {
  let nextValidTime: string | null = null;
  if (row.status === '0') {
    try {
      const next = cronOf(row.cronExpression).nextRun();
      nextValidTime = next ? formatDateTime(next) : null;
    } catch {
      // A stored expression the library no longer reads has no next time.
    }
  }
  return { ...row, nextValidTime };
}

/** The invoke target must name a task of the whitelist with valid arguments; the cron must fire again. */
function assertRunnable(body: Pick<JobBody, 'invokeTarget' | 'cronExpression'>): void {
  const target = parseInvokeTarget(body.invokeTarget);
  if (isJobProblem(target)) throw problemError(target);
  assertCronUsable(body.cronExpression);
}

export async function createJob(jobs: Jobs, body: JobBody, me: Principal): Promise<number> {
  assertRunnable(body);
  const now = new Date();
  const jobId = await insertJob(jobs.db, {
    jobName: body.jobName,
    jobGroup: body.jobGroup ?? 'DEFAULT',
    invokeTarget: body.invokeTarget,
    cronExpression: body.cronExpression,
    misfirePolicy: body.misfirePolicy ?? '3',
    concurrent: body.concurrent ?? '1',
    // As the original: a new job waits paused unless it is asked to run.
    status: body.status ?? '1',
    firedUntil: now.getTime(),
    runningUntil: 0,
    runningToken: null,
    createBy: me.userName,
    createTime: formatDateTime(now),
    updateBy: null,
    updateTime: null,
    remark: body.remark ?? null,
  });
  jobs.scheduler.refresh();
  return jobId;
}

export async function editJob(jobs: Jobs, jobId: number, body: JobBody, me: Principal): Promise<void> {
  const old = await findJob(jobs.db, jobId);
  if (!old) throw new AppError('job.not-found', [jobId]);
  assertRunnable(body);
  const status = body.status ?? old.status;
  const now = new Date();
  // A new schedule, or a resumed job, starts now: what it would have done before is not a misfire.
  const isRestarted = old.cronExpression !== body.cronExpression || (old.status !== '0' && status === '0');
  await updateJob(jobs.db, jobId, {
    jobName: body.jobName,
    jobGroup: body.jobGroup ?? old.jobGroup,
    invokeTarget: body.invokeTarget,
    cronExpression: body.cronExpression,
    misfirePolicy: body.misfirePolicy ?? old.misfirePolicy,
    concurrent: body.concurrent ?? old.concurrent,
    status,
    ...(isRestarted ? { firedUntil: now.getTime() } : {}),
    updateBy: me.userName,
    updateTime: formatDateTime(now),
    remark: body.remark === undefined ? old.remark : body.remark,
  });
  jobs.scheduler.refresh();
}

export async function changeJobStatus(jobs: Jobs, jobId: number, status: '0' | '1', me: Principal) {
  const old = await findJob(jobs.db, jobId);
  if (!old) throw new AppError('job.not-found', [jobId]);
  if (old.status === status) return;
  const now = new Date();
  await updateJob(jobs.db, jobId, {
    status,
    ...(status === '0' ? { firedUntil: now.getTime() } : {}),
    updateBy: me.userName,
    updateTime: formatDateTime(now),
  });
  jobs.scheduler.refresh();
}

/** Runs the job once now, whatever its schedule and status, and logs the run like a scheduled one. */
export async function runJobOnce(jobs: Jobs, jobId: number): Promise<void> {
  const job = await findJob(jobs.db, jobId);
  if (!job) throw new AppError('job.not-found', [jobId]);
  if ((await jobs.runner.start(job, null)) === 'busy') throw new AppError('job.run.busy', [job.jobName]);
}

export async function removeJobs(jobs: Jobs, ids: number[]): Promise<void> {
  await deleteJobs(jobs.db, ids);
  jobs.scheduler.refresh();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner and scheduler (tests wait for runs with `runner.drain()`). */
    jobs: Jobs;
  }
}
