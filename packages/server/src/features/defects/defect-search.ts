import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText } from '../../db/contains-text.ts';

const TRIGRAM = 3;

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Rewrites a defect's searchable text (title; description and comments) after a change. */
export async function refreshSearchText(db: Db, defectId: number): Promise<void> {
  if (onPostgres(db)) return; // PostgreSQL searches the tables themselves through pg_trgm.
  await sql`delete from sys_defect_search where rowid = ${defectId}`.execute(db);
  await sql`
    insert into sys_defect_search (rowid, title, body)
    select d.defect_id, d.defect_name,
      coalesce(d.defect_describe, '') || ' ' || coalesce((
        select group_concat(c.comment_content, ' ') from sys_comment c
        join sys_defect_log l on l.defect_log_id = c.correlation_id and c.module_type = 'defect_log'
        where l.defect_id = d.defect_id), '')
    from sys_defect d where d.defect_id = ${defectId} and d.is_deleted = 0`.execute(db);
}

/** Indexes just-created defects in bulk (imports: no comments yet). */
export async function indexNewDefects(db: Db, defectIds: number[]): Promise<void> {
  if (onPostgres(db) || defectIds.length === 0) return;
  await sql`insert into sys_defect_search (rowid, title, body)
    select defect_id, defect_name, coalesce(defect_describe, '') from sys_defect
    where defect_id in (${sql.join(defectIds)})`.execute(db);
}

/** An FTS5 phrase for the trigram index, or undefined when the text is too short for trigrams (or on PostgreSQL). */
export function ftsPhrase(db: Db, text: string, column?: 'title'): string | undefined {
  if (onPostgres(db) || [...text].length < TRIGRAM) return undefined;
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return column ? `${column} : ${phrase}` : phrase;
}

/**
 * A condition on `d` (sys_defect) matching a keyword in the title, description or comments, for
 * the cases the FTS join (see defect-list.repository) does not serve: PostgreSQL, where pg_trgm
 * indexes serve ILIKE, and keywords under three characters (two Chinese characters are a common
 * word), which fall back to a scan.
 */
export function keywordMatches(db: Db, keyword: string) {
  const commented = sql`select l.defect_id from sys_comment c
      join sys_defect_log l on l.defect_log_id = c.correlation_id
      where c.module_type = 'defect_log' and ${containsText(db, 'c.comment_content', keyword)}`;
  // PostgreSQL: an array computed once, which the planner can OR with the two trigram indexes
  // (a bitmap) instead of testing a subquery on every row.
  const inComments = onPostgres(db)
    ? sql<boolean>`d.defect_id = any(array(${commented}))`
    : sql<boolean>`d.defect_id in (${commented})`;
  return sql<boolean>`(${containsText(db, 'd.defect_name', keyword)} or ${containsText(db, 'd.defect_describe', keyword)} or ${inComments})`;
}
