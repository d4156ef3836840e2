import { ALL_PERMISSION, SUPER_ADMIN_ID, SUPER_ADMIN_ROLE } from '@buglet/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { loadDeptTree } from './depts.repository.ts';

/**
 * The people a caller may see and change in the administration, from the data scopes of their
 * platform roles (`sys_role.data_scope`, set under Roles → Data scope), as the original's
 * `@DataScope`: 1 everyone, 2 the role's chosen departments, 3 their own department, 4 their own
 * department and those below it, 5 only themselves. Several roles add up. Only roles that grant
 * the permission in question count; a caller none of whose platform roles grants it reached the
 * route through a team or project role (the member pickers of team and project settings), where
 * no data scope applies. The super administrator role sees everyone.
 *
 * Answers undefined for everyone, else the departments and the one person (for scope 5) seen.
 */
export interface DataScope {
  deptIds: number[];
  userId?: number;
}

export async function dataScopeOf(
  db: Db,
  userId: number,
  permission: string,
): Promise<DataScope | undefined> {
  if (userId === SUPER_ADMIN_ID) return undefined;
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.roleId', 'ur.roleId')
    .select(['r.roleId', 'r.roleKey', 'r.dataScope'])
    .where('ur.userId', '=', userId)
    .where('r.status', '=', '0')
    .where('r.delFlag', '=', '0')
    .where((eb) =>
      eb.or([
        eb('r.roleKey', '=', SUPER_ADMIN_ROLE),
        eb.exists(
          eb
            .selectFrom('sysRoleMenu as rm')
            .innerJoin('sysMenu as m', 'm.menuId', 'rm.menuId')
            .select('rm.menuId')
            .whereRef('rm.roleId', '=', 'r.roleId')
            // As the permission check counts them (access.repository.ts): enabled menus only.
            .where('m.status', '=', '0')
            .where('m.perms', 'in', [permission, ALL_PERMISSION]),
        ),
      ]),
    )
    .execute();
  if (roles.length === 0 || roles.some((r) => r.roleKey === SUPER_ADMIN_ROLE || (r.dataScope ?? '1') === '1'))
    return undefined;
  const scope: DataScope = { deptIds: [] };
  const scopes = new Set(roles.map((r) => r.dataScope));
  const custom = roles.filter((r) => r.dataScope === '2').map((r) => r.roleId);
  if (custom.length > 0) {
    const chosen = await db
      .selectFrom('sysRoleDept')
      .select('deptId')
      .where('roleId', 'in', custom)
      .execute();
    scope.deptIds.push(...chosen.map((d) => d.deptId));
  }
  if (scopes.has('3') || scopes.has('4')) {
    const own = (
      await db.selectFrom('sysUser').select('deptId').where('userId', '=', userId).executeTakeFirst()
    )?.deptId;
    if (own) scope.deptIds.push(...(scopes.has('4') ? (await loadDeptTree(db)).subtree(own) : [own]));
  }
  if (scopes.has('5')) scope.userId = userId;
  scope.deptIds = [...new Set(scope.deptIds)];
  return scope;
}

/** The condition a query of people takes for the scope (their columns named as the query names them). */
export function scopeCondition(
  scope: DataScope,
  columns = { deptId: 'deptId', userId: 'userId' },
): RawBuilder<boolean> {
  const seen = [
    ...(scope.deptIds.length > 0
      ? [sql<boolean>`${sql.ref(columns.deptId)} in (${sql.join(scope.deptIds)})`]
      : []),
    ...(scope.userId ? [sql<boolean>`${sql.ref(columns.userId)} = ${scope.userId}`] : []),
  ];
  return seen.length > 0 ? sql<boolean>`(${sql.join(seen, sql` or `)})` : sql<boolean>`1 = 0`;
}

/** Whether a person of that department is within the scope. */
const withinScope = (scope: DataScope, person: { userId: number; deptId: number | null }) =>
  person.userId === scope.userId || (person.deptId !== null && scope.deptIds.includes(person.deptId));

/** Whether a department is within the scope (a person may be put there). */
export const deptInScope = (scope: DataScope, deptId: number) => scope.deptIds.includes(deptId);

/**
 * The departments of a list the scope covers (all without a scope), as the original's department
 * list under @DataScope: "only themselves" covers no department.
 */
