import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let lead: Person;
let padmin: Person;
let dev: Person;
let tester: Person;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  [lead, padmin, dev, tester] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  teamId = await insertTestTeam(t.db, {
    [lead.userId]: [12],
    [padmin.userId]: [5],
    [dev.userId]: [5],
    [tester.userId]: [5],
  });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Opts = { payload?: InjectOptions['payload']; query?: Record<string, string> };
const api = async (token: string, method: Method, url: string, o: Opts = {}) =>
  (await t.call({ method, url, token, lang: 'en_US', ...o })).body;

const OK = { code: 200, msg: 'Operation succeeded' };
const FORBIDDEN = {
  code: 403,
  msg: 'You do not have permission to do this; ask an administrator to grant it',
};
const NO_PROJECT = { code: 403, msg: 'You do not have permission to access this project' };
const ROLE_INVALID = {
  code: 500,
  msg: 'Only the Project administrator, Developer, Tester and Project guest roles can be given',
};
const CREATOR = {
  code: 500,
  msg: "The project creator's roles cannot be changed, nor can the creator be removed",
};
const NOT_FOUND = { code: 500, msg: 'This member was not found in the project' };

/** Someone in the team (optionally locked) who is in no project yet. */
async function teammate(isLock = 0) {
  const u = await t.signedIn();
  await t.db
    .insertInto('sysUserTeam')
    .values({ teamId, userId: u.userId, isLock, createTime: null })
    .execute();
  return u;
}
/** A project with lead creator (11), padmin admin (6), dev developer (7), tester tester (8). */
const project = () =>
  insertTestProject(t.db, teamId, {
    [lead.userId]: [11],
    [padmin.userId]: [6],
    [dev.userId]: [7],
    [tester.userId]: [8],
  });
async function rolesIn(projectId: number) {
  const rows = await t.db
    .selectFrom('sysUserProject as up')
    .leftJoin('sysUserProjectRole as r', 'r.userProjectId', 'up.userProjectId')
    .select(['up.userId', 'r.roleId'])
    .where('up.projectId', '=', projectId)
    .orderBy('r.roleId')
    .execute();
  const out: Record<number, number[]> = {};
  for (const r of rows) out[r.userId] = [...(out[r.userId] ?? []), ...(r.roleId === null ? [] : [r.roleId])];
  return out;
}
const ids = (body: Json) => body.rows.map((r: { userId: number }) => r.userId);

describe('GET /system/project/:projectId/member and /not-member', () => {
  it('lists members with their project roles, by search and by role; any member may read it', async () => {
    const projectId = await project();
    const list = (query: Record<string, string> = {}) =>
      api(tester.token, 'GET', `/system/project/${projectId}/member`, { query });
    const all = await list();
    expect(all).toMatchObject({ code: 200, total: 4 });
    expect(ids(all)).toEqual([lead.userId, padmin.userId, dev.userId, tester.userId]);
    expect(all.rows[0]).toMatchObject({ userName: lead.userName, roleIds: [11], status: '0' });
    expect(all.rows[1].roles).toMatchObject([{ roleId: 6 }]);
    expect(JSON.stringify(all)).not.toContain('"password"');
    expect(ids(await list({ 'params[search]': dev.userName }))).toEqual([dev.userId]);
    expect(ids(await list({ roleId: '8' }))).toEqual([tester.userId]);
    expect((await list({ roleId: '9' })).total).toBe(0);
    const page = await list({ pageSize: '3', pageNum: '2' });
    expect(ids(page)).toEqual([tester.userId]);
    expect(page.total).toBe(4);
  });

  it('offers active team members not yet in the project, without contact data, to those who may add', async () => {
    const projectId = await project();
    const [free, locked, stranger] = [await teammate(), await teammate(1), await insertTestUser(t.db)];
    const res = await api(padmin.token, 'GET', `/system/project/${projectId}/not-member`, {
      query: { pageSize: '1000' },
    });
    expect(res.code).toBe(200);
    expect(ids(res)).toContain(free.userId);
    for (const id of [locked.userId, stranger.userId, lead.userId, dev.userId])
      expect(ids(res)).not.toContain(id);
    expect(Object.keys(res.rows[0]).sort()).toEqual(['avatar', 'nickName', 'userId', 'userName']);
    const searched = await api(padmin.token, 'GET', `/system/project/${projectId}/not-member`, {
      query: { 'params[search]': free.userName },
    });
    expect(ids(searched)).toEqual([free.userId]);
    expect(await api(dev.token, 'GET', `/system/project/${projectId}/not-member`)).toEqual(FORBIDDEN);
  });
});

