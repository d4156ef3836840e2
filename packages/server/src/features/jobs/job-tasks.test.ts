import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { startSmtpPeer } from '../../../test/smtp-peer.ts';
import {
  apiAs,
  createTestApp,
  isPostgres,
  type Json,
  type Person,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { formatDateTime } from '../../lib/time.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let tester: Person;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ SCHEDULER_ENABLED: 'false', PUBLIC_URL: 'http://buglet.test' });
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() };
  tester = await t.signedIn();
  const team = await insertTestTeam(t.db, { [tester.userId]: [5] });
  projectId = await insertTestProject(t.db, team, { [tester.userId]: [8] });
});
afterAll(async () => t.close());

/** Runs a task through a job, by hand, and answers its log as the reader sees it (English). */
async function runTask(app: TestApp, who: Person, invokeTarget: string): Promise<Json> {
  const call = apiAs(app);
  const added = await call(who, 'POST', '/monitor/job', {
    jobName: `Task ${invokeTarget}`,
    invokeTarget,
    cronExpression: '0 0 3 * * ?',
  });
  expect(added.code, added.msg).toBe(200);
  const jobId = added.data.jobId as number;
  expect((await call(who, 'PUT', '/monitor/job/run', { jobId })).code).toBe(200);
  await app.app.jobs.runner.drain();
  const list = await call(who, 'GET', '/monitor/jobLog/list', undefined, { jobId: String(jobId) });
  expect(list.total).toBe(1);
  return list.rows[0];
}

