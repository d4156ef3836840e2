import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { listeningAddress, socketOf } from '../../../test/sockets.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { verifyPassword } from '../../lib/passwords.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let creator: Person;
let teamAdmin: Person;
let ordinary: Person;
let teamId: number;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  [creator, teamAdmin, ordinary] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  teamId = await insertTestTeam(t.db, {
    [creator.userId]: [12],
    [teamAdmin.userId]: [4],
    [ordinary.userId]: [5],
  });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Opts = { payload?: InjectOptions['payload']; query?: Record<string, string> };
const api = async (token: string, method: Method, url: string, o: Opts = {}) =>
  (await t.call({ method, url, token, lang: 'en_US', ...o })).body;

const FORBIDDEN = {
  code: 403,
  msg: 'You do not have permission to do this; ask an administrator to grant it',
};
const OK = { code: 200, msg: 'Operation succeeded' };
const ROLE_INVALID = { code: 500, msg: 'Only the Team administrator and Team member roles can be given' };

async function teamRolesOf(userId: number, team = teamId) {
  const rows = await t.db
    .selectFrom('sysUserTeam as ut')
    .innerJoin('sysUserTeamRole as r', 'r.userTeamId', 'ut.userTeamId')
    .select('r.roleId')
    .where('ut.teamId', '=', team)
    .where('ut.userId', '=', userId)
    .execute();
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
}
const membership = (userId: number) =>
  t.db
    .selectFrom('sysUserTeam')
    .select(['isLock'])
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
const usersNamed = (...names: string[]) =>
  t.db.selectFrom('sysUser').select('userId').where('userName', 'in', names).execute();
const ids = (body: Json) => body.rows.map((r: { userId: number }) => r.userId);
const url = (path = '') => `/system/team/${teamId}${path}`;

describe('GET /system/team/:teamId/member', () => {
  it('lists members with their team roles, searches and pages; any member may read it', async () => {
    const res = await api(ordinary.token, 'GET', url('/member'), { query: { pageSize: '100' } });
    expect(res.code).toBe(200);
    const byId = new Map(res.rows.map((r: Json) => [r.userId, r]));
    expect(byId.get(creator.userId)).toMatchObject({
      userName: creator.userName,
      roleIds: [12],
      status: '0',
    });
    expect(byId.get(teamAdmin.userId)).toMatchObject({ roleIds: [4], roles: [{ roleId: 4 }] });
    expect(byId.get(ordinary.userId)).toMatchObject({ roleIds: [5] });
    expect(res.total).toBe(res.rows.length);
    expect(JSON.stringify(res)).not.toContain('"password"');

    const found = await api(ordinary.token, 'GET', url('/member'), {
      query: { 'params[search]': teamAdmin.userName },
    });
    expect(found).toMatchObject({ code: 200, total: 1 });
    expect(ids(found)).toEqual([teamAdmin.userId]);
    const stranger = await insertTestUser(t.db);
    const none = await api(ordinary.token, 'GET', url('/member'), {
      query: { 'params[search]': stranger.userName },
    });
    expect(none).toEqual({ code: 200, msg: 'Query succeeded', rows: [], total: 0 });
    const page = await api(creator.token, 'GET', url('/member'), { query: { pageSize: '1' } });
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(res.total);
    const rest = await api(creator.token, 'GET', url('/member'), {
      query: { 'params[excludeMembers]': `${creator.userId},${teamAdmin.userId}`, pageSize: '100' },
    });
    expect(ids(rest)).not.toContain(creator.userId);
    expect(ids(rest)).toContain(ordinary.userId);
  });
});

