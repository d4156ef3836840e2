import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { cellText, readFirstSheet } from '../../lib/xlsx.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let member: Person;

beforeAll(async () => {
  // Scheduled runs are the scheduler tests' concern; here only runs started by hand happen.
  t = await createTestApp({ SCHEDULER_ENABLED: 'false' });
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
  member = await t.signedIn();
});
afterAll(async () => t.close());

const JOB = {
  jobName: 'Nightly purge',
  jobGroup: 'SYSTEM',
  invokeTarget: 'purgeLogs(30)',
  cronExpression: '0 0 3 * * ?',
  misfirePolicy: '2',
  concurrent: '1',
  status: '0',
  remark: 'keeps a month',
};
const add = async (over: Json = {}) => {
  const res = await api(admin, 'POST', '/monitor/job', { ...JOB, ...over });
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200 });
  return res.data.jobId as number;
};
const rowOf = (jobId: number) =>
  t.db.selectFrom('sysJob').selectAll().where('jobId', '=', jobId).executeTakeFirstOrThrow();
const logsOf = (jobId: number) =>
  t.db.selectFrom('sysJobLog').selectAll().where('jobId', '=', jobId).orderBy('jobLogId').execute();
const msgOf = async (method: 'POST' | 'PUT', body: Json) =>
  (await api(admin, method, '/monitor/job', body)).msg;

