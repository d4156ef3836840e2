import { ROLE_IDS, type RoleSummary, SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { RoleTable, UserTable } from '../../db/schema.ts';
import { type DataScope, scopeCondition } from '../depts/data-scope.ts';
import { deptsByIds } from '../depts/depts.repository.ts';
import { API_KEY_USER_TYPE } from '../open-api/api-key.ts';

export type UserRow = Selectable<UserTable>;
export type RoleRow = Selectable<RoleTable>;

export function toRoleSummary(r: RoleRow, flag?: boolean): RoleSummary {
  return {
    roleId: r.roleId,
    roleName: r.roleName,
    roleKey: r.roleKey,
    roleSort: r.roleSort,
    status: r.status,
    isTeamRole: r.isTeamRole === 1,
    isProjectRole: r.isProjectRole === 1,
    roleNameI18nKey: r.roleNameI18nKey,
    admin: r.roleId === ROLE_IDS.admin,
    projectAdmin: r.roleId === ROLE_IDS.projectAdmin,
    projectCreateBy: r.roleId === ROLE_IDS.projectCreateBy,
    teamCreateBy: r.roleId === ROLE_IDS.teamCreateBy,
    flag: flag ?? false,
  };
}

/** The only way a user row leaves the server: the hash and internal columns stay behind. */
export function toUser(u: UserRow, roles?: RoleRow[]): User {
  return {
    userId: u.userId,
    deptId: u.deptId,
    userName: u.userName,
    nickName: u.nickName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    sex: u.sex,
    avatar: u.avatar,
    status: u.status,
    delFlag: u.delFlag,
    loginIp: u.loginIp,
    loginDate: u.loginDate,
    createTime: u.createTime,
    remark: u.remark,
    dingUserId: u.dingUserId,
    wechatUserId: u.wechatUserId,
    admin: u.userId === SUPER_ADMIN_ID,
    ...(roles ? { roles: roles.map((r) => toRoleSummary(r)) } : {}),
  };
}

export async function findUserByName(db: Db, userName: string) {
  return db.selectFrom('sysUser').selectAll().where('userName', '=', userName).executeTakeFirst();
}

export async function findUser(db: Db, userId: number) {
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('userId', '=', userId)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('sysUser').select(['userId']).where('phoneNumber', '=', phone).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('sysUser')
    .select(['userId'])
    .where('email', '=', email)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: Omit<UserRow, 'userId'>): Promise<number> {
  const r = await db.insertInto('sysUser').values(row).returning('userId').executeTakeFirstOrThrow();
  return r.userId;
}

export async function updateUser(db: Db, userId: number, row: Partial<Omit<UserRow, 'userId'>>) {
  await db.updateTable('sysUser').set(row).where('userId', '=', userId).execute();
}

export async function listPlatformRoles(db: Db, userId: number) {
  return db
    .selectFrom('sysRole as r')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'r.roleId')
    .selectAll('r')
    .where('ur.userId', '=', userId)
    .where('r.delFlag', '=', '0')
    .orderBy('r.roleSort')
    .execute();
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
  if (roleIds.length > 0) {
    await db
      .insertInto('sysUserRole')
      .values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })))
      .execute();
  }
}

export interface UserFilter {
  userName?: string;
  nickName?: string;
  phoneNumber?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
  /** People in any of these departments. */
  deptIds?: number[];
  /** The caller's data scope (depts/data-scope.ts); none: everyone. */
  scope?: DataScope;
}

function filteredUsers(db: Db, f: UserFilter) {
  // The hidden users that stand for project API keys are not people.
  let q = db.selectFrom('sysUser').where('delFlag', '=', '0').where('userType', '!=', API_KEY_USER_TYPE);
  if (f.userName) q = q.where('userName', 'like', `%${f.userName}%`);
  if (f.nickName) q = q.where('nickName', 'like', `%${f.nickName}%`);
  if (f.phoneNumber) q = q.where('phoneNumber', 'like', `%${f.phoneNumber}%`);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.deptIds) q = f.deptIds.length > 0 ? q.where('deptId', 'in', f.deptIds) : q.where(sql<boolean>`1 = 0`);
  if (f.beginTime) q = q.where('createTime', '>=', f.beginTime);
  if (f.endTime) q = q.where('createTime', '<=', `${f.endTime} 23:59:59`);
  if (f.scope) q = q.where(scopeCondition(f.scope));
  return q;
}

export async function listUsers(
  db: Db,
  f: UserFilter,
  limit: number,
  offset: number,
  order: [keyof UserRow, 'asc' | 'desc'],
) {
  const [rows, count] = await Promise.all([
    filteredUsers(db, f)
      .selectAll()
      .orderBy(order[0], order[1])
      .orderBy('userId')
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredUsers(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Users as the list shows them, each with their department (`dept`, as the original's rows). */
export async function toUsersWithDept(db: Db, rows: UserRow[]): Promise<User[]> {
  const depts = await deptsByIds(
    db,
    rows.flatMap((u) => (u.deptId ? [u.deptId] : [])),
  );
  return rows.map((u) => {
    const d = u.deptId ? depts.get(u.deptId) : undefined;
    return { ...toUser(u), dept: d ? { deptId: d.deptId, deptName: d.deptName, leader: d.leader } : null };
  });
}

export async function ensureUserConfig(db: Db, userId: number) {
  await db
    .insertInto('sysUserConfig')
    .values({ userId, currentTeamId: 0, currentProjectId: 0, lifeContent: null })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
}

/**
 * A person (table alias `u`) matches a search when their name or account contains it, or, where
 * contact data may be searched (members of one's own team or project), their phone or e-mail.
 */
export function personMatches(search: string, isContactSearched: boolean) {
  const like = `%${search}%`;
  return isContactSearched
    ? sql<boolean>`(u.nick_name like ${like} or u.user_name like ${like} or u.phone_number like ${like} or u.email like ${like})`
    : sql<boolean>`(u.nick_name like ${like} or u.user_name like ${like})`;
}