export const deptsWithin = <T extends { deptId: number }>(
  scope: DataScope | undefined,
  rows: readonly T[],
) => (scope ? rows.filter((d) => deptInScope(scope, d.deptId)) : [...rows]);

/** Refuses a department outside the caller's scope for that permission (the original's checkDeptDataScope). */
export async function assertDeptsInScope(
  db: Db,
  callerId: number,
  permission: string,
  deptIds: readonly number[],
): Promise<void> {
  const scope = await dataScopeOf(db, callerId, permission);
  if (scope && deptIds.some((id) => !deptInScope(scope, id))) throw new AppError('dept.data-scope');
}

/**
 * The roles a scope covers, as the original's role list under @DataScope: those given to someone
 * of a department within it (`roleId`: the role's id column as the query names it).
 */
export function roleScopeCondition(scope: DataScope, roleId = 'sysRole.roleId'): RawBuilder<boolean> {
  if (scope.deptIds.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`exists (select 1 from sys_user_role ur
    join sys_user u on u.user_id = ur.user_id
    where ur.role_id = ${sql.ref(roleId)} and u.dept_id in (${sql.join(scope.deptIds)}))`;
}

/** Refuses a role outside the caller's scope for that permission (the original's checkRoleDataScope). */
export const assertRolesInScope = (
  db: Db,
  callerId: number,
  permission: string,
  roleIds: readonly number[],
) => assertChangeInScope(db, callerId, permission, { roleIds });

/** Whether any of these roles lies outside the scope (roleScopeCondition). */
async function anyRoleOutside(db: Db, scope: DataScope, roleIds: readonly number[]): Promise<boolean> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return false;
  const covered = await db
    .selectFrom('sysRole')
    .select('roleId')
    .where('roleId', 'in', wanted)
    .where(roleScopeCondition(scope))
    .execute();
  return covered.length < wanted.length;
}

/** Whether the caller holds the role. */
async function holdsRole(db: Db, userId: number, roleId: number): Promise<boolean> {
  const held = await db
    .selectFrom('sysUserRole')
    .select('roleId')
    .where('userId', '=', userId)
    .where('roleId', '=', roleId)
    .executeTakeFirst();
  return held !== undefined;
}

/** Those of these people (ids) who are outside the scope. */
export async function peopleOutside(
  db: Db,
  scope: DataScope,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const people = await db
    .selectFrom('sysUser')
    .select(['userId', 'deptId'])
    .where('userId', 'in', [...userIds])
    .execute();
  return new Set(people.filter((p) => !withinScope(scope, p)).map((p) => p.userId));
}

/** Refuses a person outside the caller's data scope for that permission (the original's checkUserDataScope). */
export const assertUserInScope = (
  db: Db,
  callerId: number,
  permission: string,
  targetIds: readonly number[],
) => assertChangeInScope(db, callerId, permission, { userIds: targetIds });

/**
 * What a call needs within the caller's scope (the original's checkUserDataScope,
 * checkDeptDataScope and checkRoleDataScope): the people as they are, the department they are put
 * in, no change of the caller's own roles, the roles named (given, listed or changed) and no
 * change to a role the caller holds (its menus, kind, status or data scope) — either of the last
 * would let a limited caller lift their own limit. Answers the scope it judged by (undefined:
 * unlimited), so the call lists by the same one without asking again.
 */
export async function assertChangeInScope(
  db: Db,
  callerId: number,
  permission: string,
  change: {
    userIds?: readonly number[];
    deptId?: number | null;
    rolesOf?: number;
    roleIds?: readonly number[];
    changesRole?: number;
  },
): Promise<DataScope | undefined> {
  const scope = await dataScopeOf(db, callerId, permission);
  if (!scope) return undefined;
  // As the original answers it (code 500 with the reason), so its clients and ours show the reason.
  const refused = () => new AppError('user.data-scope');
  if ((await peopleOutside(db, scope, change.userIds ?? [])).size > 0) throw refused();
  if (change.deptId && !deptInScope(scope, change.deptId)) throw refused();
  if (change.rolesOf === callerId) throw refused();
  if (await anyRoleOutside(db, scope, change.roleIds ?? [])) throw new AppError('role.data-scope');
  if (change.changesRole !== undefined && (await holdsRole(db, callerId, change.changesRole)))
    throw new AppError('role.data-scope.own');
  return scope;
}
