import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let lead: Person;
let tester: Person;
let teamId: number;
let projectId: number;
let otherProject: number;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: '', token: await t.login() };
  [lead, tester] = [await t.signedIn(), await t.signedIn()];
  teamId = await insertTestTeam(t.db, { [lead.userId]: [4], [tester.userId]: [5] });
  projectId = await insertTestProject(t.db, teamId, { [lead.userId]: [11], [tester.userId]: [8] });
  otherProject = await insertTestProject(t.db, teamId, { [tester.userId]: [8] });
});
afterAll(async () => t.close());

const newDefect = (project: number) => ({
  projectId: project,
  defectName: 'Totals wrong',
  handleBy: [tester.userId],
});
const lockProject = (isLock: boolean | number, lockRemark = 'Audit in progress', id = projectId) =>
  api(admin, 'PUT', `/admin/project/${id}/lock`, { isLock, lockRemark });
const lockTeam = (isLock: boolean, lockRemark = 'Contract ended') =>
  api(admin, 'PUT', `/admin/team/${teamId}/lock`, { isLock, lockRemark });
const info = async (who: Person, project: number) => {
  await api(who, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: project });
  return api(who, 'GET', '/getInfo');
};

describe('a project locked by the administrator', () => {
  it('refuses every change with the reason, still shows everything, and opens again when unlocked', async () => {
    // A write first, so the entry check is remembered: the lock must still apply at once.
    expect((await api(tester, 'POST', '/system/defect', newDefect(projectId))).code).toBe(200);
    expect(await lockProject(true)).toEqual({ code: 200, msg: 'Locked' });

    const refused = {
      code: 500,
      msg: 'The administrator has locked this project (Audit in progress): it can be read but not changed',
    };
    expect(await api(tester, 'POST', '/system/defect', newDefect(projectId))).toEqual(refused);
    expect(
      await api(lead, 'POST', '/system/module', { projectId, moduleName: 'Cart', modulePid: 0 }),
    ).toMatchObject(refused);
    // Reading goes on.
    const list = await api(tester, 'GET', '/system/defect/list', undefined, { projectId: String(projectId) });
    expect(list.total).toBe(1);
    // Another project of the team is not locked.
    expect((await api(tester, 'POST', '/system/defect', newDefect(otherProject))).code).toBe(200);

    // The member's client learns of the lock, and is handed no write permission there.
    const shown = await info(tester, projectId);
    expect(shown.config).toMatchObject({
      currentProjectLock: true,
      currentProjectLockRemark: 'Audit in progress',
      currentTeamLock: false,
    });
    expect(shown.permissions).not.toContain('system:defect:add');
    expect(shown.permissions).toContain('system:defect:list');

    // The administrator's list shows it locked, with the reason; the filter finds it.
    const locked = await api(admin, 'GET', '/admin/project/list', undefined, { isLock: '1' });
    expect(locked.rows).toEqual([
      expect.objectContaining({ projectId, isLock: 1, lockRemark: 'Audit in progress', memberCount: 2 }),
    ]);

    expect(await lockProject(0, 'Audit done')).toEqual({ code: 200, msg: 'Unlocked' });
    expect((await api(tester, 'POST', '/system/defect', newDefect(projectId))).code).toBe(200);
    expect((await info(tester, projectId)).config.currentProjectLock).toBe(false);
  });

  it('asks for a reason, and only the administrator may lock', async () => {
    expect(await lockProject(true, '  ')).toEqual({
      code: 500,
      msg: 'Give the reason for locking or unlocking',
    });
    expect(await lockProject(true, 'x'.repeat(256))).toEqual({
      code: 500,
      msg: 'The reason can have at most 255 characters',
    });
    expect(await api(admin, 'PUT', `/admin/project/${projectId}/lock`, { lockRemark: 'why' })).toEqual({
      code: 500,
      msg: 'Say whether to lock or unlock',
    });
    expect(await lockProject(true, 'x', 999_999)).toEqual({
      code: 500,
      msg: 'Project 999999 does not exist',
    });
    // The project's own admin may not lock it, nor see the administrator's list.
    expect(
      (await api(lead, 'PUT', `/admin/project/${projectId}/lock`, { isLock: 1, lockRemark: 'x' })).code,
    ).toBe(403);
    expect((await api(lead, 'GET', '/admin/project/list')).code).toBe(403);
    const row = await t.db
      .selectFrom('sysProject')
      .select('isLock')
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(row.isLock).toBe(0);
  });
});

describe('a team locked by the administrator', () => {
  it('makes the team and all its projects read-only, naming the reason', async () => {
    expect((await lockTeam(true)).code).toBe(200);
    const refused = 'The administrator has locked this team (Contract ended): it can be read but not changed';
    for (const project of [projectId, otherProject])
      expect(await api(tester, 'POST', '/system/defect', newDefect(project))).toEqual({
        code: 500,
        msg: refused,
      });
    expect(await api(lead, 'PUT', '/system/team', { teamId, introduce: 'New words' })).toEqual({
      code: 500,
      msg: refused,
    });
    expect(
      await api(lead, 'POST', '/system/project', {
        teamId,
        projectName: 'Another',
        projectIcon: '/profile/upload/a.png',
      }),
    ).toMatchObject({
      code: 500,
      msg: refused,
    });
    // Still readable; the members' clients see the lock of the team and, through it, of the project.
    expect((await api(tester, 'GET', `/system/team/${teamId}`)).code).toBe(200);
    const shown = await info(tester, projectId);
    expect(shown.config).toMatchObject({
      currentTeamLock: true,
      currentTeamLockRemark: 'Contract ended',
      currentProjectLock: true,
      currentProjectLockRemark: 'Contract ended',
    });
    const teams = await api(admin, 'GET', '/admin/team/list', undefined, { pageSize: '100' });
    expect(teams.rows.find((x: Json) => x.teamId === teamId)).toMatchObject({
      isLock: 1,
      lockRemark: 'Contract ended',
      projectCount: 2,
      memberCount: 2,
    });
    // 1.0's other path unlocks it as well.
    expect(
      (await api(admin, 'PUT', `/system/team/${teamId}/lock`, { isLock: false, lockRemark: 'Renewed' })).code,
    ).toBe(200);
    expect((await api(tester, 'POST', '/system/defect', newDefect(projectId))).code).toBe(200);
  });
});
