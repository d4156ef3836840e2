import { MENUS, roleMenuGrants } from '../seed/menus.ts';
import { type AnyDb, syncSequence } from './helpers.ts';

/** The original's system-tools directory and its API documentation page (ids kept). */
export const API_DOCS_MENU_IDS = [3, 117];

const ADDED_AT = '2026-11-25 00:00:00';

/**
 * The API documentation page (tool/swagger) and the directory above it, granted to every
 * registered user. A new database has them from the seed (002); an older one gets them here.
 * A row already holding one of the ids (a database carried over from the original has both)
 * is left as it is, and a grant is added only once.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const m of MENUS.filter((menu) => API_DOCS_MENU_IDS.includes(menu.id))) {
    const existing = await db
      .selectFrom('sys_menu')
      .select('menu_id')
      .where('menu_id', '=', m.id)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('sys_menu')
      .values({
        menu_id: m.id,
        menu_name: m.name,
        menu_name_i18n_key: m.key,
        parent_id: m.parent,
        order_num: m.order,
        path: m.path ?? '',
        component: m.component ?? null,
        menu_type: m.type,
        visible: m.hidden ? '1' : '0',
        status: m.disabled ? '1' : '0',
        perms: m.perms ?? null,
        icon: m.icon ?? '#',
        create_by: 'admin',
        create_time: ADDED_AT,
      })
      .execute();
  }
  await syncSequence(db, 'sys_menu', 'menu_id');

  for (const g of roleMenuGrants().filter((grant) => API_DOCS_MENU_IDS.includes(grant.menuId))) {
    const existing = await db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', '=', g.roleId)
      .where('menu_id', '=', g.menuId)
      .executeTakeFirst();
    if (!existing)
      await db.insertInto('sys_role_menu').values({ role_id: g.roleId, menu_id: g.menuId }).execute();
  }
}
