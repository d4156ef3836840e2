import { MENUS } from '../seed/menus.ts';
import { ROLES } from '../seed/reference-data.ts';
import type { AnyDb } from './helpers.ts';

/**
 * Seeded menus (the chat platforms, the project API, AI model settings and every button) and roles
 * (super administrator, ordinary role, outsiders) came without an i18n key, so the web showed
 * their Chinese names in every language. A database seeded before gets the keys the seed now
 * carries, on the rows still as seeded: a row someone renamed or gave a key of their own keeps it.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const menu of MENUS) {
    await db
      .updateTable('sys_menu')
      .set({ menu_name_i18n_key: menu.key })
      .where('menu_id', '=', menu.id)
      .where('menu_name', '=', menu.name)
      .where('menu_name_i18n_key', 'is', null)
      .execute();
  }
  for (const role of ROLES) {
    await db
      .updateTable('sys_role')
      .set({ role_name_i18n_key: role.key })
      .where('role_id', '=', role.roleId)
      .where('role_name', '=', role.roleName)
      .where('role_name_i18n_key', 'is', null)
      .execute();
  }
}
