import { type AnyDb, addSeededMenus } from './helpers.ts';

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
  await addSeededMenus(db, API_DOCS_MENU_IDS, ADDED_AT);
}