describe('GET /system/team/:teamId/not-member', () => {
  it('finds people by exact account, e-mail or phone, or teammates by name; no directory of everyone', async () => {
    const outsider = await insertTestUser(t.db, { email: `far${Date.now()}@example.com` });
    const q = (name: string) => ({ query: { 'params[search]': name } });
    const res = await api(teamAdmin.token, 'GET', url('/not-member'), q(outsider.userName));
    expect(res).toMatchObject({ code: 200, total: 1 });
    expect(res.rows[0]).toEqual({
      userId: outsider.userId,
      userName: outsider.userName,
      nickName: expect.any(String),
      avatar: null,
    });
    // Part of a stranger's name, or nothing at all, lists no stranger.
    const partial = await api(teamAdmin.token, 'GET', url('/not-member'), q(outsider.userName.slice(0, -1)));
    expect(ids(partial)).not.toContain(outsider.userId);
    const everyone = await api(teamAdmin.token, 'GET', url('/not-member'), { query: { pageSize: '100' } });
    expect(ids(everyone)).not.toContain(outsider.userId);
    const row = await t.db
      .selectFrom('sysUser')
      .select(['email', 'phoneNumber'])
      .where('userId', '=', outsider.userId)
      .executeTakeFirstOrThrow();
    for (const exact of [row.email, row.phoneNumber].filter(Boolean) as string[])
      expect(ids(await api(teamAdmin.token, 'GET', url('/not-member'), q(exact)))).toEqual([outsider.userId]);
    // Someone who shares another team with the inviter is found by part of a name.
    const teammate = await insertTestUser(t.db);
    await insertTestTeam(t.db, { [teamAdmin.userId]: [5], [teammate.userId]: [5] });
    expect(
      ids(await api(teamAdmin.token, 'GET', url('/not-member'), q(teammate.userName.slice(0, -1)))),
    ).toContain(teammate.userId);
    expect((await api(teamAdmin.token, 'GET', url('/not-member'), q(ordinary.userName))).total).toBe(0);
    expect(await api(ordinary.token, 'GET', url('/not-member'), q(outsider.userName))).toEqual(FORBIDDEN);
  });
});