async function exported(url: string, form: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${admin.token}`,
      language: 'en_US',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
  expect(String(res.headers['content-type'])).toMatch(/spreadsheetml/);
  const ws = await readFirstSheet(res.rawPayload);
  const rows: string[][] = [];
  ws?.eachRow((row) => {
    rows.push(Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value)));
  });
  return rows;
}

describe('access', () => {
  it('answers 401 without a session and 403 without the permission on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/monitor/job/list'],
      ['POST', '/monitor/job/export'],
      ['GET', '/monitor/job/tasks'],
      ['GET', '/monitor/job/cron/next?cronExpression=*+*+*+*+*+%3F'],
      ['GET', '/monitor/job/1'],
      ['POST', '/monitor/job'],
      ['PUT', '/monitor/job'],
      ['PUT', '/monitor/job/changeStatus'],
      ['PUT', '/monitor/job/run'],
      ['DELETE', '/monitor/job/1'],
      ['GET', '/monitor/jobLog/list'],
      ['POST', '/monitor/jobLog/export'],
      ['GET', '/monitor/jobLog/1'],
      ['DELETE', '/monitor/jobLog/1'],
      ['DELETE', '/monitor/jobLog/clean'],
    ];
    for (const [method, url] of routes) {
      expect((await t.call({ method, url })).body.code, `${method} ${url}`).toBe(401);
      expect((await api(member, method, url, {})).code, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the task whitelist and the cron preview', () => {
  it('lists the tasks with their typed parameters', async () => {
    const res = await api(admin, 'GET', '/monitor/job/tasks');
    expect(res.code).toBe(200);
    const names = (res.data as Json[]).map((task) => task.name);
    expect(names).toEqual([
      'purgeLogs',
      'purgeExpired',
      'backupDatabase',
      'sendNoticeDigests',
      'recountTallies',
      'cleanOrphanUploads',
      'purgeRecycleBin',
    ]);
    expect(res.data[0]).toEqual({
      name: 'purgeLogs',
      params: [{ name: 'days', min: 1, max: 3650, default: 30 }],
    });
  });

  it('answers the next five run times of an expression', async () => {
    const res = await api(admin, 'GET', '/monitor/job/cron/next', undefined, {
      cronExpression: '0/5 * * * * ?',
    });
    expect(res.code).toBe(200);
    const times = (res.data as string[]).map((s) => new Date(s.replace(' ', 'T')).getTime());
    expect(times).toHaveLength(5);
    for (let i = 1; i < 5; i += 1) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBe(5000);
    expect(new Date((res.data as string[])[0]?.replace(' ', 'T') ?? '').getSeconds() % 5).toBe(0);
    const weekly = await api(admin, 'GET', '/monitor/job/cron/next', undefined, {
      cronExpression: '0 30 9 ? * MON',
      count: '3',
    });
    expect(weekly.data).toHaveLength(3);
    for (const s of weekly.data as string[]) {
      const d = new Date(s.replace(' ', 'T'));
      expect([d.getDay(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([1, 9, 30, 0]);
    }
  });

  it('names what is wrong with an expression', async () => {
    const next = async (cronExpression: string) =>
      (await api(admin, 'GET', '/monitor/job/cron/next', undefined, { cronExpression })).msg;
    expect(await next('* * * * *')).toBe(
      'A cron expression has 6 or 7 fields (second minute hour day month weekday [year]), not 5',
    );
    expect(await next('0 0 25 * * ?')).toBe('The hour field of the cron expression is wrong: 25');
    expect(await next('0 0 12 1 * 2')).toBe(
      'A cron expression cannot name both a day of the month and a day of the week: make one of them ? or *',
    );
    expect(await next('0 0 0 1 1 ? 2020')).toBe('The cron expression 0 0 0 1 1 ? 2020 will never run again');
    expect(await next('')).toBe('The cron expression cannot be empty');
    const zh = await t.call({
      method: 'GET',
      url: '/monitor/job/cron/next',
      query: { cronExpression: '0 61 * * * ?' },
      token: admin.token,
      lang: 'zh_CN',
    });
    expect(zh.body.msg).toBe('Cron表达式的“分钟”字段不正确：61');
  });
});

describe('creating and editing', () => {
  it('creates a job with the original fields and reads it back with its next run time', async () => {
    const jobId = await add();
    const res = await api(admin, 'GET', `/monitor/job/${jobId}`);
    expect(res.data).toMatchObject({ ...JOB, jobId, createBy: 'admin', updateBy: null });
    expect(res.data.nextValidTime).toMatch(/^\d{4}-\d\d-\d\d 03:00:00$/);
    // Internal scheduler state never leaves the server.
    expect(res.data).not.toHaveProperty('firedUntil');
    expect(res.data).not.toHaveProperty('runningToken');
    expect((await rowOf(jobId)).firedUntil).toBeGreaterThan(Date.now() - 60_000);
  });

  it('creates a job paused unless asked otherwise, with the original defaults', async () => {
    const jobId = await add({
      status: undefined,
      misfirePolicy: undefined,
      concurrent: undefined,
      jobGroup: undefined,
    });
    expect(await rowOf(jobId)).toMatchObject({
      status: '1',
      misfirePolicy: '3',
      concurrent: '1',
      jobGroup: 'DEFAULT',
    });
    expect((await api(admin, 'GET', `/monitor/job/${jobId}`)).data.nextValidTime).toBeNull();
  });

  it('reads the policy and concurrency as the original’s form sends them, as numbers', async () => {
    const jobId = await add({ misfirePolicy: 1, concurrent: 0, status: '1' });
    expect(await rowOf(jobId)).toMatchObject({ misfirePolicy: '1', concurrent: '0', status: '1' });
    expect(await msgOf('POST', { ...JOB, misfirePolicy: 4 })).toBe('misfirePolicy must be one of: 1, 2, 3');
  });

  it('refuses an invoke target outside the whitelist, naming the problem', async () => {
    const before = await t.db.selectFrom('sysJob').select('jobId').execute();
    expect(await msgOf('POST', { ...JOB, invokeTarget: "ryTask.ryParams('x')" })).toBe(
      "The invoke target ryTask.ryParams('x') is not of the form task(arguments)",
    );
    expect(await msgOf('POST', { ...JOB, invokeTarget: 'exec(1)' })).toBe(
      'exec is not a task the server offers; the tasks are: purgeLogs, purgeExpired, backupDatabase, sendNoticeDigests, recountTallies, cleanOrphanUploads, purgeRecycleBin',
    );
    expect(await msgOf('POST', { ...JOB, invokeTarget: 'purgeLogs(0)' })).toBe(
      'Argument days of purgeLogs must be a whole number from 1 to 3650, not 0',
    );
    expect(await msgOf('POST', { ...JOB, invokeTarget: 'backupDatabase()' })).toBe(
      'backupDatabase takes 1 argument(s) (keep), 0 given',
    );
    expect(await msgOf('POST', { ...JOB, invokeTarget: 'http://evil/x' })).toBe(
      'The invoke target http://evil/x is not of the form task(arguments)',
    );
    expect(await t.db.selectFrom('sysJob').select('jobId').execute()).toHaveLength(before.length);
  });

  it('refuses a wrong cron expression and wrong fields by name', async () => {
    expect(await msgOf('POST', { ...JOB, cronExpression: '0 0 3 * * ? * x' })).toBe(
      'A cron expression has 6 or 7 fields (second minute hour day month weekday [year]), not 8',
    );
    expect(await msgOf('POST', { ...JOB, cronExpression: '0 0 3 ? * 9' })).toBe(
      'The weekday field of the cron expression is wrong: 9',
    );
    expect(await msgOf('POST', { ...JOB, jobName: ' ' })).toBe('The job name cannot be empty');
    expect(await msgOf('POST', { ...JOB, misfirePolicy: '4' })).toBe('misfirePolicy must be one of: 1, 2, 3');
    expect(await msgOf('POST', { ...JOB, concurrent: 'yes' })).toBe('concurrent must be one of: 0, 1');
    expect(await msgOf('POST', { ...JOB, jobName: 'x'.repeat(65) })).toBe(
      'jobName must be at most 64 characters long',
    );
  });

  it('edits a job; a new schedule starts from the change', async () => {
    const jobId = await add();
    await t.db.updateTable('sysJob').set({ firedUntil: 1 }).where('jobId', '=', jobId).execute();
    const same = await api(admin, 'PUT', '/monitor/job', { ...JOB, jobId, jobName: 'Renamed' });
    expect(same.code).toBe(200);
    expect(await rowOf(jobId)).toMatchObject({ jobName: 'Renamed', updateBy: 'admin', firedUntil: 1 });
    const retimed = await api(admin, 'PUT', '/monitor/job', { ...JOB, jobId, cronExpression: '0 0 4 * * ?' });
    expect(retimed.code).toBe(200);
    const row = await rowOf(jobId);
    expect(row.cronExpression).toBe('0 0 4 * * ?');
    expect(row.firedUntil).toBeGreaterThan(Date.now() - 60_000);
    expect(await msgOf('PUT', { ...JOB, jobId, invokeTarget: 'rm(1)' })).toMatch(/^rm is not a task/);
    expect(await msgOf('PUT', { ...JOB, jobId: 999_999 })).toBe('Scheduled job 999999 does not exist');
    expect((await rowOf(jobId)).invokeTarget).toBe('purgeLogs(30)');
  });

  it('pauses and resumes; a resumed job does not make up for the pause', async () => {
    const jobId = await add();
    const pause = await api(admin, 'PUT', '/monitor/job/changeStatus', { jobId, status: '1' });
    expect(pause.code).toBe(200);
    expect((await api(admin, 'GET', `/monitor/job/${jobId}`)).data).toMatchObject({
      status: '1',
      nextValidTime: null,
    });
    await t.db.updateTable('sysJob').set({ firedUntil: 1 }).where('jobId', '=', jobId).execute();
    expect((await api(admin, 'PUT', '/monitor/job/changeStatus', { jobId, status: '0' })).code).toBe(200);
    const row = await rowOf(jobId);
    expect(row.status).toBe('0');
    expect(row.firedUntil).toBeGreaterThan(Date.now() - 60_000);
    expect((await api(admin, 'PUT', '/monitor/job/changeStatus', { jobId, status: '2' })).msg).toBe(
      'status must be one of: 0, 1',
    );
    expect((await api(admin, 'PUT', '/monitor/job/changeStatus', { jobId: 999_999, status: '0' })).msg).toBe(
      'Scheduled job 999999 does not exist',
    );
  });
});

describe('listing, export and delete', () => {
  it('filters the list by name, group, status and target', async () => {
    const a = await add({
      jobName: 'Filter alpha',
      jobGroup: 'DEFAULT',
      invokeTarget: 'recountTallies()',
      status: '1',
    });
    const b = await add({
      jobName: 'Filter beta',
      jobGroup: 'SYSTEM',
      invokeTarget: 'purgeExpired()',
      status: '0',
    });
    const list = async (query: Record<string, string>) =>
      ((await api(admin, 'GET', '/monitor/job/list', undefined, query)).rows as Json[]).map((r) => r.jobId);
    expect(await list({ jobName: 'Filter' })).toEqual([a, b]);
    expect(await list({ jobName: 'Filter', jobGroup: 'SYSTEM' })).toEqual([b]);
    expect(await list({ jobName: 'Filter', status: '1' })).toEqual([a]);
    expect(await list({ invokeTarget: 'recount' })).toEqual([a]);
    const page = await api(admin, 'GET', '/monitor/job/list', undefined, { pageNum: '1', pageSize: '1' });
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect((await api(admin, 'GET', '/monitor/job/list', undefined, { status: '5' })).msg).toBe(
      'status must be one of: 0, 1',
    );
  });

  it('exports the filtered list to Excel with labels in the reader’s language', async () => {
    const jobId = await add({ jobName: 'Exported one', misfirePolicy: '1', concurrent: '0' });
    const rows = await exported('/monitor/job/export', { jobName: 'Exported one' });
    expect(rows[0]?.slice(0, 8)).toEqual([
      'Job ID',
      'Job name',
      'Job group',
      'Invoke target',
      'Cron expression',
      'Misfire policy',
      'Concurrent',
      'Status',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 8)).toEqual([
      String(jobId),
      'Exported one',
      'SYSTEM',
      'purgeLogs(30)',
      '0 0 3 * * ?',
      'Run immediately',
      'Allowed',
      'Normal',
    ]);
  });

  it('deletes a comma list of jobs', async () => {
    const [a, b] = [await add(), await add()];
    expect((await api(admin, 'DELETE', `/monitor/job/${a},${b}`)).code).toBe(200);
    expect(await t.db.selectFrom('sysJob').select('jobId').where('jobId', 'in', [a, b]).execute()).toEqual(
      [],
    );
    expect((await api(admin, 'GET', `/monitor/job/${a}`)).msg).toBe(`Scheduled job ${a} does not exist`);
    expect((await api(admin, 'DELETE', '/monitor/job/1,,x')).msg).toBe('Malformed ID list: 1,,x');
    expect((await api(admin, 'GET', '/monitor/job/abc')).msg).toBe('jobId has the wrong type');
  });
});

describe('running once and the job log', () => {
  it('runs a job now and logs its result, time and duration', async () => {
    const jobId = await add({ status: '1', invokeTarget: 'purgeExpired()' });
    const before = Date.now();
    const res = await api(admin, 'PUT', '/monitor/job/run', { jobId, jobGroup: 'SYSTEM' });
    expect(res).toEqual({ code: 200, msg: 'The job has started; its result will be in the job log' });
    await t.app.jobs.runner.drain();
    const [log] = await logsOf(jobId);
    expect(log).toMatchObject({
      jobName: JOB.jobName,
      jobGroup: 'SYSTEM',
      invokeTarget: 'purgeExpired()',
      status: '0',
      exceptionInfo: null,
      fireTime: null,
      jobMessage: 'job.result.purge-expired|0|0',
    });
    expect(new Date(log?.startTime.replace(' ', 'T') ?? '').getTime()).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) * 1000,
    );
    expect(log?.costTime).toBeGreaterThanOrEqual(0);
    const shown = await api(admin, 'GET', `/monitor/jobLog/${log?.jobLogId}`);
    expect(shown.data).toMatchObject({
      jobId,
      status: '0',
      jobMessage: 'Deleted expired sessions: 0; expired shares: 0',
    });
    const zh = await t.call({ method: 'GET', url: `/monitor/jobLog/${log?.jobLogId}`, token: admin.token });
    expect(zh.body.data.jobMessage).toBe('已删除过期会话 0 个、过期分享 0 个');
  });

  it('logs a failure with its error, e.g. a target changed behind the server’s back', async () => {
    const jobId = await add({ status: '1' });
    await t.db.updateTable('sysJob').set({ invokeTarget: 'evil(1)' }).where('jobId', '=', jobId).execute();
    expect((await api(admin, 'PUT', '/monitor/job/run', { jobId })).code).toBe(200);
    await t.app.jobs.runner.drain();
    const [log] = await logsOf(jobId);
    expect(log?.status).toBe('1');
    const shown = await api(admin, 'GET', `/monitor/jobLog/${log?.jobLogId}`);
    expect(shown.data.jobMessage).toBe('Failed');
    expect(shown.data.exceptionInfo).toMatch(/^evil is not a task the server offers/);
  });

  it('refuses to start a second run of a job that forbids concurrent runs', async () => {
    const jobId = await add({ concurrent: '1' });
    await t.db
      .updateTable('sysJob')
      .set({ runningUntil: Date.now() + 60_000, runningToken: 'elsewhere' })
      .where('jobId', '=', jobId)
      .execute();
    expect((await api(admin, 'PUT', '/monitor/job/run', { jobId })).msg).toBe(
      '"Nightly purge" does not allow concurrent runs, and its previous run has not finished yet',
    );
    // A lease that ran out (its instance died) no longer holds the job.
    await t.db
      .updateTable('sysJob')
      .set({ runningUntil: Date.now() - 1 })
      .where('jobId', '=', jobId)
      .execute();
    expect((await api(admin, 'PUT', '/monitor/job/run', { jobId })).code).toBe(200);
    await t.app.jobs.runner.drain();
    expect(await logsOf(jobId)).toHaveLength(1);
    expect((await rowOf(jobId)).runningToken).toBeNull();
    expect((await api(admin, 'PUT', '/monitor/job/run', { jobId: 999_999 })).msg).toBe(
      'Scheduled job 999999 does not exist',
    );
  });

  it('lists, filters, exports, deletes and cleans the log', async () => {
    const jobId = await add({ jobName: 'Logged job', invokeTarget: 'recountTallies()' });
    for (let i = 0; i < 3; i += 1) {
      await api(admin, 'PUT', '/monitor/job/run', { jobId });
      await t.app.jobs.runner.drain();
    }
    const list = await api(admin, 'GET', '/monitor/jobLog/list', undefined, { jobId: String(jobId) });
    expect(list.total).toBe(3);
    expect(list.rows[0]).toMatchObject({
      jobId,
      jobName: 'Logged job',
      jobMessage: 'Recounted the defect tallies; counts corrected: 0',
    });
    // Newest first.
    expect(list.rows[0].jobLogId).toBeGreaterThan(list.rows[2].jobLogId);
    const byName = await api(admin, 'GET', '/monitor/jobLog/list', undefined, {
      jobName: 'Logged',
      status: '0',
    });
    expect(byName.total).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await api(admin, 'GET', '/monitor/jobLog/list', undefined, {
      jobId: String(jobId),
      'params[beginTime]': '2000-01-01',
      'params[endTime]': '2000-01-02',
    });
    expect(ranged.total).toBe(0);
    expect(
      (
        await api(admin, 'GET', '/monitor/jobLog/list', undefined, {
          jobId: String(jobId),
          'params[endTime]': today,
        })
      ).total,
    ).toBe(3);

    const rows = await exported('/monitor/jobLog/export', { jobName: 'Logged job' });
    expect(rows).toHaveLength(4);
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Log ID',
      'Job name',
      'Job group',
      'Invoke target',
      'Message',
      'Status',
    ]);
    expect(rows[1]?.slice(1, 6)).toEqual([
      'Logged job',
      'SYSTEM',
      'recountTallies()',
      'Recounted the defect tallies; counts corrected: 0',
      'Succeeded',
    ]);

    const [first, second] = list.rows as Json[];
    expect(
      (await api(admin, 'DELETE', `/monitor/jobLog/${first?.jobLogId},${second?.jobLogId}`)).data,
    ).toEqual({
      removed: 2,
    });
    expect((await api(admin, 'GET', `/monitor/jobLog/${first?.jobLogId}`)).msg).toBe(
      `Job log ${first?.jobLogId} does not exist`,
    );
    expect((await api(admin, 'DELETE', '/monitor/jobLog/x,1')).msg).toBe('Malformed ID list: x,1');
    expect(await logsOf(jobId)).toHaveLength(1);
    // "clean" is its own route, never an id list.
    expect((await api(admin, 'DELETE', '/monitor/jobLog/clean')).code).toBe(200);
    expect(await t.db.selectFrom('sysJobLog').select('jobLogId').execute()).toEqual([]);
    expect((await api(admin, 'GET', '/monitor/jobLog/list')).total).toBe(0);
  });
});
