import { PAGE_DEFAULTS, type PageQuery } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Folds `params[key]=value` query keys into a `params` object, the way the original's clients
 * send extra filters, and indexed keys (`handleBy[0]=3&handleBy[1]=4`, or `handleBy[]=3`) into a
 * list under their name, beside any plain `handleBy` values, in index order.
 */
export function nestParams(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  const indexed = new Map<string, Array<[number, unknown]>>();
  for (const [key, value] of Object.entries(query)) {
    const param = /^params\[(.+)\]$/.exec(key);
    const item = param ? null : /^([^[\]]+)\[(\d{0,4})\]$/.exec(key);
    if (param?.[1]) params[param[1]] = value;
    else if (item?.[1]) {
      const list = indexed.get(item[1]) ?? [];
      const at = item[2] === '' ? Number.MAX_SAFE_INTEGER : Number(item[2]);
      for (const one of Array.isArray(value) ? value : [value]) list.push([at, one]);
      indexed.set(item[1], list);
    } else out[key] = value;
  }
  for (const [name, items] of indexed) {
    const plain = out[name] === undefined ? [] : Array.isArray(out[name]) ? out[name] : [out[name]];
    out[name] = [...plain, ...items.sort((a, b) => a[0] - b[0]).map(([, v]) => v)];
  }
  if (Object.keys(params).length > 0) out.params = params;
  return out;
}

/** The most ids one comma list may name (a page of rows is far fewer). */
export const MAX_IDS = 1000;

/** `1,2,3` path segments into numbers; anything else is refused by name. */
export function parseIds(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > MAX_IDS) throw new AppError('request.ids.too-many', [MAX_IDS]);
  const ids = parts.map(Number);
  if (parts.length === 0 || ids.some((n, i) => !Number.isSafeInteger(n) || n < 0 || parts[i] === '')) {
    throw new AppError('request.ids.invalid', [text]);
  }
  return ids;
}

export interface Page {
  limit: number;
  offset: number;
}

export function pageOf(query: PageQuery): Page {
  const pageNum = query.pageNum ?? PAGE_DEFAULTS.pageNum;
  const pageSize = query.pageSize ?? PAGE_DEFAULTS.pageSize;
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * Maps `orderByColumn`/`isAsc` onto a whitelisted column, so a client may sort by what the
 * list offers and nothing else.
 */
export function orderOf<C extends string>(
  query: PageQuery,
  columns: Record<string, C>,
  fallback: [C, 'asc' | 'desc'],
): [C, 'asc' | 'desc'] {
  const key = query.orderByColumn?.trim();
  // Own keys only: "constructor" or "toString" would otherwise name a function of every object.
  const column = key && Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) return fallback;
  const direction = query.isAsc === 'desc' || query.isAsc === 'descending' ? 'desc' : 'asc';
  return [column, direction];
}

/**
 * An export's filters: the list's query string and/or, as the original's client sends them, a form
 * body (or the same filters as a JSON object).
 */
export function queryWithForm(req: FastifyRequest): Record<string, unknown> {
  const form =
    typeof req.body === 'string'
      ? Object.fromEntries(new URLSearchParams(req.body))
      : req.body && typeof req.body === 'object' && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : {};
  return nestParams({ ...(req.query as Record<string, unknown>), ...form });
}
