import type { GenHtmlType, GenQueryType, GenTsType } from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { GenTableColumnTable } from '../../db/schema.ts';

/**
 * What an import decides for a table and its columns, from what the database says about them:
 * the original generator's rules (GenUtils), with this stack's types. Pure, so every rule is
 * tested on its own.
 */

/** A column as the database describes it (SQLite pragma or PostgreSQL information_schema). */
export interface DbColumn {
  name: string;
  /** The declared type as the database spells it ('varchar(64)', 'integer', 'timestamp'). */
  type: string;
  comment: string | null;
  isNullable: boolean;
  hasDefault: boolean;
  /** The default as the database writes it ("'0'", '0', "'0'::bpchar"), when there is one. */
  defaultText: string | null;
  isPk: boolean;
  isIncrement: boolean;
  /** Position, from 1. */
  position: number;
}

export interface DbTable {
  tableName: string;
  tableComment: string | null;
}

/** The prefix the original strips from table names for class names (`gen.tablePrefix`). */
export const TABLE_PREFIX = 'sys_';

const NOT_EDIT = ['create_by', 'create_time', 'update_by', 'update_time', 'del_flag'];
const NOT_LIST = ['create_by', 'update_by', 'update_time', 'del_flag'];
const NOT_QUERY = ['create_by', 'create_time', 'update_by', 'update_time', 'del_flag', 'remark'];
/** Filled by the generated routes from the session and the clock, never typed in a form. */
export const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time'];

export const camelCase = (name: string) =>
  name.toLowerCase().replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
export const pascalCase = (name: string) => {
  const camel = camelCase(name).replace(/_/g, '');
  return camel.charAt(0).toUpperCase() + camel.slice(1);
};
/** 'screenSize' -> 'screen-size', for file names. */
export const kebabCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const withoutPrefix = (tableName: string) =>
  tableName.toLowerCase().startsWith(TABLE_PREFIX) && tableName.length > TABLE_PREFIX.length
    ? tableName.slice(TABLE_PREFIX.length)
    : tableName;

/** The generated names start with a letter whatever the table is called ('2024_log' -> 'T2024Log'). */
const leadingLetter = (name: string) => (/^[A-Za-z]/.test(name) ? name : `t_${name}`);

export function classNameOf(tableName: string): string {
  return pascalCase(leadingLetter(withoutPrefix(tableName)));
}

/** At most 30 characters, as gen_table keeps it. */
export function businessNameOf(tableName: string): string {
  return camelCase(leadingLetter(withoutPrefix(tableName)))
    .replace(/_/g, '')
    .slice(0, 30);
}

/** The table's comment without the original's customary '表' / '信息表' ending. */
export function functionNameOf(table: DbTable): string {
  const comment = (table.tableComment ?? '').trim();
  if (!comment) return classNameOf(table.tableName);
  return comment.replace(/(信息)?表$/, '') || comment;
}

export interface TableDefaults {
  tableName: string;
  tableComment: string;
  className: string;
  tplCategory: 'crud';
  packageName: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  functionAuthor: string;
  genType: '0';
  genPath: string;
}

export function tableDefaults(table: DbTable, author: string): TableDefaults {
  return {
    tableName: table.tableName,
    tableComment: ((table.tableComment ?? '').trim() || table.tableName).slice(0, 500),
    className: classNameOf(table.tableName).slice(0, 100),
    tplCategory: 'crud',
    packageName: 'buglet',
    moduleName: 'system',
    businessName: businessNameOf(table.tableName),
    functionName: functionNameOf(table).slice(0, 50),
    functionAuthor: author.slice(0, 50),
    genType: '0',
    genPath: '/',
  };
}

