import { SUPER_ADMIN_ROLE } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ROOT_DEPT } from '../../db/seed/org.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  assertChangeInScope,
  assertDeptsInScope,
  assertRolesInScope,
  assertUserInScope,
  type DataScope,
  dataScopeOf,
  deptsWithin,
  roleScopeCondition,
  scopeCondition,
} from './data-scope.ts';

/*
 * The data-scope rules read directly on a real database, each edge the user administration's
 * tests (data-scope.test.ts) pass through without naming: which roles count, how scopes add up,
 * what an empty scope lists, and what a limited caller may do to themselves.
 */

const PERM = 'system:user:edit';
let t: TestApp;
let north: number;
let northEast: number;
let south: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  north = await dept('North', ROOT_DEPT.deptId);
  northEast = await dept('North-east', north);
  south = await dept('South', ROOT_DEPT.deptId);
});
afterAll(async () => t.close());

async function dept(deptName: string, parentId: number): Promise<number> {
  const parent = await t.db
    .selectFrom('sysDept')
    .select('ancestors')
    .where('deptId', '=', parentId)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('sysDept')
    .values({
      parentId,
      ancestors: `${parent.ancestors},${parentId}`,
      deptName,
      orderNum: 0,
      leader: null,
      phone: null,
      email: null,
      status: '0',
      delFlag: '0',
      createBy: 'test',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
    })
    .returning('deptId')
    .executeTakeFirstOrThrow();
  return row.deptId;
}

/** A platform role with that data scope, granting PERM unless told otherwise. */
async function role(
  dataScope: string | null,
  over: { perms?: string[]; roleKey?: string; chosen?: number[]; status?: string; delFlag?: string } = {},
): Promise<number> {
  seq += 1;
  const row = await t.db
    .insertInto('sysRole')
    .values({
      roleName: `Scope role ${seq}`,
      roleKey: over.roleKey ?? `scope-role-${seq}`,
      roleSort: 9,
      dataScope,
      menuCheckStrictly: 1,
      deptCheckStrictly: 1,
      status: over.status ?? '0',
      delFlag: over.delFlag ?? '0',
      isTeamRole: 0,
      isProjectRole: 0,
      roleNameI18nKey: null,
      createBy: 'test',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
      remark: null,
    })
    .returning('roleId')
    .executeTakeFirstOrThrow();
  const perms = over.perms ?? [PERM];
  const menus =
    perms.length === 0
      ? []
      : await t.db.selectFrom('sysMenu').select('menuId').where('perms', 'in', perms).execute();
  if (menus.length > 0)
    await t.db
      .insertInto('sysRoleMenu')
      .values(menus.map((m) => ({ roleId: row.roleId, menuId: m.menuId })))
      .execute();
  for (const deptId of over.chosen ?? [])
    await t.db.insertInto('sysRoleDept').values({ roleId: row.roleId, deptId }).execute();
  return row.roleId;
}

/** A person of that department holding those roles (and no other). */
async function person(deptId: number | null, roleIds: number[]): Promise<number> {
  const { userId } = await insertTestUser(t.db, { roleIds });
  await t.db.updateTable('sysUser').set({ deptId }).where('userId', '=', userId).execute();
  return userId;
}

const scopeOf = (userId: number) => dataScopeOf(t.db, userId, PERM);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { key?: string }) => error.key ?? String(error),
  );

