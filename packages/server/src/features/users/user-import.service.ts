import { ROLE_IDS, SUPER_ADMIN_ID } from '@buglet/contracts';
import { deleteSessionsOfUsers } from '../../access/sessions.repository.ts';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { DeptTree } from '../depts/dept-tree.ts';
import { API_KEY_USER_TYPE } from '../open-api/api-key.ts';
import type { ImportUser, UserImportContext, UserSheetRow } from './user-excel.ts';

/** Rows bound per statement: SQLite binds at most 32,766 values and a user row has about 20. */
const BATCH = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += BATCH) out.push(items.slice(at, at + BATCH));
  return out;
};

/**
 * How a sheet may name a department: its full path ('总部/R&D/Web'), the path below the one top
 * department ('R&D/Web'), or its bare name where no other department has it ('Web').
 */
function deptNames(tree: DeptTree): Map<string, number> {
  const full = tree.paths();
  const out = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const d of tree.rows) counts.set(d.deptName, (counts.get(d.deptName) ?? 0) + 1);
  for (const d of tree.rows) if (counts.get(d.deptName) === 1) out.set(d.deptName, d.deptId);
  const tops = tree.rows.filter((d) => !tree.byId.has(d.parentId));
  const top = tops.length === 1 ? tops[0] : undefined;
  if (top)
    for (const [path, id] of full)
      if (path.startsWith(`${top.deptName}/`)) out.set(path.slice(top.deptName.length + 1), id);
  for (const [path, id] of full) out.set(path, id);
  return out;
}

/** Reads what the sheet's rows must be checked against: accounts, phones and e-mails in use, departments. */
export async function loadImportContext(
  db: Db,
  sheet: readonly UserSheetRow[],
  tree: DeptTree,
  opts: { isUpdateSupported: boolean; callerId: number },
): Promise<UserImportContext> {
  const values = (c: 'userName' | 'phoneNumber' | 'email') => [
    ...new Set(sheet.map((r) => r.values[c]).filter(Boolean)),
  ];
  const ctx: UserImportContext = {
    deptPaths: deptNames(tree),
    deptIds: new Set(tree.byId.keys()),
    accounts: new Map(),
    phoneOwners: new Map(),
    emailOwners: new Map(),
    ...opts,
  };
  for (const names of chunks(values('userName'))) {
    const found = await db
      .selectFrom('sysUser')
      .select(['userId', 'userName', 'delFlag', 'userType'])
      .where('userName', 'in', names)
      .execute();
    for (const u of found)
      ctx.accounts.set(u.userName, {
        userId: u.userId,
        isLive: u.delFlag === '0',
        isPerson: u.userType !== API_KEY_USER_TYPE,
      });
  }
  for (const phones of chunks(values('phoneNumber'))) {
    const found = await db
      .selectFrom('sysUser')
      .select(['userId', 'phoneNumber'])
      .where('phoneNumber', 'in', phones)
      .execute();
    for (const u of found) if (u.phoneNumber) ctx.phoneOwners.set(u.phoneNumber, u.userId);
  }
  for (const emails of chunks(values('email'))) {
    const found = await db
      .selectFrom('sysUser')
      .select(['userId', 'email'])
      .where('email', 'in', emails)
      .where('delFlag', '=', '0')
      .execute();
    for (const u of found) if (u.email) ctx.emailOwners.set(u.email, u.userId);
  }
  return ctx;
}

/**
 * Writes a clean sheet in one transaction: new people with the initial password (hashed once)
 * and the default platform role, existing ones updated with what their row gives.
 */
export async function importUsers(
  db: Db,
  rows: readonly ImportUser[],
  passwordHash: string,
  by: string,
): Promise<{ added: number; updated: number }> {
  const now = formatDateTime();
  const fresh = rows.filter((r) => r.userId === undefined);
  const existing = rows.filter((r) => r.userId !== undefined);
  await db.transaction().execute(async (trx) => {
    for (const batch of chunks(fresh)) {
      const inserted = await trx
        .insertInto('sysUser')
        .values(
          batch.map((r) => ({
            deptId: r.deptId ?? null,
            userName: r.userName,
            nickName: r.nickName,
            userType: '00',
            email: r.email,
            phoneNumber: r.phoneNumber,
            sex: r.sex ?? '2',
            avatar: null,
            password: passwordHash,
            status: r.status ?? '0',
            delFlag: '0',
            loginIp: null,
            loginDate: null,
            createBy: by,
            createTime: now,
            updateBy: null,
            updateTime: null,
            remark: null,
            dingUserId: null,
            wechatUserId: null,
            // The platform's initial password: its owner sets their own at the first sign-in.
            passwordChangeRequired: 1,
          })),
        )
        .returning('userId')
        .execute();
      const ids = inserted.map((u) => u.userId);
      await trx
        .insertInto('sysUserRole')
        .values(ids.map((userId) => ({ userId, roleId: ROLE_IDS.default })))
        .execute();
      await trx
        .insertInto('sysUserConfig')
        .values(ids.map((userId) => ({ userId, currentTeamId: 0, currentProjectId: 0, lifeContent: null })))
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    }
    for (const r of existing) {
      const userId = r.userId as number;
      await trx
        .updateTable('sysUser')
        .set({
          nickName: r.nickName,
          phoneNumber: r.phoneNumber,
          email: r.email,
          ...(r.deptId === undefined ? {} : { deptId: r.deptId }),
          ...(r.sex === undefined ? {} : { sex: r.sex }),
          // The super administrator is never disabled.
          ...(r.status === undefined || userId === SUPER_ADMIN_ID ? {} : { status: r.status }),
          updateBy: by,
          updateTime: now,
        })
        .where('userId', '=', userId)
        .execute();
    }
  });
  // A person the sheet disabled loses their sessions at once, as with the user dialog.
  const disabled = existing
    .filter((r) => r.status === '1' && r.userId !== SUPER_ADMIN_ID)
    .map((r) => r.userId as number);
  if (disabled.length > 0) await deleteSessionsOfUsers(db, disabled);
  return { added: fresh.length, updated: existing.length };
}
