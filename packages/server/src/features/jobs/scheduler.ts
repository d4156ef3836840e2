import { randomBytes } from 'node:crypto';
import type { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { cronOf } from './cron.ts';
import type { JobRunner } from './job-runner.ts';
import { claimTick, type JobRow, listActiveJobs, pruneLeases } from './jobs.repository.ts';
import { isRetriedWhenBusy, MAX_CATCH_UP, MISFIRE_THRESHOLD_MS, planTicks } from './misfire.ts';

/** Changes made on another instance are picked up within this. */
const RELOAD_MS = 5000;
const PRUNE_MS = 10 * 60_000;
/** Claimed ticks kept as history; the newest of each job lives on as its `firedUntil`. */
const LEASE_KEEP_MS = 60 * 60_000;
/** A run waiting for the previous one to end looks again this often. */
const BUSY_RETRY_MS = 1000;

interface Entry {
  job: JobRow;
  cron: Cron;
  /** Ticks up to this (epoch ms) have been dealt with by this instance. */
  seenUntil: number;
  /** A claimed tick that waits for the previous run to end (policies 1 and 2). */
  pending?: number;
}

/**
 * The one scheduler of a server process. It keeps the jobs that are not paused, wakes at the next
 * tick of any of them, and claims each due tick in the database (`sys_job_lease`): with several
 * instances each tick runs once, on whichever instance claims it first. Misfires follow the job's
 * policy (misfire.ts).
 */
export class JobScheduler {
  readonly instanceId = randomBytes(8).toString('hex');
  /** Ticks this instance claimed, found claimed by another, or dropped (for tests and logs). */
  readonly stats = { claimed: 0, lost: 0, dropped: 0 };
  private readonly entries = new Map<number, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> | undefined;
  private isStopped = true;
  private isAgainWanted = false;
  private nextReload = 0;
  private nextPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly runner: JobRunner,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.isStopped = false;
    this.arm(0);
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.timer);
    await this.passing;
  }

  /** A job was changed here: read the jobs again now rather than at the next reload. */
  refresh(): void {
    this.nextReload = 0;
    if (!this.isStopped) this.arm(0);
  }

  private arm(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private wake(): void {
    if (this.isStopped) return;
    if (this.passing) {
      this.isAgainWanted = true;
      return;
    }
    this.passing = this.pass()
      .catch((error: unknown) => this.log.error({ err: error }, 'job scheduler pass failed'))
      .finally(() => {
        this.passing = undefined;
        if (this.isStopped) return;
        const again = this.isAgainWanted;
        this.isAgainWanted = false;
        this.arm(again ? 0 : this.delayToNext());
      });
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    if (now >= this.nextReload) {
      await this.reload(now);
      this.nextReload = now + RELOAD_MS;
    }
    if (now >= this.nextPrune) {
      await pruneLeases(this.db, now - LEASE_KEEP_MS);
      this.nextPrune = now + PRUNE_MS;
    }
    for (const entry of this.entries.values()) {
      if (this.isStopped) return;
      await this.dealWith(entry, Date.now()).catch((error: unknown) =>
        this.log.error({ err: error, jobId: entry.job.jobId }, 'job tick failed'),
      );
    }
  }

  private async reload(now: number): Promise<void> {
    const jobs = await listActiveJobs(this.db);
    const active = new Set<number>();
    for (const job of jobs) {
      active.add(job.jobId);
      const old = this.entries.get(job.jobId);
      let cron: Cron;
      try {
        cron = old && old.job.cronExpression === job.cronExpression ? old.cron : cronOf(job.cronExpression);
      } catch (error) {
        this.log.warn({ err: error, jobId: job.jobId }, 'job skipped: its cron expression cannot be read');
        continue;
      }
      // A new, resumed or re-timed job starts where the service set `firedUntil` (the moment of the change).
      const seenUntil = Math.max(old?.seenUntil ?? 0, job.firedUntil || now);
      this.entries.set(job.jobId, {
        job,
        cron,
        seenUntil,
        ...(old?.pending ? { pending: old.pending } : {}),
      });
    }
    for (const jobId of this.entries.keys()) if (!active.has(jobId)) this.entries.delete(jobId);
  }

  private async dealWith(entry: Entry, now: number): Promise<void> {
    if (entry.pending !== undefined && (await this.runner.start(entry.job, entry.pending)) === 'started') {
      entry.pending = undefined;
    }
    const since = entry.seenUntil;
    const lateCut = now - MISFIRE_THRESHOLD_MS;
    const late =
      since < lateCut
        ? entry.cron
            .previousRuns(MAX_CATCH_UP, new Date(lateCut + 1))
            .map((d) => d.getTime())
            .filter((t) => t > since)
            .reverse()
        : [];
    const onTime: number[] = [];
    for (let t = entry.cron.nextRun(new Date(Math.max(since, lateCut))); t && t.getTime() <= now; ) {
      onTime.push(t.getTime());
      t = entry.cron.nextRun(t);
    }
    const last = onTime.at(-1) ?? late.at(-1);
    if (last === undefined) return;
    entry.seenUntil = last;
    const plan = planTicks({ late, onTime, policy: entry.job.misfirePolicy });
    this.stats.dropped += late.length + onTime.length - plan.length;
    for (const fireTime of plan) await this.fire(entry, fireTime);
  }

  private async fire(entry: Entry, fireTime: number): Promise<void> {
    if (!(await claimTick(this.db, entry.job.jobId, fireTime, this.instanceId))) {
      this.stats.lost += 1;
      return;
    }
    this.stats.claimed += 1;
    if ((await this.runner.start(entry.job, fireTime)) === 'started') return;
    if (isRetriedWhenBusy(entry.job.misfirePolicy)) entry.pending = fireTime;
    else this.stats.dropped += 1;
  }

  private delayToNext(): number {
    const now = Date.now();
    let next = this.nextReload;
    for (const entry of this.entries.values()) {
      if (entry.pending !== undefined) next = Math.min(next, now + BUSY_RETRY_MS);
      const t = entry.cron.nextRun(new Date(entry.seenUntil));
      if (t) next = Math.min(next, t.getTime());
    }
    return Math.min(RELOAD_MS, next - now);
  }
}
