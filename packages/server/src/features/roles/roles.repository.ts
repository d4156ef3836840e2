import { PROJECT_STATE, type Role } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { type DataScope, roleScopeCondition, scopeCondition } from '../depts/data-scope.ts';
import { type RoleRow, toRoleSummary } from '../users/users.repository.ts';

export function toRole(r: RoleRow): Role {
  return {
    ...toRoleSummary(r),
    dataScope: r.dataScope,
    menuCheckStrictly: r.menuCheckStrictly === 1,
    deptCheckStrictly: r.deptCheckStrictly === 1,
    remark: r.remark,
    createTime: r.createTime,
  };
}

export interface RoleFilter {
  roleName?: string;
  roleKey?: string;
  status?: string;
  /** The caller's data scope: only the roles it covers (roleScopeCondition). */
  scope?: DataScope;
}

function filtered(db: Db, f: RoleFilter) {
  let q = db.selectFrom('sysRole').where('delFlag', '=', '0');
  if (f.scope) q = q.where(roleScopeCondition(f.scope));
  if (f.roleName) q = q.where('roleName', 'like', `%${f.roleName}%`);
  if (f.roleKey) q = q.where('roleKey', 'like', `%${f.roleKey}%`);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

export async function listRoles(db: Db, f: RoleFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('roleSort').orderBy('roleId').limit(limit).offset(offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findRole(db: Db, roleId: number) {
  return db
    .selectFrom('sysRole')
    .selectAll()
    .where('roleId', '=', roleId)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

export async function findRoleBy(db: Db, column: 'roleName' | 'roleKey', value: string) {
  return db
    .selectFrom('sysRole')
    .select('roleId')
    .where(column, '=', value)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

export async function replaceRoleMenus(db: Db, roleId: number, menuIds: number[]) {
  await db.deleteFrom('sysRoleMenu').where('roleId', '=', roleId).execute();
  const unique = [...new Set(menuIds)];
  if (unique.length === 0) return;
  const existing = await db.selectFrom('sysMenu').select('menuId').where('menuId', 'in', unique).execute();
  if (existing.length === 0) return;
  await db
    .insertInto('sysRoleMenu')
    .values(existing.map((m) => ({ roleId, menuId: m.menuId })))
    .execute();
}

/** How many memberships of any kind hold the role. */
export async function countRoleHolders(db: Db, roleId: number): Promise<number> {
  const [a, b, c] = await Promise.all([
    db
      .selectFrom('sysUserRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sysUserTeamRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sysUserProjectRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roleId', '=', roleId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(a.n) + Number(b.n) + Number(c.n);
}

/** Where a role is held: platform roles by the user, team and project roles with a membership. */
export type RoleKind = 'platform' | 'team' | 'project';

export const roleKindOf = (r: { isTeamRole: number; isProjectRole: number }): RoleKind =>
  r.isTeamRole === 1 ? 'team' : r.isProjectRole === 1 ? 'project' : 'platform';

/** The ids of the users holding the role: in any live team or project for a membership role. */
function roleHolders(db: Db, roleId: number, kind: RoleKind) {
  if (kind === 'team')
    return db
      .selectFrom('sysUserTeamRole as utr')
      .innerJoin('sysUserTeam as ut', 'ut.userTeamId', 'utr.userTeamId')
      .innerJoin('sysTeam as t', 't.teamId', 'ut.teamId')
      .select('ut.userId')
      .where('utr.roleId', '=', roleId)
      .where('t.isDel', '=', 0);
  if (kind === 'project')
    return db
      .selectFrom('sysUserProjectRole as upr')
      .innerJoin('sysUserProject as up', 'up.userProjectId', 'upr.userProjectId')
      .innerJoin('sysProject as p', 'p.projectId', 'up.projectId')
      .select('up.userId')
      .where('upr.roleId', '=', roleId)
      .where('p.projectState', '=', PROJECT_STATE.working);
  return db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId);
}

export async function listRoleUsers(
  db: Db,
  role: { roleId: number; kind: RoleKind },
  allocated: boolean,
  f: { userName?: string; phoneNumber?: string },
  limit: number,
  offset: number,
  scope?: DataScope,
) {
  const base = () => {
    let q = db.selectFrom('sysUser as u').where('u.delFlag', '=', '0');
    if (scope) q = q.where(scopeCondition(scope, { deptId: 'u.deptId', userId: 'u.userId' }));
    const holders = roleHolders(db, role.roleId, role.kind);
    q = allocated ? q.where('u.userId', 'in', holders) : q.where('u.userId', 'not in', holders);
    if (f.userName) q = q.where('u.userName', 'like', `%${f.userName}%`);
    if (f.phoneNumber) q = q.where('u.phoneNumber', 'like', `%${f.phoneNumber}%`);
    return q;
  };
  const [rows, count] = await Promise.all([
    base().selectAll('u').orderBy('u.userId').limit(limit).offset(offset).execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
