import { DEFECT_STATE_NAMES, DEFECT_TYPES, type Defect } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ResolvedFilter } from '../defect-fields/custom-values.ts';
import { planCustomList } from './defect-custom-list.ts';
import {
  type DefectFilter,
  type DefectOrder,
  type DefectSource,
  filtered,
  listOrder,
  orderedPage,
  orderedPageQuery,
} from './defect-filter.ts';
import { type KeywordPlan, listKeywordDefects } from './defect-keyword-list.ts';
import { type DefectRow, foldShown, shownQuery, toDefects } from './defects.repository.ts';

export { DEFECT_SORT, type DefectFilter, type DefectOrder } from './defect-filter.ts';
export { KEYWORD_COUNT_CAP } from './defect-keyword-list.ts';

export interface ListOptions {
  /** How a keyword page is read (tests compare the plans); by the keyword's count unless given. */
  keywordPlan?: KeywordPlan;
}

/**
 * A page and the total. The total of a filter on states alone comes from the tally kept by
 * triggers (migration 009); a keyword's is counted up to KEYWORD_COUNT_CAP
 * (defect-keyword-list.ts). Without an explicit sort, keyword matches come newest first,
 * everything else by last update. The page and the total are independent queries, run side by
 * side (two connections of PostgreSQL's pool).
 */
export async function listDefects(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: DefectOrder | undefined,
  options: ListOptions = {},
): Promise<{ rows: DefectRow[]; total: number; isTotalCapped: boolean }> {
  if (f.keyword?.trim()) return listKeywordDefects(db, f, limit, offset, order, options.keywordPlan);
  if (hasCustomFilters(f)) {
    const plan = await planCustomList(db, f);
    const rows = await orderedPage(db, plan.pageFilter, limit, offset, order);
    return { rows, total: plan.total, isTotalCapped: plan.isTotalCapped };
  }
  const [rows, total] = await Promise.all([orderedPage(db, f, limit, offset, order), countAll(db, f)]);
  return { rows, total, isTotalCapped: false };
}

/**
 * listDefects with the rows in their wire shape. Without a keyword the page and its shape
 * (handlers, deliverable, the reader's star) are one statement, beside the total: one round trip
 * on PostgreSQL.
 */
export async function listShownDefects(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: DefectOrder | undefined,
  viewerId: number,
): Promise<{ rows: Defect[]; total: number; isTotalCapped: boolean }> {
  if (f.keyword?.trim()) {
    const page = await listKeywordDefects(db, f, limit, offset, order, undefined);
    return { ...page, rows: await toDefects(db, page.rows, viewerId) };
  }
  const plan = hasCustomFilters(f) ? await planCustomList(db, f) : undefined;
  const from = db.selectFrom(
    orderedPageQuery(db, plan?.pageFilter ?? f, limit, offset, order).as('d'),
  ) as unknown as DefectSource;
  let shown = shownQuery(from, viewerId);
  for (const [column, direction] of listOrder(order)) shown = shown.orderBy(sql.ref(column), direction);
  const [rows, total] = await Promise.all([
    shown.orderBy('h.position').execute(),
    plan ? plan.total : countAll(db, f),
  ]);
  return { rows: foldShown(rows).map((d) => d.shown), total, isTotalCapped: plan?.isTotalCapped ?? false };
}

const hasCustomFilters = (f: DefectFilter): f is DefectFilter & { customFilters: ResolvedFilter[] } =>
  (f.customFilters?.length ?? 0) > 0;

async function countAll(db: Db, f: DefectFilter): Promise<number> {
  const tallied = await tallyTotal(db, f);
  if (tallied !== undefined) return tallied;
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** The total from the tally, when the filter is the project with states and/or a type and nothing else. */
async function tallyTotal(db: Db, f: DefectFilter): Promise<number | undefined> {
  const { projectId, viewerId: _viewer, states, defectType, ...rest } = f;
  if (Object.values(rest).some((v) => v !== undefined && v !== false && v !== '')) return undefined;
  let q = db
    .selectFrom('sysDefectTally')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql.lit(0)).as('n'))
    .where('projectId', '=', projectId);
  if (states && states.length > 0) q = q.where('defectState', 'in', states);
  if (defectType)
    q = q.where('defectType', '=', DEFECT_TYPES.indexOf(defectType as (typeof DEFECT_TYPES)[number]));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `params[defectStates]=0,3` or `defectState=PROCESSING` (names, as the original binds them). */
export function statesFrom(list: string | undefined, name: string | undefined): number[] | undefined {
  if (list)
    return list
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 4);
  if (name) {
    const byName = DEFECT_STATE_NAMES.indexOf(name as (typeof DEFECT_STATE_NAMES)[number]);
    const state = byName >= 0 ? byName : Number(name);
    return Number.isInteger(state) && state >= 0 && state <= 4 ? [state] : undefined;
  }
  return undefined;
}
