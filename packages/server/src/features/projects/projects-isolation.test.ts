import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let ownerB: Person;
let devB: Person;
let teamA: number;
let teamB: number;
let projectB: number;
beforeAll(async () => {
  t = await createTestApp();
  [ownerB, devB] = [await t.signedIn(), await t.signedIn()];
  teamB = await insertTestTeam(t.db, { [ownerB.userId]: [12], [devB.userId]: [5] }, 'Team B');
  projectB = await insertTestProject(
    t.db,
    teamB,
    { [ownerB.userId]: [11], [devB.userId]: [7] },
    { name: 'Secret B' },
  );
  teamA = await insertTestTeam(t.db, {}, 'Team A');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = async (token: string, method: Method, url: string, payload?: InjectOptions['payload']) =>
  (await t.call({ method, url, token, lang: 'en_US', ...(payload === undefined ? {} : { payload }) })).body;

const NO_PROJECT = { code: 403, msg: 'You do not have permission to access this project' };
const MISSING = 987_654;

async function joinTeam(teamId: number, userId: number, roleIds: number[], isLock = 0) {
  const m = await t.db
    .insertInto('sysUserTeam')
    .values({ teamId, userId, isLock, createTime: null })
    .returning('userTeamId')
    .executeTakeFirstOrThrow();
  for (const roleId of roleIds)
    await t.db.insertInto('sysUserTeamRole').values({ userTeamId: m.userTeamId, roleId }).execute();
}
async function snapshot() {
  const [projects, memberships, roles, configs] = await Promise.all([
    t.db.selectFrom('sysProject').selectAll().orderBy('projectId').execute(),
    t.db.selectFrom('sysUserProject').selectAll().orderBy('userProjectId').execute(),
    t.db.selectFrom('sysUserProjectRole').selectAll().orderBy('userProjectId').orderBy('roleId').execute(),
    t.db.selectFrom('sysUserConfig').selectAll().orderBy('userConfigId').execute(),
  ]);
  return { projects, memberships, roles, configs };
}

/** Every project-scoped call, aimed at the given project id, with bodies that would work for its creator. */
function projectCalls(projectId: number, who: Person): Array<[Method, string, InjectOptions['payload']?]> {
  const p = `/system/project/${projectId}`;
  const m = devB.userId;
  return [
    ['GET', p],
    ['PUT', '/system/project', { projectId, projectName: 'Hijacked', projectIntroduce: 'pwned' }],
    ['POST', `${p}/collect`, { collect: true }],
    ['POST', `${p}/archive`],
    ['POST', `${p}/restore`],
    ['DELETE', p, { password: who.password }],
    ['GET', `${p}/member`],
    ['GET', `${p}/member?params[search]=${devB.userName}`],
    ['GET', `${p}/not-member`],
    ['POST', `${p}/member`, { memberIds: [who.userId], roleIds: [6] }],
    ['PUT', `${p}/member/${m}/role`, [6]],
    ['DELETE', `${p}/member/${m}`],
    ['PUT', '/system/user-config', { currentProjectId: projectId }],
  ];
}

/** Every call answers exactly the bare 403 (no name, no count) and nothing changes. */
async function refusedEverywhere(who: Person, projectIds: number[]) {
  const before = await snapshot();
  for (const projectId of projectIds) {
    for (const [method, url, payload] of projectCalls(projectId, who)) {
      const body = await api(who.token, method, url, payload);
      expect(body, `${method} ${url}`).toEqual(NO_PROJECT);
    }
  }
  expect(await snapshot()).toEqual(before);
}

describe('project isolation', () => {
  it('a member of team A gets the bare 403 on every endpoint of a project of team B, and for an id that does not exist', async () => {
    const intruder = await t.signedIn();
    await joinTeam(teamA, intruder.userId, [12]);
    await insertTestProject(t.db, teamA, { [intruder.userId]: [11] });
    // An archived project does not tell it is archived.
    const archived = await insertTestProject(t.db, teamB, { [ownerB.userId]: [11] });
    await t.db.updateTable('sysProject').set({ isArchived: 1 }).where('projectId', '=', archived).execute();
    await refusedEverywhere(intruder, [projectB, archived, MISSING]);
  });

  it('platform roles open nothing either', async () => {
    const intruder = await t.signedIn([2, 3, 10]);
    await joinTeam(teamA, intruder.userId, [4]);
    await refusedEverywhere(intruder, [projectB, MISSING]);
  });

  it('a member of the same team, even its admin, is refused a project they are not in', async () => {
    const teamAdmin = await t.signedIn();
    await joinTeam(teamB, teamAdmin.userId, [4]);
    await refusedEverywhere(teamAdmin, [projectB]);
    // They do see it listed in the team, without being a member.
    const listed = await api(teamAdmin.token, 'GET', `/system/project/list?teamId=${teamB}`);
    expect(listed.rows).toMatchObject([{ projectId: projectB, isMember: false }]);
  });

  it('a project member locked in the team is refused the project', async () => {
    const locked = await t.signedIn();
    await joinTeam(teamB, locked.userId, [4], 1);
    await t.db
      .insertInto('sysUserProject')
      .values({ projectId: projectB, userId: locked.userId, createTime: null })
      .execute();
    await refusedEverywhere(locked, [projectB]);
  });

  it('a deleted project answers the same to everyone, its creator included', async () => {
    const gone = await insertTestProject(t.db, teamB, { [ownerB.userId]: [11], [devB.userId]: [7] });
    expect(
      await api(ownerB.token, 'DELETE', `/system/project/${gone}`, { password: ownerB.password }),
    ).toMatchObject({
      code: 200,
    });
    await refusedEverywhere(ownerB, [gone]);
    await refusedEverywhere(devB, [gone]);
  });

  it('a project of a deleted team is refused, even though the project row itself was live', async () => {
    const owner = await t.signedIn();
    const team = await insertTestTeam(t.db, { [owner.userId]: [12] });
    const p = await insertTestProject(t.db, team, { [owner.userId]: [11] });
    await t.db.updateTable('sysTeam').set({ isDel: 1 }).where('teamId', '=', team).execute();
    await refusedEverywhere(owner, [p]);
  });

  it('removal from a project takes effect on the very next call', async () => {
    const member = await t.signedIn();
    await joinTeam(teamB, member.userId, [5]);
    expect(
      await api(ownerB.token, 'POST', `/system/project/${projectB}/member`, {
        memberIds: [member.userId],
        roleIds: [6],
      }),
    ).toMatchObject({ code: 200, data: 1 });
    expect(await api(member.token, 'GET', `/system/project/${projectB}`)).toMatchObject({
      code: 200,
      data: { projectName: 'Secret B' },
    });
    expect((await api(member.token, 'GET', `/system/project/${projectB}/not-member`)).code).toBe(200);
    expect(
      await api(ownerB.token, 'DELETE', `/system/project/${projectB}/member/${member.userId}`),
    ).toMatchObject({
      code: 200,
    });
    await refusedEverywhere(member, [projectB]);
  });

  it('a project admin cannot pull in someone from another team', async () => {
    const padmin = await t.signedIn();
    await joinTeam(teamB, padmin.userId, [5]);
    await api(ownerB.token, 'POST', `/system/project/${projectB}/member`, {
      memberIds: [padmin.userId],
      roleIds: [6],
    });
    const foreigner = await t.signedIn();
    await joinTeam(teamA, foreigner.userId, [5]);
    const before = await snapshot();
    const res = await api(padmin.token, 'POST', `/system/project/${projectB}/member`, {
      memberIds: [foreigner.userId],
      roleIds: [7],
    });
    expect(res).toEqual({
      code: 500,
      msg: expect.stringMatching(/^The member "Nick \d+" is not an active member of this team$/),
    });
    expect(await snapshot()).toEqual(before);
    await refusedEverywhere(foreigner, [projectB]);
  });
});

describe('roles inside a project', () => {
  it('are the project roles only: a team administrator who is an outsider there cannot manage it', async () => {
    const admin = await t.signedIn();
    await joinTeam(teamB, admin.userId, [4]);
    const m = await t.db
      .insertInto('sysUserProject')
      .values({ projectId: projectB, userId: admin.userId, createTime: null })
      .returning('userProjectId')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sysUserProjectRole')
      .values({ userProjectId: m.userProjectId, roleId: 9 })
      .execute();
    const before = await snapshot();
    const forbidden = {
      code: 403,
      msg: 'You do not have permission to do this; ask an administrator to grant it',
    };
    expect(
      await api(admin.token, 'PUT', '/system/project', { projectId: projectB, projectName: 'Taken' }),
    ).toEqual(forbidden);
    expect(await api(admin.token, 'DELETE', `/system/project/${projectB}/member/${devB.userId}`)).toEqual(
      forbidden,
    );
    expect(
      await api(admin.token, 'DELETE', `/system/project/${projectB}`, { password: admin.password }),
    ).toEqual(forbidden);
    // Reading is still allowed to an outsider.
    expect((await api(admin.token, 'GET', `/system/project/${projectB}`)).code).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
