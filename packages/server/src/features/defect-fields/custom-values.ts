import {
  type CustomFieldFilter,
  checkFieldValue,
  type DefectFieldItem,
  type FieldRule,
  isEmptyFieldValue,
  normalDateTime,
} from '@buglet/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { enabledFields } from './defect-fields.repository.ts';

export type CustomValues = Record<string, unknown>;

/** A defect's stored values (the JSON column), `{}` when it has none. */
export function parseCustomFields(text: string | null | undefined): CustomValues {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CustomValues) : {};
  } catch {
    return {};
  }
}

/** One value checked by its field's rule, or the refusal naming the field. */
export function checkedValue(field: FieldRule, value: unknown): unknown {
  const checked = checkFieldValue(field, value);
  if (!checked.ok) throw new AppError(`defect-field.value.${checked.reason}` as MessageKey, checked.args);
  return checked.value;
}

/**
 * The values a write leaves a defect with (1.0's validateAndStrip, on every path a defect is
 * written): the submitted ones merged over what it had (a new defect starts from the fields'
 * defaults), keys the project does not define (or has switched off) dropped from what is
 * submitted, every value checked by its field and put in its stored form, empty ones removed. A
 * required field must have a value on a new defect, and an edit may not empty it; a defect made
 * before the field was required keeps being editable without it. The values of a switched-off
 * field stay, untouched, for when it is switched on again.
 */
export function settleCustomFields(
  fields: readonly DefectFieldItem[],
  before: CustomValues | null,
  submitted: CustomValues | null | undefined,
): CustomValues {
  const isNew = before === null;
  const out: CustomValues = { ...(before ?? {}) };
  for (const field of fields) {
    const key = field.fieldKey;
    const isGiven = submitted != null && Object.hasOwn(submitted, key);
    let value = isGiven ? submitted[key] : out[key];
    if (isNew && !isGiven && isEmptyFieldValue(value)) value = field.defaultValue;
    if (isEmptyFieldValue(value)) {
      if (field.required === 1 && (isNew || isGiven))
        throw new AppError('defect-field.value.required', [field.fieldLabel]);
      delete out[key];
      continue;
    }
    if (isGiven || isNew) out[key] = checkedValue(field, value);
  }
  return out;
}

/** The values of a new defect of the project, from what was submitted (and the defaults). */
export async function newDefectValues(
  db: Db,
  projectId: number,
  submitted: CustomValues | null | undefined,
): Promise<CustomValues> {
  return settleCustomFields(await enabledFields(db, projectId), null, submitted);
}

/** The JSON column's text: null for none, so defects of projects without fields stay as they were. */
export const customFieldsText = (values: CustomValues): string | null =>
  Object.keys(values).length === 0 ? null : JSON.stringify(values);

const KEY_MAX = 191;
/** A value as the filter table holds it: its text (and the first characters, indexed) and its number. */
export function valueRow(value: unknown): { valueKey: string; valueText: string; valueNum: number | null } {
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return {
    valueKey: text.slice(0, KEY_MAX),
    valueText: text,
    valueNum: typeof value === 'number' ? value : null,
  };
}