const newDefect = async (defectName: string, over: Json = {}) => {
  const res = await api(tester, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName,
    defectDescribe: 'd',
    defectLevel: 'low',
    handleBy: [tester.userId],
    ...over,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.defectId as number;
};

describe('purgeLogs(days)', () => {
  it('deletes login, operation and job log entries older than the days given, and no newer ones', async () => {
    const old = '2001-02-03 04:05:06';
    const fresh = formatDateTime();
    for (const loginTime of [old, old, fresh]) {
      await t.db
        .insertInto('sysLogininfor')
        .values({
          userName: 'purge-me',
          ipaddr: '127.0.0.1',
          status: '0',
          msg: 'x',
          loginTime,
          loginLocation: null,
          browser: null,
          os: null,
        })
        .execute();
    }
    for (const operTime of [old, fresh]) {
      await sql`insert into sys_oper_log (title, oper_time) values (${'purge-me'}, ${operTime})`.execute(
        t.db,
      );
    }
    await t.db
      .insertInto('sysJobLog')
      .values({
        jobId: null,
        jobName: 'purge-me',
        jobGroup: 'DEFAULT',
        invokeTarget: 'recountTallies()',
        jobMessage: null,
        status: '0',
        exceptionInfo: null,
        fireTime: null,
        startTime: old,
        stopTime: old,
        costTime: 1,
        createTime: old,
      })
      .execute();

    const log = await runTask(t, admin, 'purgeLogs(30)');
    expect(log.status).toBe('0');
    expect(log.jobMessage).toMatch(
      /^Deleted 2 login log, 1 operation log and 1 job log entries from before \d{4}-/,
    );
    const logins = await t.db
      .selectFrom('sysLogininfor')
      .select('loginTime')
      .where('userName', '=', 'purge-me')
      .execute();
    expect(logins.map((r) => r.loginTime)).toEqual([fresh]);
    const { rows: opers } = await sql<{
      t: string;
    }>`select oper_time as t from sys_oper_log where title = ${'purge-me'}`.execute(t.db);
    expect(opers.map((r) => r.t)).toEqual([fresh]);
    expect(
      await t.db.selectFrom('sysJobLog').select('jobLogId').where('jobName', '=', 'purge-me').execute(),
    ).toEqual([]);
  });
});

describe('purgeExpired()', () => {
  it('deletes expired sessions and shares, and keeps live ones', async () => {
    const defectId = await newDefect('Shared');
    const expiring = await api(tester, 'POST', `/system/defect/${defectId}/shard`, { agingHour: 1 });
    expect(expiring.code).toBe(200);
    await t.db
      .updateTable('sysDefectShard')
      .set({ agingAt: Date.now() - 1000 })
      .where('defectId', '=', defectId)
      .execute();
    const other = await newDefect('Shared forever');
    expect((await api(tester, 'POST', `/system/defect/${other}/shard`, { agingHour: 0 })).code).toBe(200);
    const lapsed = await t.signedIn();
    await t.db
      .updateTable('sysSession')
      .set({ expireAt: Date.now() - 1000 })
      .where('userId', '=', lapsed.userId)
      .execute();

    const log = await runTask(t, admin, 'purgeExpired()');
    expect(log.jobMessage).toBe('Deleted expired sessions: 1; expired shares: 1');
    expect(
      await t.db.selectFrom('sysSession').select('tokenId').where('userId', '=', lapsed.userId).execute(),
    ).toEqual([]);
    const shares = await t.db
      .selectFrom('sysDefectShard')
      .select('defectId')
      .where('defectId', 'in', [defectId, other])
      .execute();
    expect(shares.map((s) => s.defectId)).toEqual([other]);
    // The caller's own session is alive and kept.
    expect((await api(tester, 'GET', '/getInfo')).code).toBe(200);
  });
});

describe('recountTallies()', () => {
  it('rebuilds the defect tallies from the defects and says how many counts were wrong', async () => {
    await newDefect('Tallied one');
    await newDefect('Tallied two', { defectType: 'TASK' });
    const tally = () =>
      t.db
        .selectFrom('sysDefectTally')
        .selectAll()
        .where('projectId', '=', projectId)
        .where('n', '>', 0)
        .orderBy('defectType')
        .orderBy('defectState')
        .execute();
    const right = await tally();
    expect(right.length).toBeGreaterThan(0);
    const first = right[0] as (typeof right)[number];
    await t.db
      .updateTable('sysDefectTally')
      .set({ n: 99 })
      .where('projectId', '=', projectId)
      .where('defectType', '=', first.defectType)
      .where('defectState', '=', first.defectState)
      .execute();
    await t.db
      .insertInto('sysDefectTally')
      .values({ projectId, defectType: 7, defectState: 7, n: 5 })
      .execute();
    // The handler tally (migration 036) too.
    const byHandler = () =>
      t.db
        .selectFrom('sysDefectHandlerTally')
        .selectAll()
        .where('projectId', '=', projectId)
        .where('n', '>', 0)
        .orderBy('userId')
        .orderBy('defectState')
        .execute();
    const handled = await byHandler();
    expect(handled.length).toBeGreaterThan(0);
    await t.db
      .updateTable('sysDefectHandlerTally')
      .set({ n: 0 })
      .where('projectId', '=', projectId)
      .execute();
    const log = await runTask(t, admin, 'recountTallies()');
    expect(log.jobMessage).toBe(`Recounted the defect tallies; counts corrected: ${2 + handled.length}`);
    expect(await tally()).toEqual(right);
    expect(await byHandler()).toEqual(handled);
  });
});

describe('cleanOrphanUploads(graceDays)', () => {
  it('removes old files no row names, and keeps named, recent and percent-encoded ones', async () => {
    const root = t.config.uploadDir;
    const put = (relative: string, bytes: number, isOld = true) => {
      const full = path.join(root, relative);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, Buffer.alloc(bytes, 1));
      if (isOld) fs.utimesSync(full, new Date('2020-01-01'), new Date('2020-01-01'));
      return full;
    };
    const kept = [
      put('upload/2020/01/01/in_description_20200101000000Aabcdef01.png', 10),
      put('avatar/2020/01/01/avatar_20200101000000A12345678.png', 10),
      put('upload/2020/01/01/截图_20200101000000A0000beef.png', 10),
      put('upload/2020/01/01/just_uploaded.png', 10, false),
    ];
    const removed = [
      put('upload/2020/01/01/orphan_20200101000000Adeadbeef.png', 1000),
      put('.tmp/5f2a9c', 24),
    ];
    await newDefect('With image', {
      defectDescribe: 'see ![x](/profile/upload/2020/01/01/in_description_20200101000000Aabcdef01.png)',
    });
    await t.db
      .updateTable('sysUser')
      .set({ avatar: 'http://buglet.test/profile/avatar/2020/01/01/avatar_20200101000000A12345678.png' })
      .where('userId', '=', tester.userId)
      .execute();
    await newDefect('Encoded', {
      defectDescribe: `![s](/profile/upload/2020/01/01/${encodeURIComponent('截图')}_20200101000000A0000beef.png)`,
    });

    const log = await runTask(t, admin, 'cleanOrphanUploads(7)');
    expect(log.status).toBe('0');
    expect(log.jobMessage).toBe('Unreferenced uploads removed: 2 (1 KB); files checked: 5, still in use: 3');
    for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
    for (const file of removed) expect(fs.existsSync(file), file).toBe(false);
  });
});

