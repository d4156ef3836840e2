import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Opts = {
  payload?: InjectOptions['payload'];
  query?: Record<string, string>;
  headers?: InjectOptions['headers'];
};
/** Calls in English with the given session; answers the body. */
const api = async (token: string, method: Method, url: string, o: Opts = {}) =>
  (await t.call({ method, url, token, lang: 'en_US', ...o })).body;

const ICON = '/profile/upload/2026/01/01/team.png';
const FORBIDDEN = {
  code: 403,
  msg: 'You do not have permission to do this; ask an administrator to grant it',
};
const NO_TEAM = { code: 403, msg: 'You do not have permission to access this team' };
const NO_PROJECT = { code: 403, msg: 'You do not have permission to access this project' };
const WRONG_PASSWORD = { code: 500, msg: 'Wrong password: nothing was changed' };

const teamRow = (teamId: number) =>
  t.db.selectFrom('sysTeam').selectAll().where('teamId', '=', teamId).executeTakeFirstOrThrow();
const projectRow = (projectId: number) =>
  t.db.selectFrom('sysProject').selectAll().where('projectId', '=', projectId).executeTakeFirstOrThrow();
const configOf = (userId: number) =>
  t.db
    .selectFrom('sysUserConfig')
    .select(['currentTeamId', 'currentProjectId'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
const teamsNamed = (teamName: string) =>
  t.db.selectFrom('sysTeam').select(['teamId', 'isDel']).where('teamName', '=', teamName).execute();
async function teamRolesOf(teamId: number, userId: number) {
  const rows = await t.db
    .selectFrom('sysUserTeam as ut')
    .innerJoin('sysUserTeamRole as r', 'r.userTeamId', 'ut.userTeamId')
    .select('r.roleId')
    .where('ut.teamId', '=', teamId)
    .where('ut.userId', '=', userId)
    .execute();
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
}
/** Makes the team (and optionally a project of it) the user's current one, through the API. */
const standIn = async (token: string, payload: Record<string, number>) =>
  expect((await api(token, 'PUT', '/system/user-config', { payload })).code).toBe(200);

describe('POST /system/team', () => {
  it('creates a team whose creator holds the team-creator role (12)', async () => {
    const u = await t.signedIn();
    const payload = { teamName: 'Alpha', teamIcon: ICON, introduce: 'The first team' };
    const res = await api(u.token, 'POST', '/system/team', { payload });
    expect(res).toMatchObject({
      code: 200,
      data: { ...payload, createBy: u.userName, createById: u.userId },
    });
    const teamId = res.data.teamId as number;
    expect(await teamRow(teamId)).toMatchObject({ ...payload, isDel: 0, createById: u.userId });
    expect(await teamRolesOf(teamId, u.userId)).toEqual([12]);
    const mine = await api(u.token, 'GET', '/system/team/my');
    expect(mine).toMatchObject({ code: 200, total: 1, rows: [{ teamId, teamName: 'Alpha' }] });
    expect(await api(u.token, 'GET', `/system/team/${teamId}`)).toMatchObject({
      code: 200,
      data: { teamId, teamName: 'Alpha', teamIcon: ICON },
    });
    const list = await api(u.token, 'GET', '/system/team/list', { query: { teamName: 'Alph' } });
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ teamId }] });
  });

  it('requires a name and an uploaded icon, and refuses a name a live team holds', async () => {
    const u = await t.signedIn();
    const create = (payload: Record<string, unknown>) => api(u.token, 'POST', '/system/team', { payload });
    expect(await create({ teamIcon: ICON })).toEqual({ code: 500, msg: 'The team name cannot be empty' });
    expect((await create({ teamName: '   ', teamIcon: ICON })).msg).toBe('The team name cannot be empty');
    expect((await create({ teamName: 'x'.repeat(65), teamIcon: ICON })).msg).toBe(
      'The team name cannot be longer than 64 characters',
    );
    expect(await create({ teamName: 'Beta' })).toEqual({ code: 500, msg: 'The team icon cannot be empty' });
    for (const teamIcon of ['https://evil.example/x.png', 'profile/upload/x.png', '/profile/avatar/x.png']) {
      expect(await create({ teamName: 'Beta', teamIcon })).toEqual({
        code: 500,
        msg: 'The team icon must be an uploaded image',
      });
    }
    expect(await teamsNamed('Beta')).toEqual([]);
    await insertTestTeam(t.db, {}, 'Taken');
    expect(await create({ teamName: 'Taken', teamIcon: ICON })).toEqual({
      code: 500,
      msg: 'The team name "Taken" already exists',
    });
    expect(await teamsNamed('Taken')).toHaveLength(1);
  });

  it('needs system:team:add, which the default role grants', async () => {
    const roleless = await t.signedIn([]);
    const payload = { teamName: 'Nobody', teamIcon: ICON };
    expect(await api(roleless.token, 'POST', '/system/team', { payload })).toEqual(FORBIDDEN);
    expect(await teamsNamed('Nobody')).toEqual([]);
    expect((await api('', 'POST', '/system/team', { payload })).code).toBe(401);
  });
});

