import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/**
 * Code generation (`/tool/gen/**`, the original's paths and fields): a table of the product's own
 * database imported with its columns, each column's role in the generated page edited, and code
 * generated for this stack (Kysely repository, Fastify routes with zod contracts, a React list
 * page with its dialog, the menu seed lines). Flags are '1' / '0' as the original stores them.
 */

/** How a column filters the list. */
export const GEN_QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export type GenQueryType = (typeof GEN_QUERY_TYPES)[number];

/** How a column is shown in the form (the original's names; uploads and the editor fall back to text). */
export const GEN_HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'fileUpload',
  'editor',
] as const;
export type GenHtmlType = (typeof GEN_HTML_TYPES)[number];

/** The column's type in the generated TypeScript. */
export const GEN_TS_TYPES = ['string', 'number', 'boolean'] as const;
export type GenTsType = (typeof GEN_TS_TYPES)[number];

/** The original's Java types, still on the wire for its client (derived from the TS type). */
export const GEN_JAVA_TYPES = [
  'String',
  'Integer',
  'Long',
  'Double',
  'BigDecimal',
  'Date',
  'Boolean',
] as const;

/** Templates the original offers; this generator writes the single-table one. */
export const GEN_TPL_CATEGORIES = ['crud', 'tree', 'sub'] as const;

/** A table name as the databases spell it: letters, digits and underscores. */
export const GEN_TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

const flag = z.enum(['0', '1']);