describe('sendNoticeDigests(hours)', () => {
  it('fails with the reason while no mail server is set up', async () => {
    const log = await runTask(t, admin, 'sendNoticeDigests(24)');
    expect(log).toMatchObject({
      status: '1',
      jobMessage: 'Failed',
      exceptionInfo: 'No mail server is set up: notice digests cannot be sent',
    });
  });

  it('mails each person a digest of their recent unread notices through the outbox', async () => {
    const smtp = await startSmtpPeer();
    const { mails, port } = smtp;
    try {
      const mail = { host: '127.0.0.1', port, secure: false, from: 'buglet@example.test' };
      expect((await api(admin, 'PUT', '/system/notice/mail-config', mail)).code).toBe(200);
      const reader = await insertTestUser(t.db, { email: 'reader@example.test' });
      await t.db
        .insertInto('sysUserConfig')
        .values({
          userId: reader.userId,
          currentTeamId: null,
          currentProjectId: null,
          lifeContent: null,
          lang: 'en_US',
          uiSettings: null,
        })
        .execute();
      const silent = await insertTestUser(t.db);
      const notice = (receiverId: number, noticeTitle: string, over: Json = {}) =>
        t.db
          .insertInto('sysNotice')
          .values({
            noticeTitle,
            noticeContent: 'c',
            noticeKey: null,
            noticeArgs: null,
            noticeType: '1',
            status: '0',
            groupName: 'artificial',
            projectId,
            receiverId,
            src: '/project/defect?defectId=1',
            isRead: 0,
            createBy: 'admin',
            createTime: formatDateTime(),
            ...over,
          })
          .execute();
      await notice(reader.userId, 'Unread recent one');
      await notice(reader.userId, 'Unread recent two');
      await notice(reader.userId, 'Already read', { isRead: 1 });
      await notice(reader.userId, 'Too old', { createTime: '2001-01-01 00:00:00' });
      await notice(silent.userId, 'No address to send to');

      const log = await runTask(t, admin, 'sendNoticeDigests(24)');
      expect(log).toMatchObject({
        status: '0',
        jobMessage: 'Notice digests sent: 1 (unread notices: 2)',
      });
      const queued = await t.db
        .selectFrom('sysNoticeOutbox')
        .selectAll()
        .where('receiverId', '=', reader.userId)
        .execute();
      expect(queued).toHaveLength(1);
      const payload = JSON.parse(queued[0]?.payload ?? '{}');
      expect(payload).toMatchObject({
        channel: 'mail',
        to: 'reader@example.test',
        subject: 'Unread notices: 2',
      });
      expect(payload.html).toContain('<a href="http://buglet.test/#/project/defect?defectId=1"');
      expect(payload.html).toContain('<a href="http://buglet.test/#/notice/index"');
      await until(async () => {
        await t.app.outbox.drain();
        return mails.length === 1;
      });
      // The text part is quoted-printable: where a line breaks depends on the texts' lengths.
      const sent = (mails[0] ?? '').replace(/=\r\n/g, '');
      expect(sent).toContain('reader@example.test');
      expect(sent).toContain('Unread recent one');
      expect(sent).toContain('Unread recent two');
      expect(sent).not.toContain('Already read');
      expect(sent).not.toContain('Too old');
    } finally {
      await smtp.close();
    }
  });
});

describe('backupDatabase(keep)', () => {
  it.runIf(isPostgres())('answers that PostgreSQL is backed up with pg_dump', async () => {
    const log = await runTask(t, admin, 'backupDatabase(7)');
    expect(log).toMatchObject({
      status: '1',
      exceptionInfo: 'Not available on PostgreSQL: use pg_dump to back up the database',
    });
  });

  it.runIf(!isPostgres())('refuses an in-memory database', async () => {
    const log = await runTask(t, admin, 'backupDatabase(7)');
    expect(log).toMatchObject({ status: '1', exceptionInfo: 'An in-memory database cannot be backed up' });
  });

  // The copy needs an SQLite file; on PostgreSQL the test above tells what happens instead.
  it.runIf(!isPostgres())(
    'copies the SQLite file into DATA_DIR/backups and keeps the newest copies',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-backup-'));
      const app = await createTestApp({
        SCHEDULER_ENABLED: 'false',
        DATABASE_URL: `sqlite:${path.join(dir, 'buglet.db')}`,
      });
      try {
        const who = { userId: 1, userName: 'admin', password: 'cat2bug', token: await app.login() };
        const backups = path.join(app.config.dataDir, 'backups');
        fs.mkdirSync(backups, { recursive: true });
        fs.writeFileSync(path.join(backups, 'not-ours.txt'), 'kept');
        const messages: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          messages.push((await runTask(app, who, 'backupDatabase(2)')).jobMessage);
          await new Promise((r) => setTimeout(r, 5));
        }
        expect(messages[0]).toMatch(
          /^Backed up the database to backups\/buglet-\d{14}-\d{3}\.db \(.+\); older copies removed: 0$/,
        );
        expect(messages[2]).toMatch(/older copies removed: 1$/);
        const copies = fs
          .readdirSync(backups)
          .filter((n) => n.endsWith('.db'))
          .sort();
        expect(copies).toHaveLength(2);
        expect(fs.existsSync(path.join(backups, 'not-ours.txt'))).toBe(true);
        // The newest copy is a whole database holding what was there before the run.
        const copy = new SQLite(path.join(backups, copies[1] ?? ''), { readonly: true });
        try {
          const jobs = copy.prepare('select job_name from sys_job order by job_id').all() as Array<{
            job_name: string;
          }>;
          expect(jobs.map((j) => j.job_name)).toEqual([
            // Seeded (migration 049), then this test's.
            '清空回收站',
            'Task backupDatabase(2)',
            'Task backupDatabase(2)',
            'Task backupDatabase(2)',
          ]);
          expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          copy.close();
        }
      } finally {
        await app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