describe('POST /system/project/:projectId/member', () => {
  it('adds team members with roles 6, 7, 8 or 9 and skips those already in', async () => {
    const projectId = await project();
    const [a, b] = [await teammate(), await teammate()];
    const add = (payload: Record<string, unknown>) =>
      api(padmin.token, 'POST', `/system/project/${projectId}/member`, { payload });
    expect(await add({ memberIds: [a.userId, b.userId, dev.userId], roleIds: [7, 8] })).toEqual({
      ...OK,
      data: 2,
    });
    const roles = await rolesIn(projectId);
    expect(roles[a.userId]).toEqual([7, 8]);
    expect(roles[b.userId]).toEqual([7, 8]);
    expect(roles[dev.userId]).toEqual([7]);
    const c = await teammate();
    expect(await add({ memberIds: [c.userId], roleIds: [6, 9] })).toEqual({ ...OK, data: 1 });
    expect((await rolesIn(projectId))[c.userId]).toEqual([6, 9]);
    // The new member reaches the project at once.
    expect((await api(c.token, 'GET', `/system/project/${projectId}`)).code).toBe(200);
  });

  it('refuses other roles, people outside the team or locked in it, and empty lists', async () => {
    const projectId = await project();
    const [ok, locked, stranger] = [await teammate(), await teammate(1), await insertTestUser(t.db)];
    // The stranger is an active member too, of a team of their own: only this team's counts.
    await insertTestTeam(t.db, { [stranger.userId]: [4] });
    const before = await rolesIn(projectId);
    const add = (payload: Record<string, unknown>) =>
      api(lead.token, 'POST', `/system/project/${projectId}/member`, { payload });
    for (const roleIds of [[11], [12], [4], [5], [1], [10], [7, 11]]) {
      expect(await add({ memberIds: [ok.userId], roleIds })).toEqual(ROLE_INVALID);
    }
    for (const who of [locked.userId, stranger.userId]) {
      const res = await add({ memberIds: [ok.userId, who], roleIds: [7] });
      expect(res.code).toBe(500);
      expect(res.msg).toMatch(/^The member "Nick \d+" is not an active member of this team$/);
    }
    expect(await add({ memberIds: [], roleIds: [7] })).toEqual({
      code: 500,
      msg: 'Choose at least one member',
    });
    expect(await add({ memberIds: [ok.userId], roleIds: [] })).toEqual({
      code: 500,
      msg: 'Choose at least one role',
    });
    expect(await rolesIn(projectId)).toEqual(before);
  });

  it('is refused to a developer (7) and a tester (8), whatever their platform roles', async () => {
    const projectId = await project();
    const both = await teammate();
    // Platform roles 2 (back office) and 3 (which grants project edits outside teams) count for nothing here.
    const platformDev = await t.signedIn([2, 3, 10]);
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: platformDev.userId, isLock: 0, createTime: null })
      .execute();
    await api(lead.token, 'POST', `/system/project/${projectId}/member`, {
      payload: { memberIds: [platformDev.userId], roleIds: [7] },
    });
    const before = {
      roles: await rolesIn(projectId),
      project: await t.db.selectFrom('sysProject').selectAll().where('projectId', '=', projectId).execute(),
    };
    expect(before.roles[platformDev.userId]).toEqual([7]);
    for (const who of [dev, tester, platformDev]) {
      const payload = { memberIds: [both.userId], roleIds: [6] };
      expect(await api(who.token, 'POST', `/system/project/${projectId}/member`, { payload })).toEqual(
        FORBIDDEN,
      );
      expect(await api(who.token, 'DELETE', `/system/project/${projectId}/member/${padmin.userId}`)).toEqual(
        FORBIDDEN,
      );
      expect(
        await api(who.token, 'PUT', `/system/project/${projectId}/member/${padmin.userId}/role`, {
          payload: [9],
        }),
      ).toEqual(FORBIDDEN);
      expect(
        await api(who.token, 'PUT', '/system/project', { payload: { projectId, projectName: 'Taken over' } }),
      ).toEqual(FORBIDDEN);
    }
    const after = {
      roles: await rolesIn(projectId),
      project: await t.db.selectFrom('sysProject').selectAll().where('projectId', '=', projectId).execute(),
    };
    expect(after).toEqual(before);
  });
});