/** The filter rows of some defects put back to their values (inside the writing transaction). */
export async function writeValueRows(
  trx: Db,
  projectId: number,
  defects: ReadonlyArray<{ defectId: number; values: CustomValues }>,
  { isNew = false } = {},
): Promise<void> {
  if (defects.length === 0) return;
  if (!isNew)
    await trx
      .deleteFrom('sysDefectFieldValue')
      .where(
        'defectId',
        'in',
        defects.map((d) => d.defectId),
      )
      .execute();
  const rows = defects.flatMap((d) =>
    Object.entries(d.values).map(([fieldKey, value]) => ({
      defectId: d.defectId,
      fieldKey,
      projectId,
      ...valueRow(value),
    })),
  );
  // Well under the bound-parameter limits of both databases per statement.
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('sysDefectFieldValue')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Filters the value index can start from (a range of it); the others are checked defect by defect. */
export const isIndexable = (filter: CustomFieldFilter) =>
  filter.op === 'eq' ||
  filter.op === 'in' ||
  filter.op === 'between' ||
  filter.op === 'isNotEmpty' ||
  filter.op === 'hasValue';

/**
 * What a value row `alias` must hold to match one filter (1.0's customFieldFilters): conditions on
 * its columns, or `none` when nothing can match (a word for a number). isEmpty has none: it is the
 * absence of a row.
 */
function valueConditions(
  db: Db,
  field: DefectFieldItem,
  filter: CustomFieldFilter,
  alias: string,
): RawBuilder<SqlBool>[] | 'none' {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const isNumber = field.fieldType === 'number';
  const scalar = (value: unknown): string | number | undefined => {
    if (value === null || value === undefined || typeof value === 'object') return undefined;
    const checked = checkFieldValue(
      field.fieldType === 'array' ? { ...field, fieldType: 'string' } : field,
      value,
    );
    if (!checked.ok) return undefined;
    return typeof checked.value === 'number' ? checked.value : valueRow(checked.value).valueText;
  };
  switch (filter.op) {
    case 'isEmpty':
    case 'isNotEmpty':
    case 'hasValue':
      return [];
    case 'eq':
    case 'in': {
      const list = (Array.isArray(filter.value) ? filter.value : [filter.value])
        .map(scalar)
        .filter((v) => v !== undefined)
        .slice(0, 100);
      if (list.length === 0) return 'none';
      if (isNumber) return [sql<SqlBool>`${col('value_num')} in (${sql.join(list)})`];
      const texts = list.map(String);
      const keys = texts.map((text) => text.slice(0, KEY_MAX));
      // A value shorter than the indexed prefix is its whole text: the index alone answers.
      return texts.every((text) => text.length < KEY_MAX)
        ? [sql<SqlBool>`${col('value_key')} in (${sql.join(keys)})`]
        : [
            sql<SqlBool>`${col('value_key')} in (${sql.join(keys)})`,
            sql<SqlBool>`${col('value_text')} in (${sql.join(texts)})`,
          ];
    }
    case 'between': {
      const [low, high] = Array.isArray(filter.value) ? filter.value : [];
      const bound = (v: unknown, isHigh: boolean): string | number | undefined => {
        if (isEmptyFieldValue(v)) return undefined;
        if (field.fieldType === 'datetime' && typeof v === 'string') {
          const time = normalDateTime(v);
          // A day alone as the upper end means the whole day.
          return time && isHigh && v.trim().length === 10 ? `${time.slice(0, 10)} 23:59:59` : time;
        }
        return scalar(v);
      };
      const from = bound(low, false);
      const to = bound(high, true);
      if (from === undefined && to === undefined) return 'none';
      const column = col(isNumber ? 'value_num' : 'value_key');
      return [
        ...(from === undefined ? [] : [sql<SqlBool>`${column} >= ${from}`]),
        ...(to === undefined ? [] : [sql<SqlBool>`${column} <= ${to}`]),
      ];
    }
    case 'contains': {
      const word =
        typeof filter.value === 'string' || typeof filter.value === 'number'
          ? String(filter.value).trim()
          : '';
      if (!word) return 'none';
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return [
        isPostgres(db)
          ? sql<SqlBool>`${col('value_text')} ilike ${pattern} escape '\\'`
          : sql<SqlBool>`${col('value_text')} like ${pattern} escape '\\'`,
      ];
    }
  }
}

const NONE = sql<SqlBool>`1 = 0`;

/**
 * One filter as a check of one defect (`defectId`, a column reference): a look-up of the defect's
 * value of the field by the value table's key. Filters of a field the project does not have (or
 * has switched off) never get here (resolveCustomFilters leaves them out, as 1.0 does).
 */
export function customFilterCondition(
  db: Db,
  { field, filter }: ResolvedFilter,
  defectId = 'd.defect_id',
): RawBuilder<SqlBool> {
  const conditions = valueConditions(db, field, filter, 'v');
  if (conditions === 'none') return NONE;
  const probe = sql`select 1 from sys_defect_field_value v where v.defect_id = ${sql.ref(defectId)} and v.field_key = ${field.fieldKey}`;
  if (filter.op === 'isEmpty') return sql<SqlBool>`not exists (${probe})`;
  return sql<SqlBool>`exists (${probe}${sql.join(
    conditions.map((c) => sql` and ${c}`),
    sql``,
  )})`;
}

/** The value rows (as `dv`) matching an indexable filter: where the list starts from. */
export function matchingValues(db: Db, projectId: number, { field, filter }: ResolvedFilter) {
  const conditions = valueConditions(db, field, filter, 'dv');
  return db
    .selectFrom('sysDefectFieldValue as dv')
    .select('dv.defectId')
    .where('dv.projectId', '=', projectId)
    .where('dv.fieldKey', '=', field.fieldKey)
    .where(
      conditions === 'none'
        ? NONE
        : sql<SqlBool>`${sql.join(conditions.length ? conditions : [sql`1 = 1`], sql` and `)}`,
    );
}

export interface ResolvedFilter {
  field: DefectFieldItem;
  filter: CustomFieldFilter;
}

/** The list's filters with their fields' definitions; those of unknown or switched-off fields left out. */
export async function resolveCustomFilters(
  db: Db,
  projectId: number,
  filters: readonly CustomFieldFilter[] | undefined,
): Promise<ResolvedFilter[] | undefined> {
  if (!filters || filters.length === 0) return undefined;
  const fields = new Map((await enabledFields(db, projectId)).map((f) => [f.fieldKey, f]));
  const resolved = filters.flatMap((filter) => {
    const field = fields.get(filter.fieldKey);
    return field ? [{ field, filter }] : [];
  });
  return resolved.length > 0 ? resolved : undefined;
}