describe('GET /system/team/my', () => {
  it('lists the live teams the caller belongs to and is not locked out of', async () => {
    const u = await t.signedIn();
    const a = await insertTestTeam(t.db, { [u.userId]: [5] });
    const locked = await insertTestTeam(t.db, { [u.userId]: [5] });
    await t.db.updateTable('sysUserTeam').set({ isLock: 1 }).where('teamId', '=', locked).execute();
    const gone = await insertTestTeam(t.db, { [u.userId]: [12] });
    await t.db.updateTable('sysTeam').set({ isDel: 1 }).where('teamId', '=', gone).execute();
    await insertTestTeam(t.db, {});
    const mine = await api(u.token, 'GET', '/system/team/my');
    expect(mine.rows.map((r: { teamId: number }) => r.teamId)).toEqual([a]);
    expect(mine.total).toBe(1);
    const list = await api(u.token, 'GET', '/system/team/list');
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ teamId: a }] });
    // The platform administrator lists every live team, never a deleted one.
    const all = await api(admin, 'GET', '/system/team/list', { query: { pageSize: '1000' } });
    const listed = all.rows.map((r: { teamId: number }) => r.teamId);
    expect(listed).toEqual(expect.arrayContaining([a, locked]));
    expect(listed).not.toContain(gone);
    const live = await t.db.selectFrom('sysTeam').select('teamId').where('isDel', '=', 0).execute();
    expect(all.total).toBe(live.length);
  });
});

describe('PUT /system/team', () => {
  it('lets the creator and a team admin (4) edit the base info; an ordinary member (5) is refused', async () => {
    const [creator, teamAdmin, ordinary] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
    const teamId = await insertTestTeam(t.db, {
      [creator.userId]: [12],
      [teamAdmin.userId]: [4],
      [ordinary.userId]: [5],
    });
    const edit = (token: string, payload: Record<string, unknown>) =>
      api(token, 'PUT', '/system/team', { payload: { teamId, ...payload } });

    const icon = '/profile/upload/2026/02/02/new.png';
    expect(await edit(creator.token, { teamName: 'Gamma', teamIcon: icon, introduce: 'Hi' })).toEqual({
      code: 200,
      msg: 'Operation succeeded',
    });
    expect(await teamRow(teamId)).toMatchObject({
      teamName: 'Gamma',
      teamIcon: icon,
      introduce: 'Hi',
      updateBy: creator.userName,
    });
    expect((await edit(teamAdmin.token, { introduce: 'By the admin' })).code).toBe(200);
    expect(await teamRow(teamId)).toMatchObject({ teamName: 'Gamma', introduce: 'By the admin' });

    expect(await edit(ordinary.token, { teamName: 'Hijacked' })).toEqual(FORBIDDEN);
    expect(await teamRow(teamId)).toMatchObject({ teamName: 'Gamma', updateBy: teamAdmin.userName });
  });

  it('validates like creation and keeps names unique among live teams', async () => {
    const creator = await t.signedIn();
    const teamId = await insertTestTeam(t.db, { [creator.userId]: [12] }, 'Delta');
    await insertTestTeam(t.db, {}, 'Epsilon');
    const edit = (payload: Record<string, unknown>) =>
      api(creator.token, 'PUT', '/system/team', { payload: { teamId, ...payload } });
    expect(await edit({ teamName: 'Epsilon' })).toEqual({
      code: 500,
      msg: 'The team name "Epsilon" already exists',
    });
    expect((await edit({ teamIcon: 'http://x/y.png' })).msg).toBe('The team icon must be an uploaded image');
    expect((await edit({ teamName: '' })).msg).toBe('The team name cannot be empty');
    expect((await edit({ introduce: 'i'.repeat(256) })).msg).toBe(
      'The introduction cannot be longer than 255 characters',
    );
    expect(await teamRow(teamId)).toMatchObject({ teamName: 'Delta', introduce: null, updateBy: null });
    // Keeping its own name is no clash.
    expect((await edit({ teamName: 'Delta', introduce: 'same' })).code).toBe(200);
    expect((await teamRow(teamId)).introduce).toBe('same');
  });
});

