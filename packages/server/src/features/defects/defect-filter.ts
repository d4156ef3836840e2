import { DEFECT_TYPES } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { customFilterCondition, type ResolvedFilter } from '../defect-fields/custom-values.ts';
import { ftsPhrase, keywordMatches, titleContains } from './defect-search.ts';
import type { KeywordNarrowing } from './keyword-narrowing.ts';

/** The list's sort columns (orderByColumn) and what they sort by. */
export const DEFECT_SORT = {
  updateTime: 'd.updateTime',
  createTime: 'd.createTime',
  projectNum: 'd.projectNum',
  defectLevel: 'd.defectLevel',
  defectState: 'd.defectState',
  planStartTime: 'd.planStartTime',
  planEndTime: 'd.planEndTime',
} as const;

export type DefectOrder = [(typeof DEFECT_SORT)[keyof typeof DEFECT_SORT], 'asc' | 'desc'];

export interface DefectFilter {
  projectId: number;
  viewerId: number;
  defectType?: string;
  states?: number[];
  defectLevel?: string;
  handleBy?: number[];
  moduleId?: number;
  moduleVersion?: string;
  /** Title words, or a number (`12` or `#12`). */
  defectName?: string;
  /** Words anywhere in the title, description or comments (indexed). */
  keyword?: string;
  /** PostgreSQL: the keyword's word to look each column up by, learnt before planning (keyword-narrowing.ts). */
  keywordNarrowing?: KeywordNarrowing;
  isInvolvingMe?: boolean;
  isFollowed?: boolean;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  /** Calendar window: plan start, plan end or last update inside it. */
  calendarFrom?: string;
  calendarTo?: string;
  /** Filters on the project's own fields (1.0's customFieldFilters), with their definitions. */
  customFilters?: ResolvedFilter[];
  /** These defects only (the matches of custom filters, found first: defect-custom-list.ts). */
  onlyIds?: number[];
}

/** Rows of `sys_defect` as `d` (joined to whatever a plan reads them through). */
export type DefectSource = ReturnType<typeof defectRows>;
export const defectRows = (db: Db) => db.selectFrom('sysDefect as d');

/**
 * Every filter but the keyword, on `d`: scoped in SQL to the project (unless `from` already is,
 * as a keyword walk's window), each a WHERE clause on indexed columns where it can be.
 */
