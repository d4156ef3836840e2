import { SCREEN_SIZES } from '../seed/screen-sizes.ts';
import { type AnyDb, addSeededMenus, withId } from './helpers.ts';

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
  await addSeededMenus(db, SCREEN_SIZE_MENU_IDS, ADDED_AT);

  // Only while it is still as seeded: an administrator's own choice stays.
  await db
    .updateTable('sys_menu')
    .set({ visible: '0', icon: 'online' })
    .where('menu_id', '=', BROWSER_TOOL_MENU_ID)
    .where('component', '=', 'tool/project/browser/index')
    .where('visible', '=', '1')
    .execute();
}
