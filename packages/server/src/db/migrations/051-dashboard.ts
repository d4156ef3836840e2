import { type AnyDb, addSeededMenus } from './helpers.ts';

/** The project dashboard's page (1.0's menu 2125, first of the project group), menus.ts. */
export const DASHBOARD_MENU_IDS = [2125];

export async function up(db: AnyDb): Promise<void> {
  await addSeededMenus(db, DASHBOARD_MENU_IDS, '2026-11-30 00:00:00');
}
