import { ROLE_IDS } from '@buglet/contracts';
import bcrypt from 'bcryptjs';
import type { Db } from '../src/db/connect.ts';
import { formatDateTime } from '../src/lib/time.ts';

let seq = 0;

/** Inserts a real user (default platform role unless told otherwise) and returns its id. */
export async function insertTestUser(
  db: Db,
  over: { userName?: string; password?: string; roleIds?: number[]; status?: string } = {},
): Promise<{ userId: number; userName: string; password: string }> {
  seq += 1;
  const userName = over.userName ?? `user${seq}_${Date.now() % 100000}`;
  const password = over.password ?? 'secret1';
  const row = await db
    .insertInto('sysUser')
    .values({
      deptId: null,
      userName,
      nickName: `Nick ${seq}`,
      userType: '00',
      email: null,
      phoneNumber: `139${String(Date.now()).slice(-5)}${String(seq).padStart(3, '0')}`,
      sex: '2',
      avatar: null,
      password: await bcrypt.hash(password, 4),
      status: over.status ?? '0',
      delFlag: '0',
      loginIp: null,
      loginDate: null,
      createBy: 'test',
      createTime: formatDateTime(),
      updateBy: null,
      updateTime: null,
      remark: null,
      dingUserId: null,
      wechatUserId: null,
    })
    .returning('userId')
    .executeTakeFirstOrThrow();
  for (const roleId of over.roleIds ?? [ROLE_IDS.default]) {
    await db.insertInto('sysUserRole').values({ userId: row.userId, roleId }).execute();
  }
  return { userId: row.userId, userName, password };
}
