import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import {
  type DefectFilter,
  type DefectOrder,
  defectRows,
  filtered,
  orderedPage,
  withFilters,
} from './defect-filter.ts';
import { type SortColumn, WALK_MAX_END, walkBudget, walkKeywordPage } from './defect-keyword-page.ts';
import {
  containsKeyword,
  ftsPhrase,
  keywordInComments,
  keywordInText,
  titleContains,
} from './defect-search.ts';
import type { DefectRow } from './defects.repository.ts';
import { isLikelyCommon, keywordNarrowing } from './keyword-narrowing.ts';

/** Keyword totals above this are answered as "more than" (counting every match of a common word costs more than the page). */
export const KEYWORD_COUNT_CAP = 1000;

/**
 * How a keyword page is read. Both give the same rows in the same order
 * (defect-keyword-page.test.ts):
 *
 * - `sort`: the keyword's matches, sorted. One statement takes the first KEYWORD_COUNT_CAP + 1
 *   matches, counts them and sorts them: up to the cap they are all the matches, so the count is
 *   the total and their page the answer (a rare keyword costs one pass over the trigram index).
 * - `walk` (defect-keyword-page.ts): past the cap the keyword is common, and its page is walked
 *   off the sort column's index instead of sorting every match; a walk that finds less than the
 *   page within its budget leaves it to sorting all the matches.
 */
export type KeywordPlan = 'walk' | 'sort';

/**
 * A keyword's page and its total up to KEYWORD_COUNT_CAP. Newest first (no sort chosen) is a
 * walk by id, except off SQLite's trigram index, which hands its matches out newest first
 * itself. The count comes first, so only a common keyword is walked. `plan` forces one way.
 * On PostgreSQL a keyword the sample of titles finds common (keyword-narrowing.ts) is walked
 * while it is counted, on a second connection: the same answer, one wait instead of two.
 */
export async function listKeywordDefects(
  db: Db,
  asked: DefectFilter,
  limit: number,
  offset: number,
  order: DefectOrder | undefined,
  plan: KeywordPlan | undefined,
): Promise<{ rows: DefectRow[]; total: number; isTotalCapped: boolean }> {
  const keyword = asked.keyword?.trim() ?? '';
  const f = { ...asked, keywordNarrowing: keywordNarrowing(db, keyword) };
  const walkOrder: [SortColumn, 'asc' | 'desc'] | undefined = order
    ? [order[0].slice('d.'.length) as SortColumn, order[1]]
    : ftsPhrase(db, keyword)
      ? undefined
      : ['defectId', 'desc'];
  const end = offset + limit;
  const walk = () =>
    walkOrder && end <= WALK_MAX_END
      ? walkKeywordPage(db, f, walkOrder, limit, offset, walkBudget(end))
      : Promise.resolve(undefined);
  const early = plan === undefined && isLikelyCommon(db, keyword) ? walk() : undefined;
  // Not needed after all (the count was within the cap): its failure is nobody's answer.
  early?.catch(() => undefined);
  // A keyword expected to be common is counted alone (a statement half as long to plan); should
  // it be within the cap after all, the sort plan reads its page.
  const counted = early ? await countMatches(db, f, keyword) : undefined;
  const sorted =
    counted !== undefined && counted > KEYWORD_COUNT_CAP
      ? { counted, rows: [] }
      : await sortedWithCount(db, f, limit, offset, order);
  const isCommon = sorted.counted > KEYWORD_COUNT_CAP;
  let rows: DefectRow[] | undefined;
  if (plan === 'walk' || (plan === undefined && isCommon)) rows = await (early ?? walk());
  else if (!isCommon) rows = sorted.rows;
  rows ??= await orderedPage(db, f, limit, offset, order);
  return { rows, total: Math.min(sorted.counted, KEYWORD_COUNT_CAP), isTotalCapped: isCommon };
}

/**
 * The sort plan with its count, in one statement: `m`, the first KEYWORD_COUNT_CAP + 1 matches
 * (materialized), their number, and the page of them in the order. Its rows are the page only
 * when the count is within the cap. Off SQLite's trigram index `m` is the index's matches.
 * Otherwise (LIKE/ILIKE) it is gathered by parts, titles first, then descriptions, then comments,
 * each only while the parts before it are within the cap: a word common in titles is counted off
 * the short titles alone (a case-insensitive match costs by the length of the text), and a
 * common word never reads the comments.
 */
