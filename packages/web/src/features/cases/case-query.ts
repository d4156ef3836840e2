import { CASE_LEVELS, CASE_STATES } from '@buglet/contracts';
import type { Filters } from '../../hooks/use-list-params.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/**
 * The case page's URL keys: `name` (title words or a number), `level` (1–5), `state` (tested state),
 * `module` (a deliverable and its subtree); then sort, order and the view (table or cards).
 */
export const FILTER_KEYS = ['name', 'level', 'state', 'module'] as const;
export type CaseFilters = Filters<(typeof FILTER_KEYS)[number]>;
export const LIST_KEYS = [...FILTER_KEYS, 'sort', 'order', 'view'] as const;
export type CaseListParams = Filters<(typeof LIST_KEYS)[number]>;

/** Columns the server sorts by (its orderByColumn); last update is its own order. */
export const CASE_SORT_FIELDS = ['updateTime', 'caseNum', 'caseLevel', 'caseName'] as const;
export type CaseSortField = (typeof CASE_SORT_FIELDS)[number];
export const DEFAULT_SORT: CaseSortField = 'updateTime';

export type CaseView = 'table' | 'card';
export const viewOf = (p: CaseListParams): CaseView => (p.view === 'card' ? 'card' : 'table');

const isLevel = (value: string) => (CASE_LEVELS as readonly number[]).includes(Number(value));
const isState = (value: string) => (CASE_STATES as readonly string[]).includes(value);
const isId = (value: string) => /^[1-9]\d*$/.test(value);

/** The filters of a URL, each kept only when the server would take it (a hand-edited URL cannot break the list). */
export function pickCaseFilters(p: CaseListParams): CaseFilters {
  const out: CaseFilters = {};
  const name = p.name?.trim();
  if (name) out.name = name;
  if (p.level && isLevel(p.level)) out.level = p.level;
  if (p.state && isState(p.state)) out.state = p.state;
  if (p.module && isId(p.module)) out.module = p.module;
  return out;
}

/** The filters under the names the server reads; the deliverable as `params[modulePid]`, its whole subtree. */
export function caseFilterQuery(f: CaseFilters): QueryObject {
  const clean = pickCaseFilters(f);
  return {
    ...(clean.name ? { caseName: clean.name } : {}),
    ...(clean.level ? { caseLevel: Number(clean.level) } : {}),
    ...(clean.state ? { caseState: clean.state } : {}),
    ...(clean.module ? { params: { modulePid: Number(clean.module) } } : {}),
  };
}

export const sortFieldOf = (p: CaseListParams): CaseSortField | undefined =>
  CASE_SORT_FIELDS.find((field) => field === p.sort);

/** The chosen sort, else none (the server then lists the last updated first). */
export function caseSortQuery(p: CaseListParams): QueryObject {
  const field = sortFieldOf(p);
  return field ? { orderByColumn: field, isAsc: p.order === 'asc' ? 'asc' : 'desc' } : {};
}

/** The export's request: the list as filtered and sorted now, without paging. */
export function caseExportQuery(projectId: number, p: CaseListParams): QueryObject {
  return { projectId, ...caseSortQuery(p), ...caseFilterQuery(p) };
}

export function caseListQuery(
  projectId: number,
  p: CaseListParams,
  page: { pageNum: number; pageSize: number },
): QueryObject {
  return { ...caseExportQuery(projectId, p), ...page };
}
