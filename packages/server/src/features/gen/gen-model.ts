import type { GenHtmlType, GenQueryType, GenTsType } from '@buglet/contracts';
import type { GenColumnRow, GenTableRow } from './gen.repository.ts';
import { AUDIT_COLUMNS, camelCase, type DbColumn, kebabCase, typeLength } from './gen-columns.ts';

/**
 * Everything the templates need for one table, named once: the TypeScript names, the paths, the
 * permission strings, and each column's settings together with what the database says of it.
 */
export interface GenField {
  /** snake_case, as in SQL. */
  column: string;
  /** camelCase, as Kysely's CamelCasePlugin names it. */
  field: string;
  /** The declared type ('varchar(64)', 'numeric(10,2)'). */
  dbType: string;
  tsType: GenTsType;
  /** Whole numbers (an integer type) rather than any number. */
  isInteger: boolean;
  isNullable: boolean;
  hasDefault: boolean;
  /** A simple default of the column ('0', 1) to preset in the add form. */
  defaultValue: string | number | undefined;
  maxLength: number | undefined;
  isPk: boolean;
  isIncrement: boolean;
  isRequired: boolean;
  isInsert: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  /** Filled by the routes (create_by, create_time, update_by, update_time). */
  isAudit: boolean;
  queryType: GenQueryType;
  htmlType: GenHtmlType;
  dictType: string;
  /** The label in each language: the column's comment, and its name in words. */
  label: { zh: string; en: string };
}

export interface GenModel {
  tableName: string;
  /** The table as Kysely names it ('sysNotice'). */
  tableKey: string;
  functionName: string;
  /** 'Notice', 'ScreenSize'. */
  className: string;
  /** 'notice': the entity schema, and the start of the other names. */
  entity: string;
  /** 'Notices'. */
  plural: string;
  businessName: string;
  moduleName: string;
  /** File and folder name ('screen-size'), and the i18n key prefix. */
  fileBase: string;
  apiBase: string;
  permPrefix: string;
  component: string;
  pk: GenField;
  fields: GenField[];
  /** The first id for the page and its buttons in the menu seed. */
  menuId: number;
  parentMenuId: number;
}

const ALLOWED = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * Kysely's CamelCasePlugin turns `camelCase` back into `camel_case`; a name that does not come back
 * the same (upper case, digits after an underscore, double underscores) cannot be generated for.
 */
export function isMappableName(name: string): boolean {
  if (!ALLOWED.test(name)) return false;
  const camel = camelCase(name);
  return camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) === name;
}

export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** 'screenSize' -> 'Screen size'. */
export function wordsOf(field: string): string {
  const words = kebabCase(field).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function defaultOf(column: DbColumn, tsType: GenTsType): string | number | undefined {
  if (column.defaultText === null) return undefined;
  const text = column.defaultText.replace(/::[a-z ]+$/i, '').trim();
  const quoted = /^'([^']*)'$/.exec(text);
  if (tsType === 'number' && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (tsType === 'string' && quoted) return quoted[1];
  return undefined;
}

export type GenProblem = {
  key:
    | 'gen.no-pk'
    | 'gen.name.unmappable'
    | 'gen.column.gone'
    | 'gen.class-name.reserved'
    | 'gen.business-name.reserved'
    | 'gen.no-form-fields'
    | 'gen.column.not-insertable';
  arg: string;
};

/** Class names whose generated names would clash with what the generated files import. */
export const RESERVED_CLASS_NAMES = ['Admin', 'Form'];
/** Business names whose contract file would be one the contracts package has (or imports). */
export const RESERVED_BUSINESS_NAMES = ['index', 'envelope'];
const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if import in instanceof new null return super switch this throw true try ' +
    'typeof var void while with yield let static implements interface package private protected public ' +
    'await arguments eval'
  ).split(' '),
);

/** A NOT NULL column without a default: an insert must name it, whatever the form says. */
export const mustInsert = (f: GenField) => !f.isNullable && !f.hasDefault && !f.isIncrement && !f.isAudit;

/**
 * The model of one table, or the first reason code cannot be generated for it: a single numeric
 * primary key (the routes take ids) that is not a reserved word, names that map to camelCase and
 * back, every column still in the table, and forms that can add and edit a row.
 */
