import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let lead: Person;
let teamAdmin: Person;
let dev: Person;
let tester: Person;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  [lead, teamAdmin, dev, tester] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  teamId = await insertTestTeam(t.db, {
    [lead.userId]: [12],
    [teamAdmin.userId]: [4],
    [dev.userId]: [5],
    [tester.userId]: [5],
  });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Opts = {
  payload?: InjectOptions['payload'];
  query?: Record<string, string>;
  headers?: InjectOptions['headers'];
};
const api = async (token: string, method: Method, url: string, o: Opts = {}) =>
  (await t.call({ method, url, token, lang: 'en_US', ...o })).body;

const OK = { code: 200, msg: 'Operation succeeded' };
const FORBIDDEN = {
  code: 403,
  msg: 'You do not have permission to do this; ask an administrator to grant it',
};
const NO_PROJECT = { code: 403, msg: 'You do not have permission to access this project' };
const ARCHIVED = { code: 500, msg: 'The project is archived: it can be read but not changed' };
const WRONG_PASSWORD = { code: 500, msg: 'Wrong password: nothing was changed' };

const projectRow = (projectId: number) =>
  t.db.selectFrom('sysProject').selectAll().where('projectId', '=', projectId).executeTakeFirstOrThrow();
const projectsNamed = (projectName: string) =>
  t.db.selectFrom('sysProject').select('projectId').where('projectName', '=', projectName).execute();
async function projectRolesOf(projectId: number) {
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
/** A working project of the team: lead creator (11), dev developer (7), tester tester (8). */
const standard = (over: { name?: string; createTime?: string } = {}) =>
  insertTestProject(t.db, teamId, { [lead.userId]: [11], [dev.userId]: [7], [tester.userId]: [8] }, over);

describe('POST /system/project', () => {
  it('creates a project in the team; its creator holds role 11 and the chosen members their roles', async () => {
    const payload = {
      teamId,
      projectName: 'Apollo',
      projectIcon: 'project-icon-7',
      projectIntroduce: 'To the moon',
      members: [
        { userId: dev.userId, roleIds: [7] },
        { userId: tester.userId, roleIds: [8, 9] },
        { userId: teamAdmin.userId, roleIds: [6] },
      ],
    };
    const res = await api(teamAdmin.token, 'POST', '/system/project', { payload });
    expect(res).toEqual({ ...OK, data: { projectId: expect.any(Number) } });
    const projectId = res.data.projectId as number;
    expect(await projectRow(projectId)).toMatchObject({
      projectName: 'Apollo',
      projectIcon: 'project-icon-7',
      projectIntroduce: 'To the moon',
      teamId,
      projectState: 1,
      isArchived: 0,
      createBy: teamAdmin.userName,
      createById: teamAdmin.userId,
    });
    // The creator's own entry in the list cannot take another role than creator.
    expect(await projectRolesOf(projectId)).toEqual({
      [teamAdmin.userId]: [11],
      [dev.userId]: [7],
      [tester.userId]: [8, 9],
    });
    const plain = await api(lead.token, 'POST', '/system/project', {
      payload: { teamId, projectName: 'Plain' },
    });
    expect(plain.code).toBe(200);
    expect(await projectRow(plain.data.projectId)).toMatchObject({
      projectIcon: 'project-icon-1',
      projectIntroduce: null,
    });
    expect(await projectRolesOf(plain.data.projectId)).toEqual({ [lead.userId]: [11] });
  });

  it('validates the fields, the roles given and that members belong to the team', async () => {
    const outsider = await insertTestUser(t.db);
    const locked = await insertTestUser(t.db);
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: locked.userId, isLock: 1, createTime: null })
      .execute();
    const create = (over: Record<string, unknown>) =>
      api(lead.token, 'POST', '/system/project', { payload: { teamId, projectName: 'Broken', ...over } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ projectName: undefined }, 'The project name cannot be empty'],
      [{ projectName: '  ' }, 'The project name cannot be empty'],
      [{ projectName: 'n'.repeat(65) }, 'The project name cannot be longer than 64 characters'],
      [{ teamId: undefined }, 'The team cannot be empty'],
      [{ projectIcon: 'project-icon-11' }, 'The cover must be one of the 10 built-in covers'],
      [{ projectIcon: '/static/img/project_icon11.svg' }, 'The cover must be one of the 10 built-in covers'],
      [
        { projectIcon: 'https://tracker.example/project_icon1.svg' },
        'The cover must be one of the 10 built-in covers',
      ],
      [{ projectIcon: '/profile/upload/x.svg' }, 'The cover must be one of the 10 built-in covers'],
      [{ projectIcon: '/profile/upload/../x.png' }, 'The cover must be one of the 10 built-in covers'],
      [{ projectIntroduce: 'i'.repeat(256) }, 'The introduction cannot be longer than 255 characters'],
      [
        { members: [{ userId: dev.userId, roleIds: [11] }] },
        'Only the Project administrator, Developer, Tester and Project guest roles can be given',
      ],
      [
        { members: [{ userId: dev.userId, roleIds: [4] }] },
        'Only the Project administrator, Developer, Tester and Project guest roles can be given',
      ],
      [{ members: [{ userId: dev.userId, roleIds: [] }] }, 'Choose at least one role'],
      [{ members: [{ userId: outsider.userId, roleIds: [7] }] }, 'The member "Nick'],
      [{ members: [{ userId: locked.userId, roleIds: [7] }] }, 'The member "Nick'],
    ];
    for (const [over, msg] of cases) {
      const res = await create(over);
      expect(res.code, msg).toBe(500);
      expect(res.msg, msg).toContain(msg);
    }
    expect((await create({ members: [{ userId: outsider.userId, roleIds: [7] }] })).msg).toMatch(
      /^The member "Nick \d+" is not an active member of this team$/,
    );
    expect(await projectsNamed('Broken')).toEqual([]);
  });

  it('is for team creators and admins: an ordinary member (5) is refused', async () => {
    expect(
      await api(dev.token, 'POST', '/system/project', { payload: { teamId, projectName: 'Nope' } }),
    ).toEqual(FORBIDDEN);
    expect(await projectsNamed('Nope')).toEqual([]);
  });
});