describe('PUT /system/project/:projectId/member/:memberId/role', () => {
  it('replaces a member’s roles; never the creator’s, never role 11', async () => {
    const projectId = await project();
    const set = (token: string, memberId: number, payload: number[]) =>
      api(token, 'PUT', `/system/project/${projectId}/member/${memberId}/role`, { payload });
    expect(await set(padmin.token, dev.userId, [6, 8])).toEqual(OK);
    expect((await rolesIn(projectId))[dev.userId]).toEqual([6, 8]);
    expect(await set(lead.token, dev.userId, [7])).toEqual(OK);

    const before = await rolesIn(projectId);
    expect(await set(padmin.token, lead.userId, [6])).toEqual(CREATOR);
    expect(await set(lead.token, lead.userId, [6])).toEqual(CREATOR);
    expect(await set(lead.token, dev.userId, [11])).toEqual(ROLE_INVALID);
    expect(await set(lead.token, dev.userId, [])).toEqual({ code: 500, msg: 'Member roles cannot be empty' });
    expect(await set(lead.token, (await teammate()).userId, [7])).toEqual(NOT_FOUND);
    expect(await set(lead.token, 999_999, [7])).toEqual(NOT_FOUND);
    expect(await rolesIn(projectId)).toEqual(before);
  });
});

describe('DELETE /system/project/:projectId/member/:memberId', () => {
  it('removes a member, whose access ends with their very next call', async () => {
    const projectId = await project();
    const url = `/system/project/${projectId}`;
    expect(
      (await api(dev.token, 'PUT', '/system/user-config', { payload: { currentProjectId: projectId } })).code,
    ).toBe(200);
    expect((await api(dev.token, 'GET', url)).code).toBe(200);

    expect(await api(padmin.token, 'DELETE', `${url}/member/${dev.userId}`)).toEqual(OK);
    expect((await rolesIn(projectId))[dev.userId]).toBeUndefined();
    const leftover = await t.db
      .selectFrom('sysUserProjectRole as r')
      .leftJoin('sysUserProject as up', 'up.userProjectId', 'r.userProjectId')
      .select('r.userProjectId')
      .where('up.userProjectId', 'is', null)
      .execute();
    expect(leftover).toEqual([]);
    const config = await t.db
      .selectFrom('sysUserConfig')
      .selectAll()
      .where('userId', '=', dev.userId)
      .executeTakeFirstOrThrow();
    expect(config).toMatchObject({ currentTeamId: teamId, currentProjectId: 0 });
    expect(await api(dev.token, 'GET', url)).toEqual(NO_PROJECT);
    expect(await api(dev.token, 'GET', `${url}/member`)).toEqual(NO_PROJECT);
    expect(
      await api(dev.token, 'PUT', '/system/project', { payload: { projectId, projectName: 'x' } }),
    ).toEqual(NO_PROJECT);
    const tabs = await api(dev.token, 'GET', '/system/project/list', {
      query: { teamId: String(teamId), 'params[tab]': 'participated', pageSize: '1000' },
    });
    expect(tabs.rows.map((r: Json) => r.projectId)).not.toContain(projectId);

    // Brought back, they are in again with only the roles given now.
    expect(
      await api(lead.token, 'POST', `${url}/member`, { payload: { memberIds: [dev.userId], roleIds: [9] } }),
    ).toEqual({
      ...OK,
      data: 1,
    });
    expect((await rolesIn(projectId))[dev.userId]).toEqual([9]);
    expect((await api(dev.token, 'GET', url)).code).toBe(200);
  });

  it('refuses removing oneself, the creator, and someone not in the project', async () => {
    const projectId = await project();
    const url = `/system/project/${projectId}/member`;
    const before = await rolesIn(projectId);
    expect(await api(padmin.token, 'DELETE', `${url}/${padmin.userId}`)).toEqual({
      code: 500,
      msg: 'You cannot remove yourself from the project',
    });
    expect(await api(lead.token, 'DELETE', `${url}/${lead.userId}`)).toEqual({
      code: 500,
      msg: 'You cannot remove yourself from the project',
    });
    expect(await api(padmin.token, 'DELETE', `${url}/${lead.userId}`)).toEqual(CREATOR);
    expect(await api(padmin.token, 'DELETE', `${url}/${(await teammate()).userId}`)).toEqual(NOT_FOUND);
    expect(await rolesIn(projectId)).toEqual(before);
  });
});
