import { ROLE_IDS } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam, insertTestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Principal, sessionPrincipal, tokenIdOf } from '../http/auth.ts';
import { enterProjectWith, lookUpOwner, registerItemKind, resolveScope } from './scope.ts';

// Which team or project a request is scoped to, called as the route binding calls it.

let t: TestApp;
let me: Principal;
/** `me` standing in project p1, as the user config says. */
let inP1: Principal;
const teams: Record<'admin1' | 'admin2' | 'plain' | 'foreign', number> = {
  admin1: 0,
  admin2: 0,
  plain: 0,
  foreign: 0,
};
let p1: number;
let p2: number;
let archived: number;
let strangers: number;
let leftTeam: number;

const principalOf = async (token: string) => {
  const p = await sessionPrincipal(t.db, tokenIdOf(token), 30);
  if (!p) throw new Error('no session');
  return p;
};
const refusal = (key: string) => expect.objectContaining({ key });

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.signedIn();
  me = await principalOf(u.token);
  const other = await insertTestUser(t.db);
  teams.admin1 = await insertTestTeam(t.db, { [u.userId]: [ROLE_IDS.teamAdmin] });
  teams.admin2 = await insertTestTeam(t.db, { [u.userId]: [ROLE_IDS.teamAdmin] });
  teams.plain = await insertTestTeam(t.db, { [u.userId]: [ROLE_IDS.teamDefault] });
  teams.foreign = await insertTestTeam(t.db, { [other.userId]: [ROLE_IDS.teamAdmin] });
  p1 = await insertTestProject(t.db, teams.plain, { [u.userId]: [ROLE_IDS.projectTester] });
  p2 = await insertTestProject(t.db, teams.plain, { [u.userId]: [ROLE_IDS.projectAdmin] });
  archived = await insertTestProject(t.db, teams.plain, { [u.userId]: [ROLE_IDS.projectAdmin] });
  await t.db.updateTable('sysProject').set({ isArchived: 1 }).where('projectId', '=', archived).execute();
  strangers = await insertTestProject(t.db, teams.plain, { [other.userId]: [ROLE_IDS.projectAdmin] });
  // A project member who is not (or no longer) a member of the project's team.
  leftTeam = await insertTestProject(t.db, teams.foreign, { [u.userId]: [ROLE_IDS.projectAdmin] });
  inP1 = { ...me, context: { ...me.context, currentProjectId: p1 } };
});
afterAll(async () => {
  await t.close();
});

describe('a team scope', () => {
  it('answers the team, no project, and never an archived one', async () => {
    expect(await resolveScope(t.db, me, { kind: 'team', teamId: teams.admin1 })).toMatchObject({
      teamId: teams.admin1,
      projectId: 0,
      isArchived: false,
    });
  });

  it('over several teams holds only the permissions and roles held in every one', async () => {
    const each = await Promise.all(
      [teams.admin1, teams.admin2, teams.plain].map((teamId) =>
        resolveScope(t.db, me, { kind: 'team', teamId }),
      ),
    );
    const all = await resolveScope(t.db, me, {
      kind: 'team',
      teamId: [teams.admin1, teams.admin2, teams.plain],
    });
    const inAll = (pick: (a: (typeof each)[number]) => Set<string>) =>
      new Set([...pick(each[0] as (typeof each)[number])].filter((x) => each.every((a) => pick(a).has(x))));
    expect(all.permissions).toEqual(inAll((a) => a.permissions));
    expect(all.roleKeys).toEqual(inAll((a) => a.roleKeys));
    // The test means something: some permissions are held in all, some in the two admin teams only.
    expect(all.permissions.size).toBeGreaterThan(0);
    expect(all.permissions.size).toBeLessThan(each[0]?.permissions.size ?? 0);
  });

  it('refuses an empty list, and a list with one team the caller may not enter', async () => {
    await expect(resolveScope(t.db, me, { kind: 'team', teamId: [] })).rejects.toEqual(
      refusal('team.no-permission'),
    );
    await expect(
      resolveScope(t.db, me, { kind: 'team', teamId: [teams.admin1, teams.foreign] }),
    ).rejects.toEqual(refusal('team.no-permission'));
  });
});

describe('a project scope', () => {
  it('lets a member in, and the super administrator into any project', async () => {
    expect(await resolveScope(t.db, me, { kind: 'project', projectId: p1 })).toMatchObject({
      teamId: teams.plain,
      projectId: p1,
      isArchived: false,
    });
    const admin = await principalOf(await t.login());
    expect(await resolveScope(t.db, admin, { kind: 'project', projectId: strangers })).toMatchObject({
      projectId: strangers,
    });
  });

  it('refuses a project member who is not a member of its team, and a stranger', async () => {
    for (const projectId of [leftTeam, strangers])
      await expect(resolveScope(t.db, me, { kind: 'project', projectId })).rejects.toEqual(
        refusal('project.no-permission'),
      );
  });

  it('reads an archived project as archived and refuses to write to it', async () => {
    expect(await resolveScope(t.db, me, { kind: 'project', projectId: archived })).toMatchObject({
      isArchived: true,
    });
    await expect(
      resolveScope(t.db, me, { kind: 'project', projectId: archived, isWrite: true }),
    ).rejects.toEqual(refusal('project.archived'));
  });
});

