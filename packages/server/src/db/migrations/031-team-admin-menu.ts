import { type AnyDb, addSeededMenus } from './helpers.ts';

/** The original's back-office team list (/system/team) and its buttons (ids kept). */
export const TEAM_ADMIN_MENU_IDS = [2006, 2007, 2008, 2009, 2010, 2011];

const ADDED_AT = '2026-11-25 00:00:00';

/**
 * Every team of the platform, for its administrator. A new database has the page from the seed
 * (002); an older one gets it here. Granted to no role: a back-office page (seed/menus.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await addSeededMenus(db, TEAM_ADMIN_MENU_IDS, ADDED_AT);
}