describe('POST /system/team/:teamId/invite', () => {
  it('invites people, who become members with the chosen roles only when they accept', async () => {
    const [a, b] = [await t.signedIn(), await t.signedIn()];
    const payload = { memberIds: [a.userId, b.userId, ordinary.userId], roleIds: [4, 5] };
    expect(await api(teamAdmin.token, 'POST', url('/invite'), { payload })).toMatchObject({
      code: 200,
      msg: 'Invitations sent: 2. Each person becomes a member when they accept',
      data: 2,
      invited: 2,
      added: 0,
    });
    expect(await membership(a.userId)).toBeUndefined();
    expect(await api(a.token, 'GET', url())).toMatchObject({ code: 403 });
    // Each finds a notice with the invitation's state, and the invitation in their list.
    const notices = await api(a.token, 'GET', '/system/notice/list');
    expect(notices.rows[0].noticeTitle).toMatch(/invites you to the team/);
    const notice = await api(a.token, 'GET', `/system/notice/${notices.rows[0].noticeId}`);
    const invitationId = notice.data.invitation.invitationId as number;
    expect(notice.data.invitation).toEqual({ invitationId, state: 'pending' });
    expect(notice.data.teamName).toMatch(/^Team /);
    expect((await api(a.token, 'GET', '/system/team/invitation/mine')).data).toMatchObject([
      { invitationId, teamId },
    ]);
    // Nobody answers for someone else.
    expect((await api(b.token, 'POST', `/system/team/invitation/${invitationId}/accept`)).msg).toBe(
      'This invitation does not exist or is not yours',
    );
    expect(await api(a.token, 'POST', `/system/team/invitation/${invitationId}/accept`)).toMatchObject({
      code: 200,
      data: { teamId },
    });
    expect(await teamRolesOf(a.userId)).toEqual([4, 5]);
    expect((await api(a.token, 'GET', url())).code).toBe(200);
    expect((await api(a.token, 'POST', `/system/team/invitation/${invitationId}/decline`)).msg).toBe(
      'This invitation was already accepted',
    );
    const [mineB] = (await api(b.token, 'GET', '/system/team/invitation/mine')).data;
    expect((await api(b.token, 'POST', `/system/team/invitation/${mineB.invitationId}/decline`)).code).toBe(
      200,
    );
    expect(await membership(b.userId)).toBeUndefined();
    expect(await teamRolesOf(ordinary.userId)).toEqual([5]);
  });

  it('lets the super administrator add people at once, as the original did, telling them', async () => {
    const c = await insertTestUser(t.db);
    expect(
      await api(adminToken, 'POST', url('/invite'), { payload: { memberIds: [c.userId], roleIds: [5] } }),
    ).toMatchObject({
      code: 200,
      msg: 'Added to the team: 1. Each of them has been notified',
      data: 1,
      added: 1,
      invited: 0,
    });
    expect(await teamRolesOf(c.userId)).toEqual([5]);
  });

  it('tells someone added at once by a notice in their language, and their open pages at once', async () => {
    const base = await listeningAddress(t);
    const newcomer = await t.signedIn();
    const socket = await socketOf(base, newcomer);
    await api(adminToken, 'POST', url('/invite'), {
      payload: { memberIds: [newcomer.userId], roleIds: [5] },
    });
    await until(() => socket.frames.some((f) => f.action === 'teamsChanged'));
    expect(socket.frames.find((f) => f.action === 'teamsChanged')).toMatchObject({
      code: 200,
      data: { teamId },
    });
    socket.close();
    const [notice] = (await api(newcomer.token, 'GET', '/system/notice/list')).rows;
    expect(notice.noticeTitle).toMatch(/^.+ added you to the team Team /);
    const zh = (await t.call({ method: 'GET', url: '/system/notice/list', token: newcomer.token })).body;
    expect(zh.rows[0].noticeTitle).toMatch(/已将您加入团队 Team /);
    // Standing in no team, the newcomer now stands in this one; the session says so.
    expect((await api(newcomer.token, 'GET', '/getInfo')).config).toMatchObject({ currentTeamId: teamId });
  });

  it('puts someone who accepts an invitation in the team when they stood in none, and tells their pages', async () => {
    const base = await listeningAddress(t);
    const [newcomer, busy] = [await t.signedIn(), await t.signedIn()];
    const otherTeam = await insertTestTeam(t.db, { [busy.userId]: [5] });
    expect(
      (await api(busy.token, 'PUT', '/system/user-config', { payload: { currentTeamId: otherTeam } })).code,
    ).toBe(200);
    await api(teamAdmin.token, 'POST', url('/invite'), {
      payload: { memberIds: [newcomer.userId, busy.userId], roleIds: [5] },
    });
    const socket = await socketOf(base, newcomer);
    for (const who of [newcomer, busy]) {
      const [mine] = (await api(who.token, 'GET', '/system/team/invitation/mine')).data;
      expect((await api(who.token, 'POST', `/system/team/invitation/${mine.invitationId}/accept`)).code).toBe(
        200,
      );
    }
    await until(() => socket.frames.some((f) => f.action === 'teamsChanged'));
    socket.close();
    expect((await api(newcomer.token, 'GET', '/getInfo')).config).toMatchObject({ currentTeamId: teamId });
    // Someone already standing in a team stays where they are.
    expect((await api(busy.token, 'GET', '/getInfo')).config).toMatchObject({ currentTeamId: otherTeam });
  });

  it('gives only team roles 4 and 5, needs people and roles, and is refused to an ordinary member', async () => {
    const c = await insertTestUser(t.db);
    const invite = (token: string, payload: Record<string, unknown>) =>
      api(token, 'POST', url('/invite'), { payload });
    for (const roleIds of [[12], [1], [2], [6], [10], [5, 11]]) {
      expect(await invite(creator.token, { memberIds: [c.userId], roleIds })).toEqual(ROLE_INVALID);
    }
    expect(await invite(creator.token, { memberIds: [], roleIds: [5] })).toEqual({
      code: 500,
      msg: 'Choose at least one member',
    });
    expect(await invite(creator.token, { memberIds: [c.userId], roleIds: [] })).toEqual({
      code: 500,
      msg: 'Choose at least one role',
    });
    expect(await invite(ordinary.token, { memberIds: [c.userId], roleIds: [5] })).toEqual(FORBIDDEN);
    expect(await membership(c.userId)).toBeUndefined();
  });
});