export const genTableColumn = z.object({
  columnId: z.number(),
  tableId: z.number(),
  columnName: z.string(),
  columnComment: z.string().nullable(),
  columnType: z.string().nullable(),
  tsType: z.string(),
  javaType: z.string().nullable(),
  javaField: z.string(),
  isPk: z.string(),
  isIncrement: z.string(),
  isRequired: z.string(),
  isInsert: z.string(),
  isEdit: z.string(),
  isList: z.string(),
  isQuery: z.string(),
  queryType: z.string(),
  htmlType: z.string(),
  dictType: z.string(),
  sort: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type GenTableColumn = z.infer<typeof genTableColumn>;

export const genTable = z.object({
  tableId: z.number(),
  tableName: z.string(),
  tableComment: z.string(),
  subTableName: z.string().nullable(),
  subTableFkName: z.string().nullable(),
  className: z.string(),
  tplCategory: z.string(),
  packageName: z.string(),
  moduleName: z.string(),
  businessName: z.string(),
  functionName: z.string(),
  functionAuthor: z.string(),
  genType: z.string(),
  genPath: z.string(),
  options: z.string().nullable(),
  /** From `options`, as the original answers them. */
  treeCode: z.string().nullable().optional(),
  treeParentCode: z.string().nullable().optional(),
  treeName: z.string().nullable().optional(),
  parentMenuId: z.union([z.string(), z.number()]).nullable().optional(),
  parentMenuName: z.string().nullable().optional(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
  remark: z.string().nullable(),
  columns: z.array(genTableColumn).optional(),
});
export type GenTable = z.infer<typeof genTable>;

/** A table of the database that is not imported yet (`/tool/gen/db/list`). */
export const genDbTable = z.object({
  tableName: z.string(),
  tableComment: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type GenDbTable = z.infer<typeof genDbTable>;

export const genListQuery = pageQuery.extend({
  tableName: z.string().max(200).optional(),
  tableComment: z.string().max(500).optional(),
  params: z
    .object({ beginTime: z.string().max(30).optional(), endTime: z.string().max(30).optional() })
    .optional(),
});

export const genDbListQuery = pageQuery.extend({
  tableName: z.string().max(200).optional(),
  tableComment: z.string().max(500).optional(),
});

/** `tables=a,b` of the import and the batch download. */
export const genTablesQuery = z.object({
  tables: z
    .string()
    .trim()
    .min(1, { error: 'gen.tables.required' })
    .max(4000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .refine((names) => names.length > 0 && names.length <= 100, { error: 'gen.tables.required' })
    .refine((names) => names.every((n) => GEN_TABLE_NAME.test(n)), { error: 'gen.table.name.invalid' }),
});

const identifier = (pattern: RegExp, error: string, max = 50) =>
  z.string().trim().min(1).max(max).regex(pattern, { error });

export const genColumnBody = z.object({
  columnId: z.coerce.number().int().min(1),
  columnComment: z.string().trim().max(500).nullable().optional(),
  /** This stack's type; when absent it follows `javaType` (the original's client sends only that). */
  tsType: z.enum(GEN_TS_TYPES).optional(),
  javaType: z.string().max(30).nullable().optional(),
  isRequired: flag.optional(),
  isInsert: flag.optional(),
  isEdit: flag.optional(),
  isList: flag.optional(),
  isQuery: flag.optional(),
  queryType: z.enum(GEN_QUERY_TYPES).optional(),
  htmlType: z.enum(GEN_HTML_TYPES).optional(),
  dictType: z.string().trim().max(100).nullable().optional(),
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type GenColumnBody = z.infer<typeof genColumnBody>;

export const genTableBody = z.object({
  tableId: z.coerce.number().int().min(1),
  tableName: z.string().max(200).optional(),
  tableComment: z.string().trim().min(1, { error: 'gen.table-comment.required' }).max(500),
  className: identifier(/^[A-Z][A-Za-z0-9]*$/, 'gen.class-name.invalid', 100),
  tplCategory: z.enum(GEN_TPL_CATEGORIES).optional(),
  packageName: z.string().trim().min(1, { error: 'gen.package-name.required' }).max(100),
  moduleName: identifier(/^[a-z][a-z0-9]*$/, 'gen.module-name.invalid', 30),
  businessName: identifier(/^[a-z][A-Za-z0-9]*$/, 'gen.business-name.invalid', 30),
  functionName: z.string().trim().min(1, { error: 'gen.function-name.required' }).max(50),
  functionAuthor: z.string().trim().min(1, { error: 'gen.function-author.required' }).max(50),
  genType: z.enum(['0', '1']).optional(),
  genPath: z.string().max(200).nullable().optional(),
  subTableName: z.string().max(64).nullable().optional(),
  subTableFkName: z.string().max(64).nullable().optional(),
  remark: z.string().max(500).nullable().optional(),
  /** The original's client sends the generation options here; they are kept in `options`. */
  params: z
    .object({
      treeCode: z.string().max(64).nullable().optional(),
      treeParentCode: z.string().max(64).nullable().optional(),
      treeName: z.string().max(64).nullable().optional(),
      parentMenuId: z
        .union([z.string().max(20), z.number()])
        .nullable()
        .optional(),
    })
    .optional(),
  columns: z.array(genColumnBody).max(500).optional(),
});
export type GenTableBody = z.infer<typeof genTableBody>;

/** `GET /tool/gen/{tableId}`: the table, its columns, and every imported table (the original's shape). */
export interface GenTableDetail {
  info: GenTable;
  rows: GenTableColumn[];
  tables: GenTable[];
}

/**
 * The form builder's (`/tool/build`) definition of a form: a list of fields, each a kind of Ant
 * Design control with its label, field name, width and rules. The same definition drives the
 * builder's live preview and the code it writes out (Ant Design Form JSX, or this JSON).
 */
export const BUILDER_FIELD_KINDS = [
  'input',
  'textarea',
  'password',
  'number',
  'select',
  'radio',
  'checkbox',
  'switch',
  'date',
  'dateRange',
  'time',
  'rate',
  'slider',
] as const;
export type BuilderFieldKind = (typeof BUILDER_FIELD_KINDS)[number];

/** Kinds that choose among options. */
export const BUILDER_CHOICE_KINDS: readonly BuilderFieldKind[] = ['select', 'radio', 'checkbox'];
/** Kinds that take a placeholder. */
export const BUILDER_PLACEHOLDER_KINDS: readonly BuilderFieldKind[] = [
  'input',
  'textarea',
  'password',
  'number',
  'select',
  'date',
  'time',
];

const builderOption = z.object({ label: z.string().max(100), value: z.string().max(100) });

/** A field name: an identifier, so the submitted values read as `values.name`. */
export const BUILDER_FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const builderField = z.object({
  id: z.string().max(40),
  kind: z.enum(BUILDER_FIELD_KINDS),
  name: z.string().regex(BUILDER_FIELD_NAME).max(60),
  label: z.string().max(100),
  placeholder: z.string().max(200).optional(),
  isRequired: z.boolean(),
  /** 24: the whole row, 12: half of it (from the md breakpoint; phones always take the row). */
  span: z.union([z.literal(24), z.literal(12), z.literal(8)]),
  options: z.array(builderOption).max(100).optional(),
  rows: z.number().int().min(1).max(30).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type BuilderField = z.infer<typeof builderField>;

export const builderForm = z.object({
  /** The component's name in the code written out. */
  componentName: z
    .string()
    .regex(/^[A-Z][A-Za-z0-9]*$/)
    .max(60),
  layout: z.enum(['vertical', 'horizontal']),
  size: z.enum(['small', 'middle', 'large']),
  fields: z.array(builderField).max(200),
});
export type BuilderForm = z.infer<typeof builderForm>;
