import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import {
  customFilterCondition,
  isIndexable,
  matchingValues,
  type ResolvedFilter,
} from '../defect-fields/custom-values.ts';
import { type DefectFilter, filtered } from './defect-filter.ts';

/** Totals of custom-field filters above this are answered as "more than", as a keyword's are. */
export const CUSTOM_COUNT_CAP = 1000;
/** How far the size of each filter is counted, to pick the one to start from. */
const SIZE_CAP = 20_000;

/**
 * The page filter and total of a list with custom-field filters (1.0's customFieldFilters) and no
 * keyword. The matches are found from the value index of the narrowest filter (each filter's
 * matches counted up to SIZE_CAP to tell), every other custom filter checked on the value row's
 * defect by the value table's key, then the defect's own filters, up to CUSTOM_COUNT_CAP + 1 of
 * them: a few (at most the cap) and the page is those, sorted; more, and the total is "more
 * than the cap" and the page walks the sort order checking each defect, which finds a page soon
 * since matches are common. A million defects, two filters: milliseconds either way.
 */
export async function planCustomList(
  db: Db,
  f: DefectFilter & { customFilters: ResolvedFilter[] },
): Promise<{ pageFilter: DefectFilter; total: number; isTotalCapped: boolean }> {
  const custom = f.customFilters;
  const indexable = custom.filter((c) => isIndexable(c.filter));
  let matches: number[];
  if (indexable.length === 0) {
    matches = (
      await filtered(db, f)
        .select('d.defectId')
        .limit(CUSTOM_COUNT_CAP + 1)
        .execute()
    ).map((r) => r.defectId);
  } else {
    const sizes = await Promise.all(
      indexable.map(async (c) => {
        const row = await db
          .selectFrom(matchingValues(db, f.projectId, c).limit(SIZE_CAP).as('m'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );
    const start = indexable[sizes.indexOf(Math.min(...sizes))] as ResolvedFilter;
    const { customFilters: _all, ...rest } = f;
    // The other custom filters on the value row first (cheap look-ups by key), the defect last.
    let q = matchingValues(db, f.projectId, start);
    for (const other of custom)
      if (other !== start) q = q.where(customFilterCondition(db, other, 'dv.defect_id'));
    const defect = filtered(db, rest)
      .select(sql.lit(1).as('one'))
      .whereRef('d.defectId', '=', sql.ref('dv.defect_id') as never);
    matches = (
      await q
        .where((eb) => eb.exists(defect as never))
        .limit(CUSTOM_COUNT_CAP + 1)
        .execute()
    ).map((r) => r.defectId);
  }
  if (matches.length > CUSTOM_COUNT_CAP)
    return { pageFilter: f, total: CUSTOM_COUNT_CAP, isTotalCapped: true };
  const { customFilters: _done, ...plain } = f;
  return { pageFilter: { ...plain, onlyIds: matches }, total: matches.length, isTotalCapped: false };
}
