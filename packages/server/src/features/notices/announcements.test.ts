import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { listeningAddress, socketOf as openSocket } from '../../../test/sockets.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * POST and PUT /system/notice (the administrator's announcements, the original's
 * system:notice:add/edit granted to no role) and the fields of the `notice` and `panel_notice`
 * frames the original's clients read (original-backend §8).
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let base: string;
let admin: Person;
let alice: Person;
let bob: Person;
let projectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  base = await listeningAddress(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  alice = await t.signedIn();
  bob = await t.signedIn();
  const teamId = await insertTestTeam(t.db, { [alice.userId]: [12], [bob.userId]: [5] });
  projectId = await insertTestProject(t.db, teamId, { [alice.userId]: [11, 6, 8], [bob.userId]: [7] });
});
afterAll(async () => t.close());

const socketOf = (who: Person) => openSocket(base, who);

/** Polls until the lookup finds something, and answers it. */
async function found<T>(look: () => T | undefined | Promise<T | undefined>, ms = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await look();
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error(`nothing found within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const rowsOf = (title: string) =>
  t.db.selectFrom('sysNotice').selectAll().where('noticeTitle', '=', title).orderBy('receiverId').execute();

describe('POST /system/notice', () => {
  it('sends the administrator’s announcement to the people named, pushed with the original’s fields', async () => {
    const socket = await socketOf(bob);
    const res = await api(admin, 'POST', '/system/notice', {
      noticeTitle: 'Maintenance tonight',
      noticeContent: 'The platform **stops** at 22:00.',
      receiverIds: [bob.userId, alice.userId],
    });
    expect(res).toMatchObject({ code: 200, data: { sent: 2 } });
    const rows = await rowsOf('Maintenance tonight');
    expect(rows.map((r) => r.receiverId).sort()).toEqual([alice.userId, bob.userId].sort());
    expect(rows[0]).toMatchObject({ noticeType: '2', groupName: 'artificial', createBy: 'admin', isRead: 0 });
    const frame = await found(() => socket.frames.find((f) => f.action === 'notice'));
    expect(frame.data).toMatchObject({
      title: 'Maintenance tonight',
      content: 'The platform **stops** at 22:00.',
      group: 'artificial',
      receiveMemberId: bob.userId,
      type: 'MARKDOWN',
      noticeType: '1',
      status: '0',
      panel: false,
      noticeTitle: 'Maintenance tonight',
    });
    expect(frame.data.sn).toBe(String(frame.data.noticeId));
    expect(typeof frame.data.timestamp).toBe('number');
    socket.close();
    // Bob reads it in his inbox.
    const inbox = await api(bob, 'GET', '/system/notice/list');
    expect(inbox.rows[0]).toMatchObject({ noticeTitle: 'Maintenance tonight', isRead: false });
  });

  it('goes to every active person when no one is named, and is the administrator’s alone to send', async () => {
    expect((await api(alice, 'POST', '/system/notice', { noticeTitle: 'x', noticeContent: 'y' })).code).toBe(
      403,
    );
    const res = await api(admin, 'POST', '/system/notice', { noticeTitle: 'To all', noticeContent: 'Hello' });
    const people = await t.db
      .selectFrom('sysUser')
      .select('userId')
      .where('delFlag', '=', '0')
      .where('status', '=', '0')
      .execute();
    expect(res.data.sent).toBe(people.length);
    const unknown = await api(admin, 'POST', '/system/notice', {
      noticeTitle: 'Nobody',
      noticeContent: 'x',
      receiverIds: [999_999],
    });
    expect(unknown.msg).toBe('The recipient (999999) does not exist or is disabled');
    expect(await rowsOf('Nobody')).toEqual([]);
  });
});

describe('PUT /system/notice', () => {
  it('changes an announcement for everyone it went to, and never a notice the platform wrote', async () => {
    await api(admin, 'POST', '/system/notice', {
      noticeTitle: 'Typo insde',
      noticeContent: 'v1',
      receiverIds: [alice.userId, bob.userId],
    });
    const [first] = await rowsOf('Typo insde');
    const res = await api(admin, 'PUT', '/system/notice', {
      noticeId: String(first?.noticeId),
      noticeTitle: 'Typo inside',
      noticeContent: 'v2',
    });
    expect(res).toMatchObject({ code: 200, data: { changed: 2 } });
    expect((await rowsOf('Typo inside')).map((r) => r.noticeContent)).toEqual(['v2', 'v2']);
    // A defect notice records what happened: it stays as written.
    await api(alice, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Crash',
      defectDescribe: 'x',
      defectLevel: 'low',
      handleBy: [bob.userId],
    });
    const defectNotice = await found(() =>
      t.db.selectFrom('sysNotice').selectAll().where('groupName', '=', 'defect').executeTakeFirst(),
    );
    const refused = await api(admin, 'PUT', '/system/notice', {
      noticeId: defectNotice.noticeId,
      noticeTitle: 'x',
    });
    expect(refused.msg).toBe(
      'Only announcements made by an administrator can be edited; notices written by the platform stay as they are',
    );
    expect(
      (await api(alice, 'PUT', '/system/notice', { noticeId: first?.noticeId, noticeTitle: 'x' })).code,
    ).toBe(403);
  });
});

describe('defect notices over the socket', () => {
  it('carry the original’s message object; the pop-up’s content is HTML', async () => {
    const socket = await socketOf(bob);
    const created = await api(alice, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Checkout fails',
      defectDescribe: 'x',
      defectLevel: 'urgent',
      handleBy: [bob.userId],
    });
    expect(created.code).toBe(200);
    const notice = await found(() =>
      socket.frames.find((f) => f.action === 'notice' && String(f.data.title).includes('Checkout fails')),
    );
    const panel = await found(() =>
      socket.frames.find(
        (f) => f.action === 'panel_notice' && String(f.data.title).includes('Checkout fails'),
      ),
    );
    socket.close();
    expect(notice.data).toMatchObject({
      group: 'defect',
      projectId,
      receiveMemberId: bob.userId,
      type: 'MARKDOWN',
      backgroundMusic: true,
      backgroundMusicUrl: 'default.mp3',
      panel: false,
    });
    expect(notice.data.content).toContain('Checkout fails');
    expect(panel.data).toMatchObject({ noticeId: notice.data.noticeId, type: 'HTML', panel: true });
    expect(panel.data.content).toMatch(/<[a-z]+[ >]/);
    // Buglet's own client reads the same frame by its own names.
    expect(panel.data.noticeContent).toBe(notice.data.content);
  });
});
