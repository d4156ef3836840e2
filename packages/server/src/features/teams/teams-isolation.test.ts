import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['signedIn']>>;
let ownerB: Person;
let memberB: Person;
let teamA: number;
let teamB: number;
let projectB: number;
beforeAll(async () => {
  t = await createTestApp();
  [ownerB, memberB] = [await t.signedIn(), await t.signedIn()];
  teamB = await insertTestTeam(t.db, { [ownerB.userId]: [12], [memberB.userId]: [5] }, 'Team B');
  projectB = await insertTestProject(t.db, teamB, { [ownerB.userId]: [11], [memberB.userId]: [7] });
  teamA = await insertTestTeam(t.db, {}, 'Team A');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = async (token: string, method: Method, url: string, payload?: InjectOptions['payload']) =>
  (await t.call({ method, url, token, lang: 'en_US', ...(payload === undefined ? {} : { payload }) })).body;

const NO_TEAM = { code: 403, msg: 'You do not have permission to access this team' };
const FORBIDDEN = {
  code: 403,
  msg: 'You do not have permission to do this; ask an administrator to grant it',
};
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
/** Everything a caller could change through the team endpoints, to compare before and after. */
async function snapshot() {
  const [teams, memberships, roles, users, projects, configs] = await Promise.all([
    t.db.selectFrom('sysTeam').selectAll().orderBy('teamId').execute(),
    t.db.selectFrom('sysUserTeam').selectAll().orderBy('userTeamId').execute(),
    t.db.selectFrom('sysUserTeamRole').selectAll().orderBy('userTeamId').orderBy('roleId').execute(),
    t.db.selectFrom('sysUser').select(['userId', 'userName']).orderBy('userId').execute(),
    t.db.selectFrom('sysProject').selectAll().orderBy('projectId').execute(),
    t.db.selectFrom('sysUserConfig').selectAll().orderBy('userConfigId').execute(),
  ]);
  return { teams, memberships, roles, users, projects, configs };
}

/** Every team-scoped call, aimed at the given team id, with bodies that would work for a member. */
function teamCalls(teamId: number, password: string): Array<[Method, string, InjectOptions['payload']?]> {
  const m = memberB.userId;
  return [
    ['GET', `/system/team/${teamId}`],
    ['GET', `/system/team/${teamId}/role`],
    ['GET', `/system/team/${teamId}/member`],
    ['GET', `/system/team/${teamId}/member?params[search]=${memberB.userName}`],
    ['GET', `/system/team/${teamId}/not-member`],
    ['PUT', '/system/team', { teamId, teamName: 'Hijacked', introduce: 'pwned' }],
    ['DELETE', `/system/team/${teamId}`, { password }],
    ['POST', `/system/team/${teamId}/invite`, { memberIds: [m], roleIds: [4] }],
    [
      'POST',
      `/system/team/${teamId}/member`,
      {
        nickName: 'Planted',
        userName: 'planted1',
        password: 'secret1',
        phoneNumber: '18800000001',
        email: 'planted@example.com',
        roleIds: [4],
      },
    ],
    ['PUT', `/system/team/${teamId}/member/${m}/roles`, [4]],
    ['PUT', `/system/team/${teamId}/member/${m}/role`, { teamLock: 1 }],
    ['PUT', `/system/team/${teamId}/member/${ownerB.userId}/role`, { teamLock: 1 }],
    ['GET', `/system/project/list?teamId=${teamId}`],
    ['GET', `/system/project/list?teamId=${teamId}&params[tab]=archived`],
    ['POST', '/system/project', { teamId, projectName: 'Planted', members: [{ userId: m, roleIds: [6] }] }],
    ['PUT', '/system/user-config', { currentTeamId: teamId }],
  ];
}

/** Asserts that every call answers exactly the bare 403, and that nothing changed. */
async function refusedEverywhere(who: Person, teamIds: number[]) {
  const before = await snapshot();
  for (const teamId of teamIds) {
    for (const [method, url, payload] of teamCalls(teamId, who.password)) {
      expect(await api(who.token, method, url, payload), `${method} ${url}`).toEqual(NO_TEAM);
    }
  }
  expect(await snapshot()).toEqual(before);
}

describe('a member of team A calling team B', () => {
  it('gets the bare 403 on every team, member and project endpoint, for B and for an id that does not exist', async () => {
    const intruder = await t.signedIn();
    await joinTeam(teamA, intruder.userId, [12]);
    await refusedEverywhere(intruder, [teamB, MISSING]);
  });

  it('learns nothing from a deleted team either', async () => {
    const intruder = await t.signedIn();
    await joinTeam(teamA, intruder.userId, [12]);
    const gone = await insertTestTeam(t.db, { [ownerB.userId]: [12] });
    await t.db.updateTable('sysTeam').set({ isDel: 1 }).where('teamId', '=', gone).execute();
    await refusedEverywhere(intruder, [gone]);
    // Even its former creator.
    expect(await api(ownerB.token, 'GET', `/system/team/${gone}`)).toEqual(NO_TEAM);
  });

  it('platform roles open nothing: the back-office (2) and outsider (3) roles are no way in', async () => {
    const intruder = await t.signedIn([2, 3, 10]);
    await joinTeam(teamA, intruder.userId, [4]);
    await refusedEverywhere(intruder, [teamB, MISSING]);
  });
});

describe('inside a team only team roles count', () => {
  it('an ordinary member (5) holding platform roles that grant team edits still cannot manage the team', async () => {
    const insider = await t.signedIn([2, 3, 10]);
    await joinTeam(teamB, insider.userId, [5]);
    const before = await snapshot();
    const denied: Array<[Method, string, InjectOptions['payload']?]> = [
      ['PUT', '/system/team', { teamId: teamB, teamName: 'Hijacked' }],
      ['DELETE', `/system/team/${teamB}`, { password: insider.password }],
      ['POST', `/system/team/${teamB}/invite`, { memberIds: [insider.userId], roleIds: [4] }],
      ['GET', `/system/team/${teamB}/not-member`],
      ['PUT', `/system/team/${teamB}/member/${memberB.userId}/roles`, [4]],
      ['PUT', `/system/team/${teamB}/member/${insider.userId}/roles`, [4]],
      ['PUT', `/system/team/${teamB}/member/${memberB.userId}/role`, { teamLock: 1 }],
      ['POST', '/system/project', { teamId: teamB, projectName: 'Mine' }],
    ];
    for (const [method, url, payload] of denied) {
      expect(await api(insider.token, method, url, payload), `${method} ${url}`).toEqual(FORBIDDEN);
    }
    expect(await snapshot()).toEqual(before);
    // What an ordinary member may do still works.
    expect((await api(insider.token, 'GET', `/system/team/${teamB}`)).code).toBe(200);
    expect((await api(insider.token, 'GET', `/system/team/${teamB}/member`)).total).toBe(3);
    expect((await api(insider.token, 'GET', `/system/project/list?teamId=${teamB}`)).code).toBe(200);
  });

  it('a team admin (4) manages members and edits, but cannot delete the team', async () => {
    const teamAdmin = await t.signedIn();
    await joinTeam(teamB, teamAdmin.userId, [4]);
    expect(
      await api(teamAdmin.token, 'DELETE', `/system/team/${teamB}`, { password: teamAdmin.password }),
    ).toEqual(FORBIDDEN);
    const row = await t.db
      .selectFrom('sysTeam')
      .select('isDel')
      .where('teamId', '=', teamB)
      .executeTakeFirstOrThrow();
    expect(row.isDel).toBe(0);
    expect((await api(teamAdmin.token, 'GET', `/system/team/${teamB}/not-member`)).code).toBe(200);
    expect((await api(teamAdmin.token, 'PUT', '/system/team', { teamId: teamB, introduce: 'ok' })).code).toBe(
      200,
    );
  });
});

describe('a locked member', () => {
  it('is refused by the team and by its projects, as if they were not in it', async () => {
    const locked = await t.signedIn();
    await joinTeam(teamB, locked.userId, [4], 1);
    await t.db
      .insertInto('sysUserProject')
      .values({ projectId: projectB, userId: locked.userId, createTime: null })
      .execute();
    await refusedEverywhere(locked, [teamB]);
    const noProject = { code: 403, msg: 'You do not have permission to access this project' };
    expect(await api(locked.token, 'GET', `/system/project/${projectB}`)).toEqual(noProject);
    expect(await api(locked.token, 'GET', `/system/project/${projectB}/member`)).toEqual(noProject);
    expect(await api(locked.token, 'PUT', '/system/user-config', { currentProjectId: projectB })).toEqual(
      noProject,
    );
    expect((await api(locked.token, 'GET', '/system/team/my')).total).toBe(0);
  });
});

describe('the platform administrator', () => {
  it('reaches any live team without being a member', async () => {
    const admin = await t.login();
    expect(await api(admin, 'GET', `/system/team/${teamB}`)).toMatchObject({
      code: 200,
      data: { teamName: 'Team B' },
    });
    expect(await api(admin, 'GET', `/system/team/${MISSING}`)).toEqual(NO_TEAM);
  });
});