describe('DELETE /system/team/:teamId', () => {
  /** A team with a creator, an admin and an ordinary member standing in one of its projects. */
  async function populated(name: string) {
    const [creator, teamAdmin, ordinary] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
    const teamId = await insertTestTeam(
      t.db,
      { [creator.userId]: [12], [teamAdmin.userId]: [4], [ordinary.userId]: [5] },
      name,
    );
    const projectId = await insertTestProject(t.db, teamId, {
      [creator.userId]: [11],
      [ordinary.userId]: [7],
    });
    await standIn(ordinary.token, { currentProjectId: projectId });
    return { creator, teamAdmin, ordinary, teamId, projectId };
  }
  const untouched = async (teamId: number, projectId: number, standing: number) => {
    expect((await teamRow(teamId)).isDel).toBe(0);
    expect((await projectRow(projectId)).projectState).toBe(1);
    expect(await configOf(standing)).toEqual({ currentTeamId: teamId, currentProjectId: projectId });
  };

  it('checks the password for real and changes nothing when it is wrong', async () => {
    const { creator, ordinary, teamId, projectId } = await populated('Zeta');
    const remove = (payload?: InjectOptions['payload']) =>
      api(creator.token, 'DELETE', `/system/team/${teamId}`, payload === undefined ? {} : { payload });
    expect(await remove({ password: 'wrong-one' })).toEqual(WRONG_PASSWORD);
    expect(await remove({ password: ordinary.password.toUpperCase() })).toEqual(WRONG_PASSWORD);
    expect(await remove()).toEqual(WRONG_PASSWORD);
    expect(await remove({})).toEqual(WRONG_PASSWORD);
    await untouched(teamId, projectId, ordinary.userId);
  });

  it('only the creator (12) may delete: a team admin (4) and an ordinary member (5) are refused', async () => {
    const { teamAdmin, ordinary, teamId, projectId } = await populated('Eta');
    for (const who of [teamAdmin, ordinary]) {
      const payload = { password: who.password };
      expect(await api(who.token, 'DELETE', `/system/team/${teamId}`, { payload })).toEqual(FORBIDDEN);
    }
    await untouched(teamId, projectId, ordinary.userId);
  });

  it('soft-deletes the team and its projects (JSON password) and leaves nobody standing in them', async () => {
    const { creator, ordinary, teamId, projectId } = await populated('Theta');
    const other = await insertTestProject(t.db, teamId, { [creator.userId]: [11] });
    // Someone whose current team moved on while their current project stayed in this team.
    const wanderer = await t.signedIn();
    const elsewhere = await insertTestTeam(t.db, { [wanderer.userId]: [5] });
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: wanderer.userId, isLock: 0, createTime: null })
      .execute();
    await t.db
      .insertInto('sysUserProject')
      .values({ projectId: other, userId: wanderer.userId, createTime: null })
      .execute();
    await standIn(wanderer.token, { currentProjectId: other });
    await standIn(wanderer.token, { currentTeamId: elsewhere });
    // Switching team leaves the old team's project behind...
    expect(await configOf(wanderer.userId)).toEqual({ currentTeamId: elsewhere, currentProjectId: 0 });
    // ...but a pointer left by older data must still be cleared when the team goes.
    await t.db
      .updateTable('sysUserConfig')
      .set({ currentProjectId: other })
      .where('userId', '=', wanderer.userId)
      .execute();

    const payload = { password: creator.password };
    expect(await api(creator.token, 'DELETE', `/system/team/${teamId}`, { payload })).toEqual({
      code: 200,
      msg: 'Operation succeeded',
    });
    expect(await teamRow(teamId)).toMatchObject({ isDel: 1, updateBy: creator.userName });
    for (const id of [projectId, other]) expect((await projectRow(id)).projectState).toBe(0);
    // Memberships stay with the archived team.
    expect(await teamRolesOf(teamId, ordinary.userId)).toEqual([5]);
    expect(await configOf(ordinary.userId)).toEqual({ currentTeamId: 0, currentProjectId: 0 });
    expect(await configOf(wanderer.userId)).toEqual({ currentTeamId: elsewhere, currentProjectId: 0 });

    expect((await api(ordinary.token, 'GET', '/system/team/my')).total).toBe(0);
    expect(await api(ordinary.token, 'GET', `/system/team/${teamId}`)).toEqual(NO_TEAM);
    expect(await api(creator.token, 'GET', `/system/team/${teamId}`)).toEqual(NO_TEAM);
    expect(await api(ordinary.token, 'GET', `/system/project/${projectId}`)).toEqual(NO_PROJECT);
    // The name is free again.
    const again = await api(creator.token, 'POST', '/system/team', {
      payload: { teamName: 'Theta', teamIcon: ICON },
    });
    expect(again.code).toBe(200);
    expect(await teamsNamed('Theta')).toHaveLength(2);
  });

  it('takes the password as a raw text body too', async () => {
    const { creator, ordinary, teamId, projectId } = await populated('Iota');
    const raw = (password: string) =>
      api(creator.token, 'DELETE', `/system/team/${teamId}`, {
        payload: password,
        headers: { 'content-type': 'text/plain' },
      });
    expect(await raw('not-it')).toEqual(WRONG_PASSWORD);
    await untouched(teamId, projectId, ordinary.userId);
    expect((await raw(creator.password)).code).toBe(200);
    expect((await teamRow(teamId)).isDel).toBe(1);
    expect((await projectRow(projectId)).projectState).toBe(0);
  });

  it('lets the platform administrator delete any team with the admin password', async () => {
    const { teamId, projectId } = await populated('Kappa');
    expect(await api(admin, 'DELETE', `/system/team/${teamId}`, { payload: { password: 'nope1' } })).toEqual(
      WRONG_PASSWORD,
    );
    expect(
      (await api(admin, 'DELETE', `/system/team/${teamId}`, { payload: { password: 'cat2bug' } })).code,
    ).toBe(200);
    expect((await teamRow(teamId)).isDel).toBe(1);
    expect((await projectRow(projectId)).projectState).toBe(0);
  });
});