export function withFilters(
  from: DefectSource,
  db: Db,
  f: DefectFilter,
  { isScoped = false } = {},
): DefectSource {
  let q = isScoped ? from : from.where('d.projectId', '=', f.projectId).where('d.isDeleted', '=', 0);
  if (f.defectType)
    q = q.where('d.defectType', '=', DEFECT_TYPES.indexOf(f.defectType as (typeof DEFECT_TYPES)[number]));
  if (f.states && f.states.length > 0) q = q.where('d.defectState', 'in', f.states);
  if (f.defectLevel) q = q.where('d.defectLevel', '=', f.defectLevel);
  if (f.moduleId !== undefined)
    q = f.moduleId === 0 ? q.where('d.moduleId', 'is', null) : q.where('d.moduleId', '=', f.moduleId);
  if (f.moduleVersion) q = q.where('d.moduleVersion', 'like', `%${f.moduleVersion}%`);
  const name = f.defectName?.trim();
  if (name) {
    // "#12" is a number; "12" a number or words of a title; anything else words of a title.
    // Up to nine digits is a number (a longer run of digits is words of a title).
    const number = /^(#?)(\d{1,9})$/.exec(name);
    const title = ftsPhrase(db, name, 'title');
    const inTitle = title
      ? sql<boolean>`d.defect_id in (select rowid from sys_defect_search where sys_defect_search match ${title})`
      : titleContains(db, name);
    if (number?.[1]) q = q.where('d.projectNum', '=', Number(number[2]));
    else if (number) q = q.where((eb) => eb.or([eb('d.projectNum', '=', Number(number[2])), inTitle]));
    else q = q.where(inTitle);
  }
  const handlers = f.handleBy;
  if (handlers && handlers.length > 0) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysDefectHandler as h')
          .select('h.userId')
          .whereRef('h.defectId', '=', 'd.defectId')
          .where('h.userId', 'in', handlers),
      ),
    );
  }
  if (f.isInvolvingMe) {
    const me = f.viewerId;
    q = q.where((eb) =>
      eb.or([
        eb('d.createById', '=', me),
        eb.exists(
          eb
            .selectFrom('sysDefectHandler as h')
            .select('h.userId')
            .whereRef('h.defectId', '=', 'd.defectId')
            .where('h.userId', '=', me),
        ),
      ]),
    );
  }
  if (f.isFollowed) {
    const me = f.viewerId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserDefect as ud')
          .select('ud.userId')
          .whereRef('ud.defectId', '=', 'd.defectId')
          .where('ud.userId', '=', me)
          .where('ud.collect', '=', 1),
      ),
    );
  }
  if (f.createdFrom) q = q.where('d.createTime', '>=', f.createdFrom);
  if (f.createdTo) q = q.where('d.createTime', '<=', endOfDay(f.createdTo));
  if (f.updatedFrom) q = q.where('d.updateTime', '>=', f.updatedFrom);
  if (f.updatedTo) q = q.where('d.updateTime', '<=', endOfDay(f.updatedTo));
  for (const resolved of f.customFilters ?? []) q = q.where(customFilterCondition(db, resolved));
  if (f.onlyIds) q = q.where('d.defectId', 'in', f.onlyIds.length > 0 ? f.onlyIds : [0]);
  if (f.calendarFrom && f.calendarTo) {
    const from = f.calendarFrom;
    const to = endOfDay(f.calendarTo);
    q = q.where((eb) =>
      eb.or([
        eb.between('d.planStartTime', from, to),
        eb.between('d.planEndTime', from, to),
        eb.between('d.updateTime', from, to),
        // A plan that spans the whole window.
        eb.and([eb('d.planStartTime', '<', from), eb('d.planEndTime', '>', to)]),
      ]),
    );
  }
  return q;
}

const endOfDay = (value: string) => (value.length === 10 ? `${value} 23:59:59` : value);

/**
 * The filter with its keyword. A keyword of three characters or more on SQLite drives the query
 * from the FTS5 trigram index (`s`), so the newest matches come straight off the index without
 * collecting the others.
 */
export function filtered(db: Db, f: DefectFilter) {
  const keyword = f.keyword?.trim();
  const phrase = keyword ? ftsPhrase(db, keyword) : undefined;
  const from = phrase
    ? // Same row shape (d.*); the join only adds the index cursor `s`.
      (db
        .selectFrom('sysDefectSearch as s')
        .innerJoin('sysDefect as d', 'd.defectId', 's.rowid')
        .where(sql<boolean>`s.sys_defect_search match ${phrase}`) as unknown as DefectSource)
    : defectRows(db);
  const q = withFilters(from, db, f);
  return keyword && !phrase ? q.where(keywordMatches(db, keyword, { narrowing: f.keywordNarrowing })) : q;
}

/** The page as one query: the filter's rows (keyword included) in the order, sorted by the database. */
export function orderedPageQuery(
  db: Db,
  f: DefectFilter,
  limit: number,
  offset: number,
  order: DefectOrder | undefined,
) {
  let page = filtered(db, f).selectAll('d');
  if (f.keyword?.trim() && !order)
    page = page.orderBy(sql.ref(ftsPhrase(db, f.keyword.trim()) ? 's.rowid' : 'd.defect_id'), 'desc');
  else for (const [column, direction] of listOrder(order)) page = page.orderBy(sql.ref(column), direction);
  return page.limit(limit).offset(offset);
}

export const orderedPage = (...args: Parameters<typeof orderedPageQuery>) =>
  orderedPageQuery(...args).execute();

/** The list's order without a keyword: the one asked for, else the last updated first; ids break ties. */
export function listOrder(order: DefectOrder | undefined): Array<[string, 'asc' | 'desc']> {
  const [column, direction] = order ?? (['d.updateTime', 'desc'] as const);
  return [
    [column, direction],
    ['d.defectId', direction],
  ];
}