describe('which roles set the scope', () => {
  it('sets none for a caller no platform role grants the permission (a team or project role did)', async () => {
    const grantsOther = await role('5', { perms: ['system:role:list'] });
    expect(await scopeOf(await person(north, [grantsOther]))).toBeUndefined();
    expect(await scopeOf(await person(north, []))).toBeUndefined();
  });

  it('sets none when any granting role is "all", written or left empty', async () => {
    expect(await scopeOf(await person(north, [await role('5'), await role('1')]))).toBeUndefined();
    expect(await scopeOf(await person(north, [await role('5'), await role(null)]))).toBeUndefined();
  });

  it('sets none for the super administrator role, whatever its data scope and menus', async () => {
    const again = await role('5', { perms: [], roleKey: SUPER_ADMIN_ROLE });
    expect(await scopeOf(await person(north, [again]))).toBeUndefined();
    expect(await scopeOf(1)).toBeUndefined();
  });

  it('counts no disabled or deleted role, and no role whose menu is disabled', async () => {
    const limited = await role('5');
    const off = await person(north, [
      limited,
      await role('1', { status: '1' }),
      await role('1', { delFlag: '2' }),
    ]);
    expect(await scopeOf(off)).toEqual({ deptIds: [], userId: off });
    const viaOffMenu = await role('1', { perms: ['system:user:resetPwd'] });
    const menu = await t.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('perms', '=', 'system:user:resetPwd')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sysMenu').set({ status: '1' }).where('menuId', '=', menu.menuId).execute();
    try {
      const caller = await person(north, [await role('5', { perms: ['system:user:resetPwd'] }), viaOffMenu]);
      // Neither role counts through a disabled menu: no scope, as for a caller without the grant.
      expect(await dataScopeOf(t.db, caller, 'system:user:resetPwd')).toBeUndefined();
    } finally {
      await t.db.updateTable('sysMenu').set({ status: '0' }).where('menuId', '=', menu.menuId).execute();
    }
  });
});

describe('how scopes add up', () => {
  it('gives the own department, with or without those below it', async () => {
    expect(await scopeOf(await person(north, [await role('3')]))).toEqual({ deptIds: [north] });
    const below = await scopeOf(await person(north, [await role('4')]));
    expect(below?.deptIds.sort()).toEqual([north, northEast].sort());
    expect(below?.userId).toBeUndefined();
  });

  it('reads chosen departments for scope 2 only, not rows left from an earlier scope', async () => {
    expect(await scopeOf(await person(north, [await role('3', { chosen: [south] })]))).toEqual({
      deptIds: [north],
    });
    const self = await person(north, [await role('5', { chosen: [south] })]);
    expect(await scopeOf(self)).toEqual({ deptIds: [], userId: self });
    const chosen = await scopeOf(await person(north, [await role('2', { chosen: [south, northEast] })]));
    expect(chosen?.deptIds.sort()).toEqual([south, northEast].sort());
    expect(chosen?.userId).toBeUndefined();
  });

  it('adds several roles up, each department once', async () => {
    const caller = await person(north, [
      await role('2', { chosen: [north, south] }),
      await role('4'),
      await role('5'),
    ]);
    const scope = await scopeOf(caller);
    expect(scope?.deptIds.sort()).toEqual([north, northEast, south].sort());
    expect(scope?.userId).toBe(caller);
  });

  it('gives a person without a department nothing of their own department', async () => {
    expect(await scopeOf(await person(null, [await role('4')]))).toEqual({ deptIds: [] });
  });
});

describe('what a scope lists', () => {
  const listed = async (scope: DataScope) =>
    (await t.db.selectFrom('sysUser').select('userId').where(scopeCondition(scope)).execute()).map(
      (u) => u.userId,
    );

  it('lists nobody for an empty scope, without a database error', async () => {
    expect(await listed({ deptIds: [] })).toEqual([]);
    const roles = await t.db
      .selectFrom('sysRole')
      .select('roleId')
      .where(roleScopeCondition({ deptIds: [] }))
      .execute();
    expect(roles).toEqual([]);
  });

  it('lists the departments and the one person', async () => {
    const inSouth = await person(south, []);
    const self = await person(north, []);
    const shown = await listed({ deptIds: [south], userId: self });
    expect(shown).toContain(inSouth);
    expect(shown).toContain(self);
    expect(shown).not.toContain(await person(north, []));
    expect(await listed({ deptIds: [], userId: self })).toEqual([self]);
  });

  it('lists the roles given to someone within it, and only the departments it covers', async () => {
    const southRole = await role('1', { perms: [] });
    await person(south, [southRole]);
    const within = async (deptIds: number[]) =>
      (
        await t.db
          .selectFrom('sysRole')
          .select('roleId')
          .where(roleScopeCondition({ deptIds }))
          .where('roleId', '=', southRole)
          .execute()
      ).length;
    expect(await within([south])).toBe(1);
    expect(await within([north])).toBe(0);
    const depts = [{ deptId: north }, { deptId: south }];
    expect(deptsWithin({ deptIds: [south], userId: 7 }, depts)).toEqual([{ deptId: south }]);
    expect(deptsWithin(undefined, depts)).toEqual(depts);
  });
});

