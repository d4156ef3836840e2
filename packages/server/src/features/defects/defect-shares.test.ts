import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { SHARE_WRONG_BUDGET } from './share-passwords.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let tester: Person;
let stranger: Person;
let defectId: number;
let projectId: number;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp();
  [tester, stranger] = [await t.signedIn(), await t.signedIn()];
  teamId = await insertTestTeam(t.db, { [tester.userId]: [5] });
  projectId = await insertTestProject(t.db, teamId, { [tester.userId]: [8] });
  const res = await t.call({
    method: 'POST',
    url: '/system/defect',
    token: tester.token,
    payload: {
      projectId,
      defectType: 'BUG',
      defectName: 'Shared bug',
      defectDescribe: 'd',
      defectLevel: 'low',
      handleBy: [tester.userId],
    },
  });
  defectId = res.body.data.defectId;
});
afterAll(async () => t.close());

const share = async (payload: Json) =>
  (
    await t.call({
      method: 'POST',
      url: `/system/defect/${defectId}/shard`,
      token: tester.token,
      payload,
      lang: 'en_US',
    })
  ).body;
const noticesOf = (userId: number) =>
  t.db
    .selectFrom('sysNotice')
    .select(['noticeId', 'groupName', 'receiverId'])
    .where('receiverId', '=', userId)
    .orderBy('noticeId')
    .execute();
const open = async (shardId: string, password?: string, token?: string, remoteAddress = '127.0.0.1') =>
  (
    await t.call({
      method: 'GET',
      url: `/prod-api/system/defect/${defectId}/shard/${shardId}`,
      lang: 'en_US',
      remoteAddress,
      ...(password === undefined ? {} : { query: { password } }),
      ...(token ? { token } : {}),
    })
  ).body;

