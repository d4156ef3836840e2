import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

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

/**
 * A condition on `d` (sys_defect) matching a keyword in the title, description or comments.
 * Keywords of three characters or more use the trigram index; shorter ones (two Chinese
 * characters are a common word) fall back to a scan.
 */
export function keywordMatches(db: Db, keyword: string) {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const inComments = sql<boolean>`exists (select 1 from sys_defect_log l join sys_comment c
      on c.correlation_id = l.defect_log_id and c.module_type = 'defect_log'
      where l.defect_id = d.defect_id and c.comment_content ${sql.raw(onPostgres(db) ? 'ilike' : 'like')} ${like} escape '\\')`;
  if (onPostgres(db)) {
    return sql<boolean>`(d.defect_name ilike ${like} escape '\\' or d.defect_describe ilike ${like} escape '\\' or ${inComments})`;
  }
  if ([...keyword].length >= TRIGRAM) {
    const phrase = `"${keyword.replace(/"/g, '""')}"`;
    return sql<boolean>`d.defect_id in (select rowid from sys_defect_search where sys_defect_search match ${phrase})`;
  }
  return sql<boolean>`(d.defect_name like ${like} escape '\\' or d.defect_describe like ${like} escape '\\' or ${inComments})`;
}
