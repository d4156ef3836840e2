import type { Filters } from '../../hooks/use-list-params.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** The filters a tab can save; each is one URL query key of the list page. */
export const FILTER_KEYS = [
  'type',
  'states',
  'level',
  'handler',
  'name',
  'keyword',
  'version',
  // Deliverable id; 0 = defects without one (the statistics panel's "none" row).
  'module',
  'createdFrom',
  'createdTo',
  'updatedFrom',
  'updatedTo',
  'mine',
  'followed',
  // The project's own fields: 1.0's customFieldFilters, as their JSON `[{fieldKey, op, value}]`.
  'custom',
] as const;
export type DefectFilters = Filters<(typeof FILTER_KEYS)[number]>;

/** Everything the list page keeps in the URL: the filters plus sort, active tab, view and month. */
export const LIST_KEYS = [...FILTER_KEYS, 'sort', 'order', 'tab', 'view', 'month'] as const;
export type DefectListParams = Filters<(typeof LIST_KEYS)[number]>;

/** Filters that sit behind "more filters" (the first row holds the everyday ones). */
export const MORE_FILTER_KEYS = [
  'level',
  'keyword',
  'version',
  'createdFrom',
  'createdTo',
  'updatedFrom',
  'updatedTo',
  'custom',
] as const satisfies readonly (typeof FILTER_KEYS)[number][];

/** `0,3` -> [0, 3]; state 0 (Pending) is a real value, so only non-numbers are dropped. */
export const idList = (value: string | undefined): number[] =>
  value
    ? value
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 0)
    : [];

export function pickFilters(params: DefectListParams): DefectFilters {
  const out: DefectFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Same filters, whatever the order of ids in a list. */
export function isSameFilters(a: DefectFilters, b: DefectFilters): boolean {
  const normal = (f: DefectFilters) => {
    const out = pickFilters(f);
    for (const key of ['states', 'handler'] as const) {
      const ids = idList(out[key]);
      if (ids.length > 0) out[key] = [...new Set(ids)].sort((x, y) => x - y).join(',');
      else delete out[key];
    }
    return FILTER_KEYS.map((key) => `${key}=${out[key] ?? ''}`).join('&');
  };
  return normal(a) === normal(b);
}

/**
 * The filters in the original's list-query shape: `defectType`, `handleBy: [ids]`,
 * `params: {defectStates: [ids], collect: '1', ...}`. The list request sends it (arrays become
 * `a,b`), and a saved tab stores it, as the original client and the server's default "My" tab do.
 */
export function filterQuery(f: DefectFilters, userId: number | undefined): QueryObject {
  const states = idList(f.states);
  const handlers = idList(f.handler);
  const params: QueryObject = {
    defectStates: states.length > 0 ? states : undefined,
    keyword: f.keyword,
    userId: f.mine === '1' ? userId : undefined,
    collect: f.followed === '1' ? '1' : undefined,
    beginCreateTime: f.createdFrom,
    endCreateTime: f.createdTo,
    beginUpdateTime: f.updatedFrom,
    endUpdateTime: f.updatedTo,
    customFieldFilters: f.custom,
  };
  return dropEmpty({
    defectType: f.type,
    defectLevel: f.level,
    handleBy: handlers.length > 0 ? handlers : undefined,
    defectName: f.name,
    moduleVersion: f.version,
    moduleId: f.module,
    params: dropEmpty(params),
  });
}

/**
 * The sort the user chose, else nothing: the server then orders by last update, or a keyword
 * search newest first (straight off its search index, which is what keeps it fast).
 */
export function sortQuery(p: DefectListParams): QueryObject {
  return p.sort ? { orderByColumn: p.sort, isAsc: p.order || 'desc' } : {};
}

/** The export's request: the list's filters and sort, without paging. */
export function exportQuery(projectId: number, p: DefectListParams, userId: number | undefined): QueryObject {
  return { projectId, ...sortQuery(p), ...filterQuery(pickFilters(p), userId) };
}

/** The table's request: filters, the chosen sort and the page. */
export function listQuery(
  projectId: number,
  p: DefectListParams,
  userId: number | undefined,
  page: { pageNum: number; pageSize: number },
): QueryObject {
  return { ...exportQuery(projectId, p, userId), ...page };
}

/**
 * The column the table shows as sorted (descending) when the user chose none: last update, the
 * server's order then; none for a keyword search, which comes newest first.
 */
export const defaultSortField = (p: DefectListParams): string | undefined =>
  p.keyword?.trim() ? undefined : 'updateTime';

/** Without undefined, empty strings and empty objects, so a saved tab holds only what it filters by. */
function dropEmpty(query: QueryObject): QueryObject {
  const out: QueryObject = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out;
}