describe('POST /system/team/:teamId/member', () => {
  let seq = 0;
  const fresh = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      nickName: `Member ${seq}`,
      userName: `member${seq}`,
      password: 'secret1',
      phoneNumber: `1500000${String(seq).padStart(4, '0')}`,
      email: `m${seq}@example.com`,
      roleIds: [5],
      ...over,
    };
  };

  it('creates an account directly in the team, standing in it', async () => {
    const body = fresh({ userName: 'direct1', roleIds: [4] });
    const res = await api(teamAdmin.token, 'POST', url('/member'), { payload: body });
    expect(res).toMatchObject({ ...OK, data: { userId: expect.any(Number) } });
    const userId = res.data.userId as number;
    const row = await t.db
      .selectFrom('sysUser')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      userName: 'direct1',
      nickName: body.nickName,
      phoneNumber: body.phoneNumber,
      email: body.email,
      createBy: teamAdmin.userName,
      status: '0',
      delFlag: '0',
    });
    expect(await verifyPassword('secret1', row.password)).toBe(true);
    const platform = await t.db
      .selectFrom('sysUserRole')
      .select('roleId')
      .where('userId', '=', userId)
      .execute();
    expect(platform).toEqual([{ roleId: 10 }]);
    expect(await teamRolesOf(userId)).toEqual([4]);
    const config = await t.db.selectFrom('sysUserConfig').selectAll().where('userId', '=', userId).execute();
    expect(config).toMatchObject([{ currentTeamId: teamId, currentProjectId: 0 }]);
    // The team administrator chose the password: its owner sets their own before anything else.
    expect(row.passwordChangeRequired).toBe(1);
    const token = await t.login('direct1', 'secret1');
    expect(await api(token, 'GET', '/system/team/my')).toMatchObject({
      code: 403,
      msg: 'Set a password of your own first: this one was chosen by someone else',
      passwordChangeRequired: true,
    });
    const changed = await api(token, 'PUT', '/system/user/profile/updatePwd', {
      payload: { oldPassword: 'secret1', newPassword: 'mine-now1' },
    });
    expect(changed.code).toBe(200);
    expect((await api(token, 'GET', '/system/team/my')).rows).toMatchObject([{ teamId }]);
  });

  it('checks every field and keeps account and phone unique', async () => {
    const taken = fresh({ userName: 'taken1' });
    expect((await api(creator.token, 'POST', url('/member'), { payload: taken })).code).toBe(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nickName: 'N' }, 'The member name must be 2 to 20 characters long'],
      [{ nickName: 'N'.repeat(21) }, 'The member name must be 2 to 20 characters long'],
      [{ userName: 'b' }, 'The account must be 2 to 20 characters long'],
      [{ userName: 'b'.repeat(21) }, 'The account must be 2 to 20 characters long'],
      [{ password: '1234' }, 'The password must be 5 to 20 characters long'],
      [{ password: 'p'.repeat(21) }, 'The password must be 5 to 20 characters long'],
      [{ phoneNumber: '1390000000' }, 'The phone number must be 11 to 16 characters long'],
      [{ phoneNumber: '13900000000000000' }, 'The phone number must be 11 to 16 characters long'],
      [{ phoneNumber: 'abcdefghijk' }, 'The phone number is not valid'],
      [{ email: 'not-an-address' }, 'The email address is not valid'],
      [{ email: 'a@b' }, 'The email address is not valid'],
      [{ roleIds: [12] }, ROLE_INVALID.msg],
      [{ roleIds: [] }, 'Choose at least one role'],
      [
        { userName: 'taken1', nickName: 'Again' },
        'Could not save member "Again": the account "taken1" already exists',
      ],
      [
        { phoneNumber: taken.phoneNumber, nickName: 'Twin' },
        `Could not save member "Twin": the phone number "${taken.phoneNumber}" is already used`,
      ],
    ];
    for (const [over, msg] of cases) {
      const payload = fresh({ userName: 'broken1', ...over });
      expect(await api(creator.token, 'POST', url('/member'), { payload }), msg).toEqual({ code: 500, msg });
    }
    expect(await usersNamed('broken1', 'b', 'b'.repeat(21))).toEqual([]);
    expect(await usersNamed('taken1')).toHaveLength(1);
  });

  it('is refused to an ordinary member', async () => {
    const payload = fresh({ userName: 'sneaky1' });
    expect(await api(ordinary.token, 'POST', url('/member'), { payload })).toEqual(FORBIDDEN);
    expect(await usersNamed('sneaky1')).toEqual([]);
  });
});