/** The base type name, lower case, without length or precision ('VARCHAR(64)' -> 'varchar'). */
export const baseType = (type: string) => type.toLowerCase().replace(/\(.*$/, '').trim();

/** The declared length ('varchar(64)' -> 64), when there is one. */
export function typeLength(type: string): number | undefined {
  const m = /\(\s*(\d+)/.exec(type);
  return m?.[1] ? Number(m[1]) : undefined;
}

const NUMBER = /int|serial|numeric|decimal|real|double|float|number/;
const DATE = /date|time/;

export function tsTypeOf(column: Pick<DbColumn, 'type'>): GenTsType {
  const base = baseType(column.type);
  if (base.startsWith('bool')) return 'boolean';
  if (NUMBER.test(base) && !base.includes('interval') && !base.includes('point')) return 'number';
  return 'string';
}

/** The original's Java type for its client: the TS type refined by the declared type. */
export function javaTypeOf(column: Pick<DbColumn, 'type'>): string {
  const base = baseType(column.type);
  const ts = tsTypeOf(column);
  if (ts === 'boolean') return 'Boolean';
  if (ts === 'number') {
    if (base.includes('big') || base === 'int8' || base === 'bigserial') return 'Long';
    if (/numeric|decimal/.test(base)) return 'BigDecimal';
    if (/real|double|float/.test(base)) return 'Double';
    return 'Integer';
  }
  return DATE.test(base) ? 'Date' : 'String';
}

/** The TS type a client that only speaks the original's Java types means. */
export function tsTypeOfJava(javaType: string | null | undefined): GenTsType | undefined {
  if (!javaType) return undefined;
  if (javaType === 'Boolean') return 'boolean';
  if (['Integer', 'Long', 'Double', 'BigDecimal'].includes(javaType)) return 'number';
  if (['String', 'Date'].includes(javaType)) return 'string';
  return undefined;
}

/** The Java type the original's client shows for a TS type chosen in ours. */
export function javaTypeOfTs(tsType: GenTsType, previous: string | null): string {
  if (tsTypeOfJava(previous) === tsType && previous) return previous;
  return tsType === 'number' ? 'Long' : tsType === 'boolean' ? 'Boolean' : 'String';
}

/** Dates are text in this codebase ('yyyy-MM-dd HH:mm:ss'): a *_time / *_date text column is one. */
function isDateColumn(column: DbColumn): boolean {
  if (DATE.test(baseType(column.type)) && tsTypeOf(column) === 'string') return true;
  return tsTypeOf(column) === 'string' && /(_time|_date)$/.test(column.name.toLowerCase());
}

export function htmlTypeOf(column: DbColumn): GenHtmlType {
  const name = column.name.toLowerCase();
  if (isDateColumn(column)) return 'datetime';
  if (name.endsWith('status')) return 'radio';
  if (name.endsWith('type') || name.endsWith('sex')) return 'select';
  if (name.endsWith('image')) return 'imageUpload';
  if (name.endsWith('file')) return 'fileUpload';
  if (name.endsWith('content')) return 'editor';
  const length = typeLength(column.type);
  const base = baseType(column.type);
  if (tsTypeOf(column) === 'string' && (base === 'text' || (length !== undefined && length >= 500))) {
    return 'textarea';
  }
  return 'input';
}

export function queryTypeOf(column: DbColumn): GenQueryType {
  return column.name.toLowerCase().endsWith('name') ? 'LIKE' : 'EQ';
}

const yes = (b: boolean) => (b ? '1' : '0');

/** The settings of a gen_table_column row (without its ids and audit columns). */
export type ColumnValues = Omit<
  Selectable<GenTableColumnTable>,
  'columnId' | 'tableId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'
>;

/** A new gen_table_column row for a database column. */
export function columnDefaults(column: DbColumn): ColumnValues {
  const name = column.name.toLowerCase();
  const tsType = tsTypeOf(column);
  return {
    columnName: column.name,
    columnComment: column.comment?.slice(0, 500) ?? null,
    columnType: column.type.slice(0, 100),
    javaType: javaTypeOf(column),
    tsType,
    javaField: camelCase(column.name),
    isPk: yes(column.isPk),
    isIncrement: yes(column.isIncrement),
    isRequired: yes(!column.isPk && !column.isNullable && !column.hasDefault),
    isInsert: yes(!column.isIncrement && !AUDIT_COLUMNS.includes(name)),
    isEdit: yes(!column.isPk && !NOT_EDIT.includes(name)),
    isList: yes(!column.isPk && !NOT_LIST.includes(name)),
    isQuery: yes(!column.isPk && !NOT_QUERY.includes(name) && tsType !== 'boolean'),
    queryType: queryTypeOf(column),
    htmlType: htmlTypeOf(column),
    dictType: '',
    sort: column.position,
  };
}

/** What a re-read keeps of a column the person already set up: everything but the database's facts. */
export function syncedColumn(previous: ColumnValues, fresh: ColumnValues): ColumnValues {
  const isSameType = tsTypeOf({ type: previous.columnType ?? '' }) === fresh.tsType;
  return {
    ...previous,
    columnComment: fresh.columnComment ?? previous.columnComment,
    columnType: fresh.columnType,
    isPk: fresh.isPk,
    isIncrement: fresh.isIncrement,
    javaField: fresh.javaField,
    sort: fresh.sort,
    // A changed type takes the new type's defaults; the person's choice stays otherwise.
    ...(isSameType ? {} : { tsType: fresh.tsType, javaType: fresh.javaType, htmlType: fresh.htmlType }),
    // A key column is never a form field; a column that became NOT NULL is required.
    ...(fresh.isPk === '1' ? { isEdit: '0', isList: '0', isQuery: '0', isRequired: '0' } : {}),
    ...(fresh.isRequired === '1' ? { isRequired: '1' } : {}),
  };
}
