import { SUPER_ADMIN_ID, type userCreateBody, type userUpdateBody } from '@buglet/contracts';
import type { z } from 'zod';
import { deleteSessionsOfUsers } from '../../access/sessions.repository.ts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { formatDateTime } from '../../lib/time.ts';
import { assertPasswordAllowed } from '../configs/password-policy.ts';
import { type DataScope, roleScopeCondition } from '../depts/data-scope.ts';
import { findDept } from '../depts/depts.repository.ts';
import { replaceUserPosts } from '../posts/posts.repository.ts';
import {
  ensureUserConfig,
  findUser,
  findUserByEmail,
  findUserByName,
  findUserByPhone,
  insertUser,
  replaceUserRoles,
  updateUser,
} from './users.repository.ts';

type CreateBody = z.infer<typeof userCreateBody>;
type UpdateBody = z.infer<typeof userUpdateBody>;

/** The super administrator can be changed only by itself, and never disabled or deleted. */
export function assertMayChange(targetId: number, callerId: number): void {
  if (targetId === SUPER_ADMIN_ID && callerId !== SUPER_ADMIN_ID)
    throw new AppError('user.admin.cannot-operate');
}

export async function assertUnique(
  db: Db,
  who: string,
  fields: { phoneNumber?: string | null; email?: string | null },
  selfId?: number,
) {
  if (fields.phoneNumber) {
    const other = await findUserByPhone(db, fields.phoneNumber);
    if (other && other.userId !== selfId)
      throw new AppError('user.create.fail.phone-exists', [who, fields.phoneNumber]);
  }
  if (fields.email) {
    const other = await findUserByEmail(db, fields.email);
    if (other && other.userId !== selfId)
      throw new AppError('user.create.fail.email-exists', [who, fields.email]);
  }
}

/** Only platform roles are handed out here; team and project roles come with memberships. */
async function platformRoleIds(db: Db, roleIds: number[] | undefined): Promise<number[] | undefined> {
  if (!roleIds) return undefined;
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysRole')
    .select('roleId')
    .where('roleId', 'in', roleIds)
    .where('roleId', '!=', 1)
    .where('isTeamRole', '=', 0)
    .where('isProjectRole', '=', 0)
    .where('delFlag', '=', '0')
    .execute();
  return rows.map((r) => r.roleId);
}

/** A person's department: none (absent, null or the original's 0) or a live one. */
async function deptIdOf(db: Db, deptId: number | null | undefined): Promise<number | null | undefined> {
  if (deptId === undefined) return undefined;
  if (deptId === null || deptId === 0) return null;
  if (!(await findDept(db, deptId))) throw new AppError('dept.not-found');
  return deptId;
}

export async function createUser(db: Db, body: CreateBody, callerName: string): Promise<number> {
  if (await findUserByName(db, body.userName)) {
    throw new AppError('user.create.fail.username-exists', [body.nickName, body.userName]);
  }
  await assertUnique(db, body.nickName, body);
  await assertPasswordAllowed(db, body.password);
  const roleIds = (await platformRoleIds(db, body.roleIds)) ?? [];
  const deptId = (await deptIdOf(db, body.deptId)) ?? null;
  const hash = await hashPassword(body.password);
  return db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      deptId,
      userName: body.userName,
      nickName: body.nickName,
      userType: '00',
      email: body.email || null,
      phoneNumber: body.phoneNumber,
      sex: body.sex ?? '2',
      avatar: null,
      password: hash,
      status: body.status ?? '0',
      delFlag: '0',
      loginIp: null,
      loginDate: null,
      createBy: callerName,
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
      remark: body.remark ?? null,
      dingUserId: null,
      wechatUserId: null,
      // Someone else chose it: its owner sets their own at the first sign-in.
      passwordChangeRequired: 1,
    });
    await replaceUserRoles(trx, userId, roleIds.length > 0 ? roleIds : [10]);
    if (body.postIds) await replaceUserPosts(trx, userId, body.postIds);
    await ensureUserConfig(trx, userId);
    return userId;
  });
}

