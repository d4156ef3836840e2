import { MENUS } from '../seed/menus.ts';
import { SCREEN_SIZES } from '../seed/screen-sizes.ts';
import { type AnyDb, syncSequence, withId } from './helpers.ts';

/** The screen-size catalogue's admin page and its buttons (menus.ts). */
export const SCREEN_SIZE_MENU_IDS = [2150, 2151, 2152, 2153, 2154, 2155];
const BROWSER_TOOL_MENU_ID = 2045;
const ADDED_AT = '2026-11-25 00:00:00';

/**
 * The browser-testing tool's screen sizes (`sys_screen_size`, the original's columns), seeded
 * with current phones, tablets and desktops in CSS pixels (the viewport a page sees), and the
 * catalogue's admin page. The original kept the tool's own menu hidden and reached it from a
 * disabled page, so nobody could find it: the project menu now shows it.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_screen_size'), 'screen_size_id')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'varchar(12)')
    .addColumn('height', 'varchar(12)')
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db
    .insertInto('sys_screen_size')
    .values(
      SCREEN_SIZES.map((s) => ({
        name: s.name,
        width: `${s.width}px`,
        height: `${s.height}px`,
        remark: s.remark,
      })),
    )
    .execute();

  // A new database has the admin page from the seed (002); one seeded before gets it here.
  for (const m of MENUS.filter((menu) => SCREEN_SIZE_MENU_IDS.includes(menu.id))) {
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

  // Only while it is still as seeded: an administrator's own choice stays.
  await db
    .updateTable('sys_menu')
    .set({ visible: '0', icon: 'online' })
    .where('menu_id', '=', BROWSER_TOOL_MENU_ID)
    .where('component', '=', 'tool/project/browser/index')
    .where('visible', '=', '1')
    .execute();
}