describe('GET and PUT /system/project', () => {
  it('shows a project to its members; the creator and project admins edit it, a developer (7) cannot', async () => {
    const projectId = await standard({ name: 'Before' });
    const admin6 = await t.signedIn();
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: admin6.userId, isLock: 0, createTime: null })
      .execute();
    await api(lead.token, 'POST', `/system/project/${projectId}/member`, {
      payload: { memberIds: [admin6.userId], roleIds: [6] },
    });
    expect(await api(dev.token, 'GET', `/system/project/${projectId}`)).toMatchObject({
      code: 200,
      data: { projectId, projectName: 'Before', teamId, archived: false, isMember: true, collect: false },
    });
    const edit = (token: string, payload: Record<string, unknown>) =>
      api(token, 'PUT', '/system/project', { payload: { projectId, ...payload } });
    const change = { projectName: 'After', projectIcon: 'project-icon-10', projectIntroduce: 'Edited' };
    expect(await edit(admin6.token, change)).toEqual(OK);
    expect(await projectRow(projectId)).toMatchObject({ ...change, updateBy: admin6.userName });
    expect(await edit(lead.token, { projectIntroduce: null })).toEqual(OK);
    expect((await projectRow(projectId)).projectIntroduce).toBeNull();
    expect(await edit(dev.token, { projectName: 'By dev' })).toEqual(FORBIDDEN);
    expect(await edit(tester.token, { projectName: 'By tester' })).toEqual(FORBIDDEN);
    expect((await edit(lead.token, { projectIcon: 'project-icon-0' })).msg).toBe(
      'The cover must be one of the 10 built-in covers, or an uploaded png or jpg image',
    );
    expect((await edit(lead.token, { projectName: '' })).msg).toBe('The project name cannot be empty');
    expect(await projectRow(projectId)).toMatchObject({
      projectName: 'After',
      projectIcon: 'project-icon-10',
      updateBy: lead.userName,
    });
  });
});

