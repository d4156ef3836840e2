import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type Json, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Db } from '../../db/connect.ts';
import { formatDateTime } from '../../lib/time.ts';
import { cronOf } from './cron.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const api = async (method: 'POST' | 'PUT', url: string, payload: Json) =>
  (await t.call({ method, url, payload, token, lang: 'en_US' })).body;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logsOf = (jobId: number) =>
  t.db.selectFrom('sysJobLog').selectAll().where('jobId', '=', jobId).orderBy('jobLogId').execute();
const epoch = (text: string | null) => new Date(String(text).replace(' ', 'T')).getTime();

/** A job row as another instance (or an earlier run of this one) left it. */
async function insertJob(over: Partial<Record<string, string | number>>) {
  const row = await t.db
    .insertInto('sysJob')
    .values({
      jobName: 'Inserted',
      jobGroup: 'DEFAULT',
      invokeTarget: 'purgeExpired()',
      cronExpression: '* * * * * ?',
      misfirePolicy: '3',
      concurrent: '0',
      status: '0',
      firedUntil: Date.now(),
      runningUntil: 0,
      runningToken: null,
      createBy: 'admin',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
      remark: null,
      ...over,
    })
    .returning('jobId')
    .executeTakeFirstOrThrow();
  return row.jobId;
}
const pause = async (...ids: number[]) => {
  await t.db.updateTable('sysJob').set({ status: '1' }).where('jobId', 'in', ids).execute();
  t.app.jobs.scheduler.refresh();
  await sleep(50);
  await t.app.jobs.runner.drain();
};

describe('several server instances on one database', () => {
  it('run a job that fires every second exactly once per tick', async () => {
    // A second instance: its own app, scheduler and (on PostgreSQL) its own connection pool.
    const db2: Db = isPostgres() ? await connectDatabase(t.config.database) : t.db;
    const other: FastifyInstance = await buildApp({ config: t.config, db: db2 });
    await other.ready();
    try {
      const added = await api('POST', '/monitor/job', {
        jobName: 'Every second',
        invokeTarget: 'purgeExpired()',
        cronExpression: '* * * * * ?',
        concurrent: '0',
        status: '0',
      });
      expect(added.code, added.msg).toBe(200);
      const jobId = added.data.jobId as number;
      other.jobs.scheduler.refresh();
      await sleep(4500);
      expect((await api('PUT', '/monitor/job/changeStatus', { jobId, status: '1' })).code).toBe(200);
      other.jobs.scheduler.refresh();
      await sleep(100);
      await Promise.all([t.app.jobs.runner.drain(), other.jobs.runner.drain()]);

      const logs = await logsOf(jobId);
      const ticks = logs.map((l) => epoch(l.fireTime));
      expect(logs.length).toBeGreaterThanOrEqual(3);
      // One run per tick, and no tick left out between the first and the last.
      expect(new Set(ticks).size).toBe(ticks.length);
      const sorted = [...ticks].sort((a, b) => a - b);
      expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBe((sorted.length - 1) * 1000);
      expect(logs.every((l) => l.status === '0')).toBe(true);
      const leases = await t.db.selectFrom('sysJobLease').selectAll().where('jobId', '=', jobId).execute();
      expect(leases.map((l) => l.fireTime).sort((a, b) => a - b)).toEqual(sorted);
      const [a, b] = [t.app.jobs.scheduler, other.jobs.scheduler];
      expect(new Set(leases.map((l) => l.instanceId)).size).toBeLessThanOrEqual(2);
      for (const l of leases) expect([a.instanceId, b.instanceId]).toContain(l.instanceId);
      // Both instances saw (nearly) every tick; only the one that claimed it ran it. The other
      // found it claimed, or, when a busy machine let it fall behind by more than the misfire
      // threshold, dropped it as late (this job's policy): in neither case did it run it.
      expect(a.stats.claimed + b.stats.claimed).toBe(logs.length);
      const passedOver = a.stats.lost + b.stats.lost + a.stats.dropped + b.stats.dropped;
      expect(passedOver).toBeGreaterThanOrEqual(logs.length - 1);

      // Paused: no instance runs it any more.
      const count = logs.length;
      await sleep(1500);
      expect(await logsOf(jobId)).toHaveLength(count);
    } finally {
      await other.close();
      if (db2 !== t.db) await db2.destroy();
    }
  });
});

describe('misfires', () => {
  it('follow the job’s policy for ticks missed while no instance ran', async () => {
    // Ticks at one second of each minute, about half a minute away from now either way, so none is on time.
    const second = (new Date().getSeconds() + 30) % 60;
    const cronExpression = `${second} * * * * ?`;
    const firedUntil = Date.now() - 200_000;
    const missed = cronOf(cronExpression)
      .previousRuns(5, new Date())
      .map((d) => d.getTime())
      .filter((ms) => ms > firedUntil)
      .sort((x, y) => x - y);
    expect(missed).toHaveLength(3);
    const [runAll, runOnce, skip] = [
      await insertJob({ cronExpression, misfirePolicy: '1', firedUntil }),
      await insertJob({ cronExpression, misfirePolicy: '2', firedUntil }),
      await insertJob({ cronExpression, misfirePolicy: '3', firedUntil }),
    ];
    t.app.jobs.scheduler.refresh();
    await sleep(500);
    await t.app.jobs.runner.drain();
    // Each missed tick once; concurrent runs (allowed here) may log in any order.
    expect((await logsOf(runAll)).map((l) => epoch(l.fireTime)).sort((x, y) => x - y)).toEqual(missed);
    expect((await logsOf(runOnce)).map((l) => epoch(l.fireTime))).toEqual([missed.at(-1)]);
    expect(await logsOf(skip)).toEqual([]);
    // Dealt with: the next pass does not run them again.
    t.app.jobs.scheduler.refresh();
    await sleep(300);
    await t.app.jobs.runner.drain();
    expect(await logsOf(runAll)).toHaveLength(3);
    expect(await logsOf(runOnce)).toHaveLength(1);
    await pause(runAll, runOnce, skip);
  });

  it('a tick that finds the previous run going is dropped (3) or run once it ends (2)', async () => {
    // Half-way between two ticks, so no tick is a close call.
    const heldUntil = Math.ceil(Date.now() / 1000) * 1000 + 2500;
    const held = { concurrent: '1', runningUntil: heldUntil, runningToken: 'another-instance' };
    const [drop, later] = [
      await insertJob({ ...held, misfirePolicy: '3' }),
      await insertJob({ ...held, misfirePolicy: '2' }),
    ];
    t.app.jobs.scheduler.refresh();
    await sleep(heldUntil - Date.now() + 1800);
    await pause(drop, later);
    const before = (rows: Awaited<ReturnType<typeof logsOf>>) =>
      rows.filter((l) => epoch(l.fireTime) < heldUntil);
    const dropped = await logsOf(drop);
    const waited = await logsOf(later);
    expect(before(dropped)).toEqual([]);
    // The ticks that met the other run make one run, started after that run's lease ended.
    expect(before(waited)).toHaveLength(1);
    expect(epoch(before(waited)[0]?.startTime ?? null)).toBeGreaterThanOrEqual(heldUntil - 500);
    // Once free, both run on their ticks again, one at a time.
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(waited.length).toBeGreaterThanOrEqual(2);
    const row = await t.db
      .selectFrom('sysJob')
      .selectAll()
      .where('jobId', '=', later)
      .executeTakeFirstOrThrow();
    expect(row.runningToken).toBeNull();
  });
});