export async function editUser(db: Db, body: UpdateBody, callerId: number, callerName: string) {
  assertMayChange(body.userId, callerId);
  const user = await findUser(db, body.userId);
  if (!user) throw new AppError('user.not-found');
  await assertUnique(db, body.nickName, body, body.userId);
  const roleIds = body.userId === SUPER_ADMIN_ID ? undefined : await platformRoleIds(db, body.roleIds);
  const deptId = await deptIdOf(db, body.deptId);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, body.userId, {
      ...(deptId === undefined ? {} : { deptId }),
      nickName: body.nickName,
      email: body.email || null,
      phoneNumber: body.phoneNumber,
      sex: body.sex ?? user.sex,
      status: body.userId === SUPER_ADMIN_ID ? '0' : (body.status ?? user.status),
      remark: body.remark ?? user.remark,
      updateBy: callerName,
      updateTime: formatDateTime(),
    });
    if (roleIds) await replaceUserRoles(trx, body.userId, roleIds);
    if (body.postIds) await replaceUserPosts(trx, body.userId, body.postIds);
  });
  // The super administrator is never disabled (see above), so its sessions stay too.
  if (body.status === '1' && body.userId !== SUPER_ADMIN_ID) await deleteSessionsOfUsers(db, [body.userId]);
}

export async function removeUsers(db: Db, ids: number[], callerId: number) {
  if (ids.includes(callerId)) throw new AppError('user.cannot-delete-self');
  if (ids.includes(SUPER_ADMIN_ID)) throw new AppError('user.admin.cannot-operate');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sysUser')
      .set({ delFlag: '2', updateTime: formatDateTime() })
      .where('userId', 'in', ids)
      .execute();
    await trx.deleteFrom('sysUserRole').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysUserPost').where('userId', 'in', ids).execute();
    await deleteSessionsOfUsers(trx, ids);
  });
}

export async function setUserStatus(db: Db, userId: number, status: '0' | '1', callerId: number) {
  if (userId === SUPER_ADMIN_ID) throw new AppError('user.admin.cannot-operate');
  assertMayChange(userId, callerId);
  if (!(await findUser(db, userId))) throw new AppError('user.not-found');
  await updateUser(db, userId, { status, updateTime: formatDateTime() });
  // A disabled account loses its sessions at once.
  if (status === '1') await deleteSessionsOfUsers(db, [userId]);
}

export async function resetPassword(db: Db, userId: number, password: string, callerId: number) {
  assertMayChange(userId, callerId);
  if (!(await findUser(db, userId))) throw new AppError('user.not-found');
  await assertPasswordAllowed(db, password);
  await updateUser(db, userId, {
    password: await hashPassword(password),
    passwordChangeRequired: userId === callerId ? 0 : 1,
    updateTime: formatDateTime(),
  });
  // Whoever held the old password is signed out.
  await deleteSessionsOfUsers(db, [userId]);
}

export async function assignRoles(db: Db, userId: number, roleIds: number[], callerId: number) {
  assertMayChange(userId, callerId);
  if (userId === SUPER_ADMIN_ID) throw new AppError('user.admin.cannot-operate');
  if (!(await findUser(db, userId))) throw new AppError('user.not-found');
  await db
    .transaction()
    .execute(async (trx) => replaceUserRoles(trx, userId, (await platformRoleIds(trx, roleIds)) ?? []));
}

/** The platform roles a person may be given; with a data scope, those it covers (roleScopeCondition). */
export async function listAssignableRoles(db: Db, scope?: DataScope) {
  let q = db
    .selectFrom('sysRole')
    .selectAll()
    .where('roleId', '!=', 1)
    .where('isTeamRole', '=', 0)
    .where('isProjectRole', '=', 0)
    .where('delFlag', '=', '0');
  if (scope) q = q.where(roleScopeCondition(scope));
  return q.orderBy('roleSort').execute();
}

/** Destructive calls are confirmed with the caller's own password, really compared. */
export async function confirmOwnPassword(db: Db, userId: number, password: string): Promise<void> {
  const user = await findUser(db, userId);
  if (!user || !(await verifyPassword(password, user.password))) throw new AppError('user.password.wrong');
}

/** A password sent as JSON `{password}` or, as the original's client does, as the raw body. */
export function passwordFrom(body: unknown): string {
  if (typeof body === 'string') {
    const form = body.startsWith('password=') ? new URLSearchParams(body).get('password') : null;
    return form ?? body;
  }
  if (body && typeof body === 'object' && 'password' in body && typeof body.password === 'string') {
    return body.password;
  }
  return '';
}