describe('archive and restore', () => {
  it('makes an archived project read-only until it is restored', async () => {
    const projectId = await standard({ name: 'Old' });
    const url = `/system/project/${projectId}`;
    expect(await api(dev.token, 'POST', `${url}/archive`)).toEqual(FORBIDDEN);
    expect(await api(lead.token, 'POST', `${url}/restore`)).toEqual({
      code: 500,
      msg: 'The project is not archived',
    });
    expect(await api(lead.token, 'POST', `${url}/archive`)).toEqual(OK);
    expect(await projectRow(projectId)).toMatchObject({ isArchived: 1, updateBy: lead.userName });

    const before = { project: await projectRow(projectId), roles: await projectRolesOf(projectId) };
    const newcomer = await insertTestUser(t.db);
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId, userId: newcomer.userId, isLock: 0, createTime: null })
      .execute();
    expect(
      await api(lead.token, 'PUT', '/system/project', { payload: { projectId, projectName: 'Renamed' } }),
    ).toEqual(ARCHIVED);
    expect(await api(lead.token, 'POST', `${url}/archive`)).toEqual(ARCHIVED);
    expect(
      await api(lead.token, 'POST', `${url}/member`, {
        payload: { memberIds: [newcomer.userId], roleIds: [7] },
      }),
    ).toEqual(ARCHIVED);
    expect(await api(lead.token, 'PUT', `${url}/member/${dev.userId}/role`, { payload: [6] })).toEqual(
      ARCHIVED,
    );
    expect(await api(lead.token, 'DELETE', `${url}/member/${tester.userId}`)).toEqual(ARCHIVED);
    expect({ project: await projectRow(projectId), roles: await projectRolesOf(projectId) }).toEqual(before);
    // Still readable.
    expect(await api(dev.token, 'GET', url)).toMatchObject({ code: 200, data: { archived: true } });
    // The client is not handed the permissions that would be refused, so it shows the project read-only.
    await api(dev.token, 'PUT', '/system/user-config', { payload: { currentProjectId: projectId } });
    const archived = (await api(dev.token, 'GET', '/getInfo')).permissions as string[];
    expect(archived).toContain('system:defect:list');
    expect(archived).not.toContain('system:defect:add');
    expect(archived).not.toContain('system:defect:repair');
    expect((await api(dev.token, 'GET', `${url}/member`)).total).toBe(3);

    expect(await api(dev.token, 'POST', `${url}/restore`)).toEqual(FORBIDDEN);
    expect(await api(lead.token, 'POST', `${url}/restore`)).toEqual(OK);
    expect((await projectRow(projectId)).isArchived).toBe(0);
    expect((await api(dev.token, 'GET', '/getInfo')).permissions).toContain('system:defect:add');
    expect(
      await api(lead.token, 'PUT', '/system/project', { payload: { projectId, projectName: 'Renamed' } }),
    ).toEqual(OK);
    expect((await projectRow(projectId)).projectName).toBe('Renamed');
  });
});

describe('DELETE /system/project/:projectId', () => {
  it('checks the password for real, is refused to a developer, and soft-deletes (JSON body)', async () => {
    const projectId = await standard();
    const url = `/system/project/${projectId}`;
    expect(
      (await api(dev.token, 'PUT', '/system/user-config', { payload: { currentProjectId: projectId } })).code,
    ).toBe(200);
    expect(await api(lead.token, 'DELETE', url, { payload: { password: 'wrong-one' } })).toEqual(
      WRONG_PASSWORD,
    );
    expect(
      await api(lead.token, 'DELETE', url, { payload: { password: dev.password.toUpperCase() } }),
    ).toEqual(WRONG_PASSWORD);
    expect(await api(lead.token, 'DELETE', url)).toEqual(WRONG_PASSWORD);
    expect(await api(dev.token, 'DELETE', url, { payload: { password: dev.password } })).toEqual(FORBIDDEN);
    expect((await projectRow(projectId)).projectState).toBe(1);
    const configOf = () =>
      t.db
        .selectFrom('sysUserConfig')
        .select(['currentTeamId', 'currentProjectId'])
        .where('userId', '=', dev.userId)
        .executeTakeFirstOrThrow();
    expect(await configOf()).toEqual({ currentTeamId: teamId, currentProjectId: projectId });

    expect(await api(lead.token, 'DELETE', url, { payload: { password: lead.password } })).toEqual(OK);
    expect(await projectRow(projectId)).toMatchObject({ projectState: 0, updateBy: lead.userName });
    expect(await configOf()).toEqual({ currentTeamId: teamId, currentProjectId: 0 });
    expect(await api(dev.token, 'GET', url)).toEqual(NO_PROJECT);
    expect(await api(lead.token, 'GET', url)).toEqual(NO_PROJECT);
    const listed = await api(lead.token, 'GET', '/system/project/list', {
      query: { teamId: String(teamId), pageSize: '1000' },
    });
    expect(listed.rows.map((r: Json) => r.projectId)).not.toContain(projectId);
  });

  it('takes the password as a raw text body too, typed as a form as the original client sends it', async () => {
    const projectId = await standard();
    const raw = (password: string, type = 'application/x-www-form-urlencoded') =>
      api(lead.token, 'DELETE', `/system/project/${projectId}`, {
        payload: password,
        headers: { 'content-type': type },
      });
    expect(await raw('not-it', 'text/plain')).toEqual(WRONG_PASSWORD);
    expect(await raw('password=not-it')).toEqual(WRONG_PASSWORD);
    expect((await projectRow(projectId)).projectState).toBe(1);
    expect(await raw(lead.password)).toEqual(OK);
    expect((await projectRow(projectId)).projectState).toBe(0);
  });
});
