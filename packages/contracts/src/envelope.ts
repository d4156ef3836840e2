import { z } from 'zod';

export { ResultCode, SESSION_ENDED_CODE } from './result-code.ts';

/** `{code, msg, data}`; `data` is omitted when there is none. */
export const ajaxResult = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data });

/** `{code, msg, rows, total}` for paged lists. */
export const tableData = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.number(), msg: z.string(), rows: z.array(row), total: z.number() });

export interface AjaxResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  [extra: string]: unknown;
}

export interface TableData<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}

/** The most items one list in a query may name. */
export const QUERY_LIST_MAX = 1000;

/**
 * A list in a query string, in any of the ways clients send one: `a=1,2`, repeated keys
 * (`a=1&a=2`) or indexed keys (`a[0]=1&a[1]=2`, folded into a list by the server). Answers the
 * items as one comma text; each must match `item` whole.
 */
export function queryList(item: RegExp, error?: string) {
  const pattern = new RegExp(`^(${item.source})(,(${item.source}))*$`);
  return z
    .union([z.string(), z.array(z.string()).min(1).max(QUERY_LIST_MAX)])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .pipe(error ? z.string().regex(pattern, { error }) : z.string().regex(pattern))
    .meta({ queryList: true });
}

/** Ids in a query (`handleBy=3,4`, `handleBy[0]=3`): up to nine digits, nothing past PostgreSQL's integer. */
export const queryIdList = queryList(/\d{1,9}/).transform((s) => s.split(',').map(Number));

/**
 * The most rows one page of a list answers. The original's clients ask for "everything" with a
 * huge page (the defect calendar pageSize=9999999, the report templates 9999): a larger pageSize
 * is answered with a page of this many rows (and the `total`), not refused.
 */
export const PAGE_SIZE_MAX = 1000;

/** A page size, capped at `max` rather than refused above it. */
export const pageSizeUpTo = (max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, max));

/** Paging and sorting query keys shared by every list endpoint. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: pageSizeUpTo(PAGE_SIZE_MAX).optional(),
  orderByColumn: z
    .string()
    .max(500)
    .regex(/^[a-zA-Z0-9_ ,.]*$/, { error: 'query.order-by.invalid' })
    .optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The most rows a member or selector list answers at once (the original's clients ask them for
 * every member with pageSize=99999). Other lists answer at most PAGE_SIZE_MAX.
 */
export const LIST_ALL_MAX = 10_000;
export const selectorPageQuery = pageQuery.extend({ pageSize: pageSizeUpTo(LIST_ALL_MAX).optional() });

export const PAGE_DEFAULTS = { pageNum: 1, pageSize: 10, pageSizes: [10, 20, 30, 50] } as const;
