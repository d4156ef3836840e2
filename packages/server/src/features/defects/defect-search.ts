import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsText, containsTextUnindexed, foldedContains } from '../../db/contains-text.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { KeywordNarrowing } from './keyword-narrowing.ts';

const TRIGRAM = 3;

/** Rewrites a defect's searchable text (title; description and comments) after a change. */
export async function refreshSearchText(db: Db, defectId: number): Promise<void> {
  await refreshSearchTexts(db, [defectId]);
}

/** refreshSearchText for many defects in two statements (bulk changes). */
export async function refreshSearchTexts(db: Db, defectIds: readonly number[]): Promise<void> {
  if (isPostgres(db) || defectIds.length === 0) return; // PostgreSQL searches the tables themselves through pg_trgm.
  const ids = sql.join([...defectIds]);
  await sql`delete from sys_defect_search where rowid in (${ids})`.execute(db);
  await sql`
    insert into sys_defect_search (rowid, title, body)
    select d.defect_id, d.defect_name,
      coalesce(d.defect_describe, '') || ' ' || coalesce((
        -- The defect's history first (cross join keeps that order): from the comments, SQLite
        -- without statistics would read every comment of every defect.
        select group_concat(c.comment_content, ' ') from sys_defect_log l cross join sys_comment c
        where l.defect_id = d.defect_id and c.module_type = 'defect_log'
          and c.correlation_id = l.defect_log_id), '')
    from sys_defect d where d.defect_id in (${ids}) and d.is_deleted = 0`.execute(db);
}

/** Indexes just-created defects in bulk (imports: no comments yet). */
export async function indexNewDefects(db: Db, defectIds: number[]): Promise<void> {
  if (isPostgres(db) || defectIds.length === 0) return;
  await sql`insert into sys_defect_search (rowid, title, body)
    select defect_id, defect_name, coalesce(defect_describe, '') from sys_defect
    where defect_id in (${sql.join(defectIds)})`.execute(db);
}

/** An FTS5 phrase for the trigram index, or undefined when the text is too short for trigrams (or on PostgreSQL). */
export function ftsPhrase(db: Db, text: string, column?: 'title'): string | undefined {
  if (isPostgres(db) || [...text].length < TRIGRAM) return undefined;
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return column ? `${column} : ${phrase}` : phrase;
}

/**
 * `column` containing the keyword; found through the trigram index by `word` when one is given
 * (the keyword's rarest word, keyword-narrowing.ts), and the keyword tested on what it finds.
 */
export function containsKeyword(db: Db, column: string, keyword: string, word: string | undefined) {
  return word
    ? sql<boolean>`(${containsText(db, column, word)} and ${containsTextUnindexed(db, column, keyword)})`
    : containsText(db, column, keyword);
}

/**
 * `column` (the title `d.defect_name` or a comment's `c.comment_content`) containing the keyword,
 * as containsKeyword. PostgreSQL tests the lowered text (migration 038), where LIKE is ILIKE's
 * test without lowering every row.
 */
export function foldedKeyword(
  db: Db,
  column: 'd.defect_name' | 'c.comment_content',
  keyword: string,
  word?: string,
) {
  if (!isPostgres(db)) return containsKeyword(db, column, keyword, word);
  const folded = `${column}_folded`;
  return word
    ? sql<boolean>`(${foldedContains(folded, word)} and ${foldedContains(folded, keyword, { isIndexed: false })})`
    : foldedContains(folded, keyword);
}

/** The title of `d` containing the keyword (foldedKeyword). */
export const titleContains = (db: Db, keyword: string, word?: string) =>
  foldedKeyword(db, 'd.defect_name', keyword, word);

/** The keyword in the title or description of `d` (LIKE on SQLite, ILIKE on PostgreSQL). */
export function keywordInText(db: Db, keyword: string, narrowing: KeywordNarrowing = {}) {
  return sql<boolean>`(${titleContains(db, keyword, narrowing.name)} or ${containsKeyword(db, 'd.defect_describe', keyword, narrowing.describe)})`;
}

/**
 * The keyword in a comment on `d`'s history. `set`: the commented defects read once (PostgreSQL:
 * an array, which the planner can OR with the trigram indexes in one bitmap); `row`: probed for
 * each row through its history (a walk passes few rows, and a common word can be in a great many
 * comments).
 */
export function keywordInComments(
  db: Db,
  keyword: string,
  how: 'set' | 'row',
  narrowing: KeywordNarrowing = {},
) {
  const inComment = foldedKeyword(db, 'c.comment_content', keyword, narrowing.comment);
  if (how === 'row')
    // The history first (SQLite keeps a cross join's order; PostgreSQL plans it as a join).
    return sql<boolean>`exists (select 1 from sys_defect_log l cross join sys_comment c
      where l.defect_id = d.defect_id and c.module_type = 'defect_log'
        and c.correlation_id = l.defect_log_id and ${inComment})`;
  const commented = sql`select l.defect_id from sys_comment c
      join sys_defect_log l on l.defect_log_id = c.correlation_id
      where c.module_type = 'defect_log' and ${inComment}`;
  return isPostgres(db)
    ? sql<boolean>`d.defect_id = any(array(${commented}))`
    : sql<boolean>`d.defect_id in (${commented})`;
}

/**
 * A condition on `d` (sys_defect) matching a keyword in the title, description or comments, for
 * the cases the FTS join (see defect-list.repository) does not serve: PostgreSQL, where pg_trgm
 * indexes serve ILIKE, and keywords under three characters (two Chinese characters are a common
 * word), which fall back to a scan. `isPerRow`: tested row by row (a keyword walk,
 * defect-keyword-page.ts).
 */
export function keywordMatches(
  db: Db,
  keyword: string,
  { isPerRow = false, narrowing = {} }: { isPerRow?: boolean; narrowing?: KeywordNarrowing } = {},
) {
  return sql<boolean>`(${keywordInText(db, keyword, narrowing)} or ${keywordInComments(db, keyword, isPerRow ? 'row' : 'set', narrowing)})`;
}