describe('what a limited caller may change', () => {
  it('lets a "self only" caller change themselves and nobody else', async () => {
    const caller = await person(north, [await role('5')]);
    expect(await refusal(assertUserInScope(t.db, caller, PERM, [caller]))).toBe('allowed');
    expect(await refusal(assertUserInScope(t.db, caller, PERM, [await person(north, [])]))).toBe(
      'user.data-scope',
    );
  });

  it('refuses a scope-2 caller outside their chosen departments even themselves', async () => {
    const caller = await person(north, [await role('2', { chosen: [south] })]);
    expect((await scopeOf(caller))?.userId).toBeUndefined();
    expect(await refusal(assertUserInScope(t.db, caller, PERM, [caller]))).toBe('user.data-scope');
    expect(await refusal(assertUserInScope(t.db, caller, PERM, [await person(south, [])]))).toBe('allowed');
  });

  it('refuses a person without a department to a department-limited caller', async () => {
    const caller = await person(north, [await role('3')]);
    expect(await refusal(assertUserInScope(t.db, caller, PERM, [await person(null, [])]))).toBe(
      'user.data-scope',
    );
  });

  it("refuses changing the caller's own roles, or putting someone in a department outside", async () => {
    const caller = await person(north, [await role('4')]);
    const other = await person(northEast, []);
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { rolesOf: caller }))).toBe(
      'user.data-scope',
    );
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { rolesOf: other }))).toBe('allowed');
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { deptId: south }))).toBe('user.data-scope');
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { deptId: northEast }))).toBe('allowed');
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { deptId: null }))).toBe('allowed');
    expect(await refusal(assertDeptsInScope(t.db, caller, PERM, [northEast, south]))).toBe('dept.data-scope');
    expect(await refusal(assertDeptsInScope(t.db, caller, PERM, [northEast]))).toBe('allowed');
  });

  it('answers the scope judged by, and nothing for an unlimited caller', async () => {
    const caller = await person(north, [await role('3')]);
    expect(await assertChangeInScope(t.db, caller, PERM, {})).toEqual({ deptIds: [north] });
    expect(await assertChangeInScope(t.db, 1, PERM, { rolesOf: 1, deptId: south })).toBeUndefined();
  });

  it('refuses naming a role no one within the scope holds, and changing a role the caller holds', async () => {
    const held = await role('3');
    const caller = await person(north, [held]);
    const northRole = await role('1', { perms: [] });
    const southRole = await role('1', { perms: [] });
    await person(north, [northRole]);
    await person(south, [southRole]);
    expect(await refusal(assertRolesInScope(t.db, caller, PERM, [northRole, northRole]))).toBe('allowed');
    expect(await refusal(assertRolesInScope(t.db, caller, PERM, [northRole, southRole]))).toBe(
      'role.data-scope',
    );
    expect(await refusal(assertRolesInScope(t.db, caller, PERM, []))).toBe('allowed');
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { changesRole: held }))).toBe(
      'role.data-scope.own',
    );
    expect(await refusal(assertChangeInScope(t.db, caller, PERM, { changesRole: northRole }))).toBe(
      'allowed',
    );
  });
});