describe('PUT /system/team/:teamId/member/:memberId/roles', () => {
  it('replaces a member’s team roles; never the creator’s, never role 12', async () => {
    const m = await insertTestUser(t.db);
    // The super administrator adds at once; anyone else invites (see the invitations below).
    await api(adminToken, 'POST', url('/invite'), { payload: { memberIds: [m.userId], roleIds: [5] } });
    const set = (token: string, memberId: number, payload: number[]) =>
      api(token, 'PUT', url(`/member/${memberId}/roles`), { payload });
    expect(await set(teamAdmin.token, m.userId, [4, 5])).toEqual(OK);
    expect(await teamRolesOf(m.userId)).toEqual([4, 5]);
    expect(await set(creator.token, m.userId, [5])).toEqual(OK);
    expect(await teamRolesOf(m.userId)).toEqual([5]);

    expect(await set(creator.token, m.userId, [12])).toEqual(ROLE_INVALID);
    expect(await set(creator.token, m.userId, [])).toEqual({
      code: 500,
      msg: 'Member roles cannot be empty',
    });
    expect(await set(teamAdmin.token, creator.userId, [5])).toEqual({
      code: 500,
      msg: "The team creator's roles and status cannot be changed",
    });
    expect(await teamRolesOf(creator.userId)).toEqual([12]);
    const outsider = await insertTestUser(t.db);
    expect(await set(creator.token, outsider.userId, [5])).toEqual({
      code: 500,
      msg: 'This member was not found in the team',
    });
    expect(await set(creator.token, 999_999, [5])).toEqual({
      code: 500,
      msg: 'This member was not found in the team',
    });
    expect(await set(ordinary.token, m.userId, [4])).toEqual(FORBIDDEN);
    expect(await teamRolesOf(m.userId)).toEqual([5]);
    expect(await teamRolesOf(outsider.userId)).toEqual([]);
  });
});

describe('PUT /system/team/:teamId/member/:memberId/role (lock)', () => {
  it('locks a member out of the team at once and unlocks them', async () => {
    const m = await t.signedIn();
    // The super administrator adds at once; anyone else invites (see the invitations below).
    await api(adminToken, 'POST', url('/invite'), { payload: { memberIds: [m.userId], roleIds: [5] } });
    expect(
      (await api(m.token, 'PUT', '/system/user-config', { payload: { currentTeamId: teamId } })).code,
    ).toBe(200);
    const lock = (token: string, memberId: number, teamLock: number) =>
      api(token, 'PUT', url(`/member/${memberId}/role`), { payload: { teamLock } });

    expect(await lock(teamAdmin.token, m.userId, 1)).toEqual(OK);
    expect(await membership(m.userId)).toEqual({ isLock: 1 });
    const config = await t.db
      .selectFrom('sysUserConfig')
      .selectAll()
      .where('userId', '=', m.userId)
      .execute();
    expect(config).toMatchObject([{ currentTeamId: 0, currentProjectId: 0 }]);
    expect(await api(m.token, 'GET', url())).toEqual({
      code: 403,
      msg: 'You do not have permission to access this team',
    });
    expect((await api(m.token, 'GET', '/system/team/my')).total).toBe(0);
    const listed = await api(creator.token, 'GET', url('/member'), {
      query: { 'params[search]': m.userName },
    });
    expect(listed.rows).toMatchObject([{ userId: m.userId, status: '1' }]);

    expect(await lock(teamAdmin.token, m.userId, 0)).toEqual(OK);
    expect(await membership(m.userId)).toEqual({ isLock: 0 });
    expect((await api(m.token, 'GET', url())).code).toBe(200);
  });

  it('refuses locking oneself, the creator, strangers, and callers without the right', async () => {
    const lock = (token: string, memberId: number, teamLock: number) =>
      api(token, 'PUT', url(`/member/${memberId}/role`), { payload: { teamLock } });
    expect(await lock(teamAdmin.token, teamAdmin.userId, 1)).toEqual({
      code: 500,
      msg: 'You cannot lock yourself',
    });
    expect(await lock(teamAdmin.token, creator.userId, 1)).toEqual({
      code: 500,
      msg: "The team creator's roles and status cannot be changed",
    });
    const outsider = await insertTestUser(t.db);
    expect((await lock(creator.token, outsider.userId, 1)).msg).toBe('This member was not found in the team');
    expect(await lock(ordinary.token, teamAdmin.userId, 1)).toEqual(FORBIDDEN);
    expect((await lock(creator.token, ordinary.userId, 2)).code).toBe(500);
    for (const u of [teamAdmin, creator, ordinary]) expect(await membership(u.userId)).toEqual({ isLock: 0 });
  });
});
