import { z } from 'zod';
import { pageQuery, queryList } from './envelope.ts';

/** The original's BusinessType codes (dictionary `sys_oper_type`). */
export const BUSINESS_TYPE = {
  other: 0,
  insert: 1,
  update: 2,
  delete: 3,
  grant: 4,
  export: 5,
  import: 6,
  force: 7,
  gencode: 8,
  clean: 9,
} as const;
export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];

/** The original's OperatorType: 0 other (an API key, nobody signed in), 1 back office (a session). */
export const OPERATOR_TYPE = { other: 0, manage: 1, mobile: 2 } as const;

/** Parameters, results and error messages are kept this long, as the original's varchar(2000). */
export const OPER_LOG_TEXT_MAX = 2000;

/** One recorded write (`sys_oper_log`), the original's field names; `title` in the reader's language. */
export const operLog = z.object({
  operId: z.number(),
  title: z.string().nullable(),
  businessType: z.number(),
  method: z.string().nullable(),
  requestMethod: z.string().nullable(),
  operatorType: z.number(),
  operName: z.string().nullable(),
  deptName: z.string().nullable(),
  operUrl: z.string().nullable(),
  operIp: z.string().nullable(),
  operLocation: z.string().nullable(),
  operParam: z.string().nullable(),
  jsonResult: z.string().nullable(),
  status: z.number(),
  errorMsg: z.string().nullable(),
  operTime: z.string(),
  costTime: z.number(),
});
export type OperLog = z.infer<typeof operLog>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { error: 'query.date.invalid' })
  .optional();
const code = (max: number) => z.coerce.number().int().min(0).max(max).optional();

/** The list's filters: `title` matches the module's name in either language or its route group. */
export const operLogQuery = pageQuery.extend({
  title: z.string().max(50).optional(),
  operName: z.string().max(50).optional(),
  operIp: z.string().max(128).optional(),
  businessType: code(9),
  /** The original's client may send several types as a comma list. */
  businessTypes: queryList(/\d/, 'query.business-types.invalid').optional(),
  status: code(1),
  params: z.object({ beginTime: day, endTime: day }).optional(),
});
export type OperLogQuery = z.infer<typeof operLogQuery>;