export function buildModel(
  table: GenTableRow,
  columns: readonly GenColumnRow[],
  dbColumns: readonly DbColumn[],
  menuId: number,
): GenModel | GenProblem {
  if (!isMappableName(table.tableName)) return { key: 'gen.name.unmappable', arg: table.tableName };
  if (RESERVED_CLASS_NAMES.includes(table.className))
    return { key: 'gen.class-name.reserved', arg: table.className };
  if (RESERVED_BUSINESS_NAMES.includes(kebabCase(table.businessName)))
    return { key: 'gen.business-name.reserved', arg: table.businessName };
  const fields: GenField[] = [];
  for (const c of columns) {
    const db = dbColumns.find((d) => d.name === c.columnName);
    if (!db) return { key: 'gen.column.gone', arg: c.columnName };
    if (!isMappableName(c.columnName)) return { key: 'gen.name.unmappable', arg: c.columnName };
    fields.push(fieldOf(c, db));
  }
  const keys = fields.filter((f) => f.isPk);
  const pk = keys[0];
  if (keys.length !== 1 || !pk || pk.tsType !== 'number' || RESERVED_WORDS.has(pk.field))
    return { key: 'gen.no-pk', arg: table.tableName };
  const notInsertable = fields.find((f) => mustInsert(f) && !f.isInsert);
  if (notInsertable) return { key: 'gen.column.not-insertable', arg: notInsertable.column };
  if (!fields.some((f) => f.isInsert) || !fields.some((f) => f.isEdit))
    return { key: 'gen.no-form-fields', arg: table.tableName };
  const entity = table.className.charAt(0).toLowerCase() + table.className.slice(1);
  const options = parseOptions(table.options);
  return {
    tableName: table.tableName,
    tableKey: camelCase(table.tableName),
    functionName: table.functionName,
    className: table.className,
    entity,
    plural: pluralOf(table.className),
    businessName: table.businessName,
    moduleName: table.moduleName,
    fileBase: kebabCase(table.businessName),
    apiBase: `/${table.moduleName}/${table.businessName}`,
    permPrefix: `${table.moduleName}:${table.businessName}`,
    component: `${table.moduleName}/${table.businessName}/index`,
    pk,
    fields,
    menuId,
    parentMenuId: Number(options.parentMenuId) || 1,
  };
}

function fieldOf(c: GenColumnRow, db: DbColumn): GenField {
  const tsType = (['string', 'number', 'boolean'].includes(c.tsType) ? c.tsType : 'string') as GenTsType;
  const field = camelCase(c.columnName);
  const isPk = db.isPk;
  const comment = (c.columnComment ?? '').trim();
  return {
    column: c.columnName,
    field,
    dbType: db.type,
    tsType,
    isInteger: /int|serial/.test(db.type.toLowerCase()),
    isNullable: db.isNullable,
    hasDefault: db.hasDefault,
    defaultValue: defaultOf(db, tsType),
    maxLength: /char/.test(db.type.toLowerCase()) ? typeLength(db.type) : undefined,
    isPk,
    isIncrement: db.isIncrement,
    isRequired: c.isRequired === '1' && !isPk,
    isInsert: c.isInsert === '1' && !db.isIncrement && !AUDIT_COLUMNS.includes(c.columnName),
    isEdit: c.isEdit === '1' && !isPk && !AUDIT_COLUMNS.includes(c.columnName),
    isList: c.isList === '1',
    isQuery: c.isQuery === '1',
    isAudit: AUDIT_COLUMNS.includes(c.columnName) && tsType === 'string',
    queryType: c.queryType as GenQueryType,
    htmlType: c.htmlType as GenHtmlType,
    dictType: c.dictType,
    label: { zh: comment || wordsOf(field), en: wordsOf(field) },
  };
}

export interface GenOptions {
  treeCode?: string | null;
  treeParentCode?: string | null;
  treeName?: string | null;
  parentMenuId?: string | number | null;
  parentMenuName?: string | null;
}

export function parseOptions(options: string | null): GenOptions {
  if (!options) return {};
  try {
    const parsed: unknown = JSON.parse(options);
    return parsed && typeof parsed === 'object' ? (parsed as GenOptions) : {};
  } catch {
    return {};
  }
}
