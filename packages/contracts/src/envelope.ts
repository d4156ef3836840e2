import { z } from 'zod';

export { ResultCode } from './result-code.ts';

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

/** Paging and sorting query keys shared by every list endpoint. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  orderByColumn: z
    .string()
    .max(500)
    .regex(/^[a-zA-Z0-9_ ,.]*$/, { error: 'query.order-by.invalid' })
    .optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The most rows a member or selector list answers at once. The original's clients ask such lists
 * for "everything" with a huge page (pageSize=99999); they get every row up to this many instead
 * of a refusal. Other lists keep pageQuery's limit of 1000.
 */
export const LIST_ALL_MAX = 10_000;
export const selectorPageQuery = pageQuery.extend({
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, LIST_ALL_MAX))
    .optional(),
});

export const PAGE_DEFAULTS = { pageNum: 1, pageSize: 10, pageSizes: [10, 20, 30, 50] } as const;