describe('share links', () => {
  it('keep their id when shared again and never return or store the password', async () => {
    const first = await share({ agingHour: 24, password: '4821', defaultLang: 'en_US' });
    expect(first.data).toMatchObject({ defectId, agingHour: 24, hasPassword: true, defaultLang: 'en_US' });
    expect(first.data).not.toHaveProperty('password');
    const again = await share({ agingHour: 0, password: '' });
    expect(again.data).toMatchObject({
      defectShardId: first.data.defectShardId,
      hasPassword: false,
      agingTime: null,
    });
    const row = await t.db.selectFrom('sysDefectShard').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4821');
    expect(await share({ agingHour: 5 })).toEqual({
      code: 500,
      msg: 'The validity period must be 1 hour, 1 day, 7 days or permanent',
    });
    expect(await share({ agingHour: 1, password: '12a4' })).toEqual({
      code: 500,
      msg: 'The share password must be 4 digits',
    });
  });

  it('open without login with the right password; wrong or missing passwords are refused', async () => {
    const { data } = await share({ agingHour: 1, password: '4821' });
    const id = data.defectShardId as string;
    expect(await open(id)).toEqual({ code: 500, msg: 'Enter the share password', passwordRequired: true });
    expect(await open(id, '0000')).toEqual({
      code: 500,
      msg: 'Wrong share password',
      passwordRequired: true,
    });
    const ok = await open(id, '4821');
    expect(ok.msg).toBe('Operation succeeded');
    expect(ok.data.defect).toMatchObject({ defectId, defectName: 'Shared bug' });
    // The original's entries: the type by name, its author's name.
    expect(ok.data.logs[0]).toMatchObject({ defectLogType: 'CREATE', defectLogTypeName: 'CREATE' });
    expect(ok.data.logs[0].createByName).toBeTruthy();
    expect(ok.data.logs[0]).not.toHaveProperty('commentList');
    expect(ok.data.defectLevel).toHaveLength(4);
    expect(ok.data).not.toHaveProperty('redirect');
    // A project member skips the password and is offered the way into the project.
    const member = await open(id, undefined, tester.token);
    expect(member.data.redirect).toMatchObject({ defectId });
    // The defect as its viewer sees it: starred for the member who starred it, not for others.
    const star = await t.call({
      method: 'PUT',
      url: `/system/defect/${defectId}`,
      token: tester.token,
      payload: { collect: 1 },
    });
    expect(star.body.code).toBe(200);
    expect((await open(id, undefined, tester.token)).data.defect.collect).toBe(true);
    expect((await open(id, '4821')).data.defect.collect).toBe(false);
    // Someone signed in but outside the project still needs it, and so does a member locked out.
    const needsPassword = { code: 500, msg: 'Enter the share password', passwordRequired: true };
    expect(await open(id, undefined, stranger.token)).toEqual(needsPassword);
    const locked = await t.signedIn();
    const createTime = '2026-01-01 00:00:00';
    await t.db
      .insertInto('sysUserProject')
      .values({ projectId, userId: locked.userId, createTime })
      .execute();
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: locked.userId, isLock: 1, createTime })
      .execute();
    expect(await open(id, undefined, locked.token)).toEqual(needsPassword);
    await t.db.updateTable('sysUserTeam').set({ isLock: 0 }).where('userId', '=', locked.userId).execute();
    expect((await open(id, undefined, locked.token)).data.redirect).toMatchObject({ defectId });
    // The super administrator is let in like a member.
    expect((await open(id, undefined, await t.login())).data.redirect).toMatchObject({ defectId });
  });

  it('rest for an address (an IPv6 one by its /64) after its five wrong guesses', async () => {
    const { data } = await share({ agingHour: 168, password: '7777' });
    const id = data.defectShardId as string;
    for (let i = 0; i < 5; i++)
      expect((await open(id, String(1000 + i), undefined, `2001:db8:5:5::${i + 1}`)).msg).toBe(
        'Wrong share password',
      );
    expect(await open(id, '7777', undefined, '2001:db8:5:5::99')).toEqual({
      code: 500,
      msg: 'Too many wrong passwords; try again in 10 min',
      passwordRequired: true,
    });
    expect((await open(id, '7777', undefined, '2001:db8:5:6::1')).data.defect).toMatchObject({ defectId });
  });

  it('lock after twenty wrong guesses from everyone, tell their owner, and open again when shared again', async () => {
    const { data } = await share({ agingHour: 168, password: '3141' });
    const id = data.defectShardId as string;
    const noticesBefore = await noticesOf(tester.userId);
    // Waves of ten guesses at once, each from an address of its own, until the link locks: no
    // more wrong guesses are checked than twenty in turn would be (the twentieth locks it).
    const locked =
      'This share link is locked after too many wrong passwords; ask whoever shared it to share it again';
    const answers: Json[] = [];
    for (let wave = 0; wave < 20 && !answers.some((x) => x.msg === locked); wave++)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, a) =>
            open(id, String(2000 + wave * 10 + a), undefined, `10.9.${wave}.${a + 1}`),
          ),
        )),
      );
    const checked = answers.filter((x) => x.msg === 'Wrong share password').length;
    expect(checked).toBe(SHARE_WRONG_BUDGET - 1);
    expect(
      answers.every((x) =>
        [
          locked,
          'Wrong share password',
          'A password for this link is being checked; try again in a moment',
        ].includes(x.msg),
      ),
    ).toBe(true);
    // Now the right password does not open it either, and the owner was told once.
    expect(await open(id, '3141', undefined, '10.10.0.1')).toEqual({ code: 500, msg: locked });
    expect(await open(id, undefined, undefined, '10.10.0.2')).toEqual({ code: 500, msg: locked });
    const notices = (await noticesOf(tester.userId)).slice(noticesBefore.length);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ groupName: 'defect', receiverId: tester.userId });
    const shown = await t.call({
      method: 'GET',
      url: `/system/notice/${notices[0]?.noticeId}`,
      token: tester.token,
      lang: 'en_US',
    });
    expect(shown.body.data.noticeTitle).toMatch(/^The share link of defect #\d+ is locked$/);
    expect(shown.body.data.noticeContent).toContain('was locked after 20 wrong passwords');
    // The owner sees it locked, shares again, and the link (the same id) opens.
    const view = await t.call({
      method: 'GET',
      url: `/system/defect/${defectId}/shard`,
      token: tester.token,
    });
    expect(view.body.data).toMatchObject({ defectShardId: id, isLocked: true });
    const reshared = await share({ agingHour: 168, password: '2718' });
    expect(reshared.data).toMatchObject({ defectShardId: id, isLocked: false });
    expect((await open(id, '2718', undefined, '10.10.0.3')).data.defect).toMatchObject({ defectId });
  });

  it('expire once their agingHour has passed, never with 0, and unknown ids learn nothing', async () => {
    const { data } = await share({ agingHour: 1, password: '' });
    // The server's clock moves on (only Date is faked: sockets and timers run as they do).
    const later = async (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + ms);
      try {
        return await open(data.defectShardId);
      } finally {
        vi.useRealTimers();
      }
    };
    expect((await later(59 * 60_000)).code).toBe(200);
    // Up to the very millisecond it expires at.
    const { agingAt } = await t.db
      .selectFrom('sysDefectShard')
      .select('agingAt')
      .where('defectShardId', '=', data.defectShardId)
      .executeTakeFirstOrThrow();
    expect((await later(Number(agingAt) - Date.now())).code).toBe(200);
    expect(await later(61 * 60_000)).toEqual({ code: 500, msg: 'This share link has expired' });
    // Shared again for good: a year on it still opens.
    expect((await share({ agingHour: 0, password: '' })).data.defectShardId).toBe(data.defectShardId);
    expect((await later(365 * 24 * 3_600_000)).code).toBe(200);
    expect(await open('0'.repeat(32))).toEqual({ code: 500, msg: 'No shared defect was found' });
    expect(await open('not-a-share-id')).toEqual({ code: 500, msg: 'No shared defect was found' });
  });

  it('find nothing once their defect is deleted', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/system/defect',
      token: tester.token,
      payload: {
        projectId,
        defectType: 'BUG',
        defectName: 'Gone',
        defectLevel: 'low',
        handleBy: [tester.userId],
      },
    });
    const goneId = made.body.data.defectId as number;
    const shared = await t.call({
      method: 'POST',
      url: `/system/defect/${goneId}/shard`,
      token: tester.token,
      payload: { agingHour: 0, password: '' },
    });
    const id = shared.body.data.defectShardId as string;
    const removed = await t.call({ method: 'DELETE', url: `/system/defect/${goneId}`, token: tester.token });
    expect(removed.body.code).toBe(200);
    const res = await t.call({
      method: 'GET',
      url: `/prod-api/system/defect/${goneId}/shard/${id}`,
      lang: 'en_US',
    });
    expect(res.body).toEqual({ code: 500, msg: 'No shared defect was found' });
  });
});
