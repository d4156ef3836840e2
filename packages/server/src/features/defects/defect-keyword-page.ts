import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { TrigramMatch } from '../../db/trigram-match.ts';
import { type DefectFilter, type DefectSource, withFilters } from './defect-filter.ts';
import { ftsPhrase, keywordMatches } from './defect-search.ts';
import type { DefectRow } from './defects.repository.ts';

/**
 * The walk plan of a keyword page (see defect-keyword-list.ts): down the project's index of the
 * sort column, testing each defect for the keyword and stopping at the page's end. A page of 10
 * costs about 10 / share-of-matches rows, so this is the way for a common keyword (one defect in
 * eight: about 80 rows) whatever the project's size; it never passes more than its budget.
 */
/** The sort columns (DEFECT_SORT) as the walk reads them off the index, and the id (newest first). */
export type SortColumn =
  | 'updateTime'
  | 'createTime'
  | 'projectNum'
  | 'defectLevel'
  | 'defectState'
  | 'planStartTime'
  | 'planEndTime'
  | 'defectId';

/** A walk passes at most this many rows per row up to the page's end (a match in 20)… */
const WALK_ROWS_PER_ROW = 20;
/** …and at least this many (below a match in 200 rows, sorting the matches costs less). */
const WALK_ROWS_MIN = 2000;
/** Pages ending further down are sorted: walking that far would cost more than sorting. */
export const WALK_MAX_END = 500;

/** How many index rows a walk to the page's end may pass before sorting is the cheaper way. */
export const walkBudget = (end: number) => Math.max(WALK_ROWS_MIN, WALK_ROWS_PER_ROW * end);

/**
 * The keyword test of one row `d` as the walk makes it. SQLite, a phrase for the trigram index:
 * the indexed text (title; description and comments) is read by id from the index's content
 * table and searched in place (trigram-match.ts, registered as `buglet_trigram_match` in
 * db/connect.ts); only when folding could decide (letters with case outside ASCII) is the index
 * asked about the row. Otherwise the list's own condition (LIKE/ILIKE), the comments looked up
 * through the row's history.
 */
function keywordOfRow(db: Db, keyword: string) {
  const phrase = ftsPhrase(db, keyword);
  if (!phrase) return keywordMatches(db, keyword, { isPerRow: true });
  // By the window's id (`w`), not the joined row's: SQLite then tests the keyword before it reads
  // the defect's row, five times faster over a walk that finds little.
  return sql<boolean>`(case (select buglet_trigram_match(${keyword}, c.c0, c.c1)
      from sys_defect_search_content c where c.id = w.defect_id)
    when ${TrigramMatch.yes} then 1
    when ${TrigramMatch.maybe} then exists (select 1 from sys_defect_search m
      where m.sys_defect_search match ${phrase} and m.rowid = w.defect_id)
    else 0 end) = 1`;
}

/**
 * The walk: the first `budget` defects of the project in the sort order (off the column's index,
 * ids only), then each one's filters and keyword, in that order, up to the page's end. Undefined
 * when the budget ran out before the page was full (`budget` undefined: no limit, the whole
 * project, for tests).
 */
export async function walkKeywordPage(
  db: Db,
  f: DefectFilter,
  order: [SortColumn, 'asc' | 'desc'],
  limit: number,
  offset: number,
  budget: number | undefined,
): Promise<DefectRow[] | undefined> {
  const keyword = f.keyword?.trim() ?? '';
  const [column, direction] = order;
  const isById = column === 'defectId';
  // By id, the table (SQLite) or its key (PostgreSQL) is in order. SQLite would rather take one of
  // the project's indexes and sort it whole: `+` keeps it off them.
  const isTableOrder = isById && !isPostgres(db);
  let window = db
    .selectFrom('sysDefect as w')
    .select(isById ? ['w.defectId'] : ['w.defectId', `w.${column}`])
    .where(isTableOrder ? sql`+w.project_id` : sql.ref('w.projectId'), '=', f.projectId)
    .where(isTableOrder ? sql`+w.is_deleted` : sql.ref('w.isDeleted'), '=', 0)
    .orderBy(`w.${column}`, direction);
  if (!isById) window = window.orderBy('w.defectId', direction);
  if (budget !== undefined) window = window.limit(budget);
  // `w` keeps the index order; PostgreSQL and SQLite both carry it through the join, so the
  // outer order costs no sort and the walk stops at the page's end. `w` holds the project's live
  // defects only, so `d` is not scoped again: that leaves its key as the one way to reach it
  // (PostgreSQL without statistics would otherwise scan the project's rows for every row of `w`).
  const from = db
    .selectFrom(window.as('w'))
    .innerJoin('sysDefect as d', 'd.defectId', 'w.defectId') as unknown as DefectSource;
  let page = withFilters(from, db, f, { isScoped: true })
    .where(keywordOfRow(db, keyword))
    .selectAll('d')
    .orderBy(sql.ref(`w.${column}`), direction);
  if (!isById) page = page.orderBy(sql.ref('w.defectId'), direction);
  const rows = await page.limit(limit).offset(offset).execute();
  return rows.length === limit || budget === undefined ? rows : undefined;
}
