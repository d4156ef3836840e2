import { ROLE_IDS, SUPER_ADMIN_ID } from '@buglet/contracts';
import type { AppConfig } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Db } from '../connect.ts';
import { syncSequence } from '../migrations/helpers.ts';

export const DEFAULT_ADMIN_PASSWORD = 'cat2bug';
/** The original's name for the administrator; the web shows it translated while it is unchanged. */
export const DEFAULT_ADMIN_NICK_NAME = '管理员';
/** bcrypt (cost 10) of the default password, computed once so the first start need not. */
const DEFAULT_ADMIN_HASH = '$2b$10$Wauk3bq8KDENnF.onbXKYewp7YhcswCdJwHnFVFbv8vpxu0iBS4Ue';

/** The first start creates the administrator (user 1), as the original seeds it. */
export async function seedAdministrator(db: Db, config: AppConfig): Promise<boolean> {
  const existing = await db
    .selectFrom('sysUser')
    .select('userId')
    .where('userId', '=', SUPER_ADMIN_ID)
    .executeTakeFirst();
  if (existing) return false;
  const password = config.adminPassword ? await hashPassword(config.adminPassword, 10) : DEFAULT_ADMIN_HASH;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({
        userId: SUPER_ADMIN_ID,
        userName: 'admin',
        nickName: DEFAULT_ADMIN_NICK_NAME,
        userType: '00',
        email: 'admin@example.com',
        phoneNumber: null,
        sex: '2',
        password,
        status: '0',
        delFlag: '0',
        createBy: 'admin',
        createTime: formatDateTime(),
        deptId: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        updateBy: null,
        updateTime: null,
        remark: 'Platform super administrator',
        dingUserId: null,
        wechatUserId: null,
      })
      .execute();
    await trx.insertInto('sysUserRole').values({ userId: SUPER_ADMIN_ID, roleId: ROLE_IDS.admin }).execute();
    await trx
      .insertInto('sysUserConfig')
      .values({ userId: SUPER_ADMIN_ID, currentTeamId: 0, currentProjectId: 0, lifeContent: null })
      .execute();
    await syncSequence(trx, 'sys_user', 'user_id');
  });
  return true;
}
