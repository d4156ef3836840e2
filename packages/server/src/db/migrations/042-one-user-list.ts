import type { AnyDb } from './helpers.ts';

/** The original's "系统" directory and its "成员管理" page: the platform's users, listed twice. */
const DIRECTORY = 2072;
const MEMBER_PAGE = 2073;

/**
 * One screen for the platform's users (issue 27): "成员管理" showed the table of 用户管理 (Users)
 * again. The page goes with its grants, and its directory too when nothing else is in it (an
 * administrator's own menu under it keeps it).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.deleteFrom('sys_role_menu').where('menu_id', '=', MEMBER_PAGE).execute();
  await db.deleteFrom('sys_menu').where('menu_id', '=', MEMBER_PAGE).execute();
  const children = await db
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('parent_id', '=', DIRECTORY)
    .executeTakeFirst();
  if (children) return;
  await db.deleteFrom('sys_role_menu').where('menu_id', '=', DIRECTORY).execute();
  await db.deleteFrom('sys_menu').where('menu_id', '=', DIRECTORY).execute();
}