async function sortedWithCount(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: DefectOrder | undefined,
): Promise<{ counted: number; rows: DefectRow[] }> {
  const keyword = f.keyword?.trim() ?? '';
  const cap = KEYWORD_COUNT_CAP + 1;
  const matches = (
    ftsPhrase(db, keyword)
      ? db.with(
          (cte) => cte('m').materialized(),
          () => filtered(db, f).select('d.defectId').limit(cap),
        )
      : matchesByParts(db, f, keyword)
  ) as QueryCreator<Database & { m: { defectId: number } }>;
  // The matches' sort keys are read into `p` (materialized) and the page taken from there: left
  // to itself, PostgreSQL would rather walk the whole sort index looking for the matches. Past
  // the cap the page is not the answer, and `p` stays empty. The matches and the page drive their
  // joins (a cross join fixes SQLite's order): at 100,000 defects SQLite chose to scan every
  // defect against the 1,001 matches instead, 17 ms where 1 ms does.
  const [column, direction] = order ?? (['d.defectId', 'desc'] as const);
  const keyed = matches.with(
    (cte) => cte('p').materialized(),
    (qc) =>
      qc
        .selectFrom('m')
        .crossJoin('sysDefect as d')
        .whereRef('d.defectId', '=', 'm.defectId')
        .where(sql<boolean>`(select count(*) from m) <= ${KEYWORD_COUNT_CAP}`)
        .select(['d.defectId', sql.ref(column).as('k')]),
  );
  // Subqueries refer to the statement's names (`m`, `p`) without declaring them again.
  const inner = db as unknown as Kysely<
    Database & { m: { defectId: number }; p: { defectId: number; k: unknown } }
  >;
  const ids = inner
    .selectFrom('p')
    .select(['p.defectId', 'p.k'])
    .orderBy('p.k', direction)
    .orderBy('p.defectId', direction)
    .limit(limit)
    .offset(offset)
    .as('pg');
  const pageRows = inner
    .selectFrom(ids)
    .crossJoin('sysDefect as d')
    .whereRef('d.defectId', '=', 'pg.defectId')
    .selectAll('d')
    .select('pg.k as sortKey');
  // The count comes on a row of its own (joined to the page's rows), so a page past the end
  // still carries it.
  const found = await keyed
    .selectFrom(sql<{ n: number }>`(select count(*) as n from m)`.as('counted'))
    .leftJoin(pageRows.as('r'), (join) => join.onTrue())
    .select('counted.n as matchCount')
    .selectAll('r')
    .orderBy('r.sortKey', direction)
    .orderBy('r.defectId', direction)
    .execute();
  return {
    counted: Number(found[0]?.matchCount ?? 0),
    rows: found.flatMap(({ matchCount: _n, sortKey: _k, ...row }) =>
      row.defectId === null ? [] : [row as DefectRow],
    ),
  };
}

/** How many defects match, up to KEYWORD_COUNT_CAP + 1 (the LIKE/ILIKE parts of sortedWithCount). */
async function countMatches(db: Db, f: DefectFilter, keyword: string): Promise<number> {
  const row = await matchesByParts(db, f, keyword)
    .selectFrom('m')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `m` of the LIKE/ILIKE keyword, by parts (see sortedWithCount). */
function matchesByParts(db: Db, f: DefectFilter, keyword: string) {
  const cap = KEYWORD_COUNT_CAP + 1;
  const narrowing = f.keywordNarrowing ?? {};
  const inName = titleContains(db, keyword, narrowing.name);
  const inText = keywordInText(db, keyword, narrowing);
  // A part after others is read only while they are within the cap (`before`: their count).
  const part = (condition: RawBuilder<boolean>, before?: string) => {
    const q = withFilters(defectRows(db), db, f).where(condition).select('d.defectId').limit(cap);
    return before ? q.where(sql<boolean>`${sql.raw(before)} <= ${KEYWORD_COUNT_CAP}`) : q;
  };
  return db
    .with(
      (cte) => cte('t0').materialized(),
      () => part(inName),
    )
    .with(
      (cte) => cte('t1').materialized(),
      () =>
        part(
          sql<boolean>`not coalesce(${inName}, false) and ${containsKeyword(db, 'd.defect_describe', keyword, narrowing.describe)}`,
          '(select count(*) from t0)',
        ),
    )
    .with(
      (cte) => cte('t2').materialized(),
      () =>
        part(
          sql<boolean>`not coalesce(${inText}, false) and ${keywordInComments(db, keyword, 'set', narrowing)}`,
          '((select count(*) from t0) + (select count(*) from t1))',
        ),
    )
    .with(
      (cte) => cte('m').materialized(),
      (qc) =>
        qc
          .selectFrom('t0')
          .select('t0.defectId')
          .unionAll(qc.selectFrom('t1').select('t1.defectId'))
          .unionAll(qc.selectFrom('t2').select('t2.defectId')),
    );
}
