import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * The defect list sorts a project's defects by level, state and plan dates as well as by last
 * update, creation and number. One index per such column, in the list's order (the column, then
 * the id as the tie-break), so a page of a million defects is read off the index instead of
 * sorting them all; a keyword search walks the same index when its matches are common
 * (defect-keyword-page.ts). Update time, creation time and number already have theirs
 * (migrations 004, 021 and the number's unique constraint).
 */
const SORTED = ['defect_state', 'defect_level', 'plan_start_time', 'plan_end_time'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const column of SORTED)
    await db.schema
      .createIndex(`sys_defect_sort_${column}_idx`)
      .on('sys_defect')
      .columns(['project_id', 'is_deleted', column, 'defect_id'])
      .execute();
  if (isPostgres(db)) return;
  // A SQLite database that was analyzed holds statistics for the older indexes only; an index
  // without them looks selective to the planner, which then picks one of these for every list
  // and sorts it. Analyzed again, the table's indexes are compared on the same footing.
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (Number(rows[0]?.n) > 0) await sql`analyze sys_defect`.execute(db);
}