describe('an item scope', () => {
  it("stands for the item's project, whatever the caller's current project", async () => {
    const [a, b, other] = [
      await insertTestModule(t.db, p1, 'A'),
      await insertTestModule(t.db, p1, 'B'),
      await insertTestModule(t.db, p2, 'C'),
    ];
    expect(await lookUpOwner(t.db, { kind: 'module', moduleId: other })).toBe(p2);
    expect(lookUpOwner(t.db, { kind: 'project', projectId: p1 })).toBeUndefined();
    expect(await resolveScope(t.db, inP1, { kind: 'module', moduleId: other })).toMatchObject({
      projectId: p2,
    });
    expect(await resolveScope(t.db, inP1, { kind: 'module', moduleId: [a, b] })).toMatchObject({
      projectId: p1,
    });
    // Items of two projects, one missing, or none: refused, never the current project instead.
    for (const moduleId of [[a, other], [other, a], [a, 999_999], []])
      await expect(resolveScope(t.db, inP1, { kind: 'module', moduleId })).rejects.toEqual(
        refusal('project.no-permission'),
      );
  });
});

describe('item kinds a feature registers', () => {
  // A kind only this test knows, named as a registered one for the type checker.
  const probe = 'scope-test-probe' as 'plan';

  it('find their project with the finder registered, refusing what it does not find', async () => {
    const asked: string[][] = [];
    const find = async (_db: unknown, ids: readonly string[]) => {
      asked.push([...ids]);
      return ids.filter((id) => id.startsWith('p1-')).map(() => p1);
    };
    registerItemKind(probe, find);
    registerItemKind(probe, find);
    expect(await lookUpOwner(t.db, { kind: 'item', item: probe, id: 'p1-a' })).toBe(p1);
    expect(await lookUpOwner(t.db, { kind: 'item', item: probe, id: ['p1-a', 'p1-b', 'p1-a'] })).toBe(p1);
    expect(asked.at(-1)).toEqual(['p1-a', 'p1-b']);
    expect(await resolveScope(t.db, me, { kind: 'item', item: probe, id: 'p1-a' })).toMatchObject({
      projectId: p1,
    });
    for (const id of ['gone', ['p1-a', 'gone'], []])
      await expect(resolveScope(t.db, me, { kind: 'item', item: probe, id })).rejects.toEqual(
        refusal('project.no-permission'),
      );
  });

  it('take one finder per kind, and refuse a kind nobody registered', async () => {
    expect(() => registerItemKind(probe, async () => [])).toThrow(/registered twice/);
    expect(() => lookUpOwner(t.db, { kind: 'item', item: 'never-registered' as 'plan', id: 'x' })).toThrow(
      /not registered/,
    );
  });
});

describe('enterProjectWith', () => {
  it('enters the named project, else the current one, for writing, with the permission', async () => {
    const held = [...(await resolveScope(t.db, me, { kind: 'project', projectId: p2 })).permissions][0] ?? '';
    const heldInP1 =
      [...(await resolveScope(t.db, me, { kind: 'project', projectId: p1 })).permissions][0] ?? '';
    expect(await enterProjectWith(t.db, inP1, p2, held)).toBe(p2);
    expect(await enterProjectWith(t.db, inP1, undefined, heldInP1)).toBe(p1);
    await expect(enterProjectWith(t.db, inP1, p2, 'no:such:permission')).rejects.toEqual(
      refusal('auth.forbidden'),
    );
    await expect(enterProjectWith(t.db, inP1, archived, held)).rejects.toEqual(refusal('project.archived'));
  });
});

describe('an entry check', () => {
  it('is remembered while the caller’s versions stand', async () => {
    let statements = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await resolveScope(counted, me, { kind: 'project', projectId: p1 });
    const before = statements;
    await resolveScope(counted, me, { kind: 'project', projectId: p1 });
    expect(statements).toBe(before);
  });

  it('is not remembered for a caller without versions', async () => {
    const u = await insertTestUser(t.db);
    const projectId = await insertTestProject(t.db, teams.plain, { [u.userId]: [ROLE_IDS.projectTester] });
    await t.db
      .insertInto('sysUserTeam')
      .values({ teamId: teams.plain, userId: u.userId, isLock: 0, createTime: '2027-01-01 00:00:00' })
      .execute();
    const unstamped: Principal = { ...me, userId: u.userId, authStamp: undefined };
    expect(await resolveScope(t.db, unstamped, { kind: 'project', projectId })).toMatchObject({ projectId });
    await t.db.updateTable('sysUserTeam').set({ isLock: 1 }).where('userId', '=', u.userId).execute();
    await expect(resolveScope(t.db, unstamped, { kind: 'project', projectId })).rejects.toEqual(
      refusal('project.no-permission'),
    );
  });
});
