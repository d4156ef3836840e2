import { z } from 'zod';
import { UPLOAD_PATH } from './defect.ts';

/**
 * Custom defect fields (1.0 §13.2): a project's own attributes of a defect, beside the built-in
 * ones, with one check of a value shared by the server (on every path a defect is written) and the
 * web client (the form and the grid say the same before sending).
 */
export const DEFECT_FIELD_TYPES = [
  'string',
  'text',
  'number',
  'boolean',
  'datetime',
  'enum',
  'object',
  'image',
  'file',
  'array',
] as const;
export type DefectFieldType = (typeof DEFECT_FIELD_TYPES)[number];
export const ARRAY_ITEM_TYPES = DEFECT_FIELD_TYPES.filter((t) => t !== 'array');
/** Types a default value makes no sense for (an upload belongs to one defect). */
export const NO_DEFAULT_TYPES: readonly DefectFieldType[] = ['image', 'file'];

/** At most this many enabled custom fields in a project. */
export const DEFECT_FIELD_MAX_ENABLED = 50;
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
/** A label's width: 1.0 allows six characters (Chinese); a Latin letter counts half of one. */
export const FIELD_LABEL_WIDTH = 12;
export const labelWidth = (label: string) =>
  [...label].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0);
/** A string field's length when its definition sets none; a text field's. */
export const STRING_MAX_DEFAULT = 255;
export const TEXT_MAX_DEFAULT = 65536;
/** Items of a list value (array, images, files). */
export const FIELD_ITEMS_MAX = 100;
/** An object value, as JSON. */
export const FIELD_OBJECT_MAX = 10000;
/** The column a custom field is in the list, the grid and the Excel files. */
export const customColumnKey = (fieldKey: string) => `custom:${fieldKey}`;

/** Where a new custom field goes by default: after the last one, between the short built-in fields and the description. */
export const CUSTOM_SORT_START = 100;
/**
 * The built-in attributes a project may order and (but for the name, the handler and the number)
 * switch off in its forms and lists (1.0's DefectBuiltinFieldRegistry, with the sponsor).
 */
// 1.0's order, but for the plan times (beside the version, as the form always had them) and room
// (100–890) for the project's own fields before the description.
export const BUILTIN_DEFECT_FIELDS = [
  { fieldKey: 'projectNum', fieldType: 'number', required: 0, maxLength: null, defaultSort: 0 },
  { fieldKey: 'defectType', fieldType: 'enum', required: 1, maxLength: null, defaultSort: 10 },
  { fieldKey: 'defectName', fieldType: 'string', required: 1, maxLength: 1024, defaultSort: 20 },
  { fieldKey: 'handleBy', fieldType: 'object', required: 1, maxLength: null, defaultSort: 30 },
  { fieldKey: 'defectLevel', fieldType: 'enum', required: 0, maxLength: null, defaultSort: 40 },
  { fieldKey: 'defectState', fieldType: 'enum', required: 0, maxLength: null, defaultSort: 50 },
  { fieldKey: 'moduleId', fieldType: 'object', required: 0, maxLength: null, defaultSort: 60 },
  { fieldKey: 'moduleVersion', fieldType: 'string', required: 0, maxLength: 128, defaultSort: 70 },
  { fieldKey: 'sponsor', fieldType: 'string', required: 0, maxLength: 128, defaultSort: 75 },
  { fieldKey: 'caseId', fieldType: 'object', required: 0, maxLength: null, defaultSort: 80 },
  { fieldKey: 'defectDescribe', fieldType: 'text', required: 0, maxLength: 65536, defaultSort: 900 },
  { fieldKey: 'imgUrls', fieldType: 'image', required: 0, maxLength: null, defaultSort: 910 },
  { fieldKey: 'annexUrls', fieldType: 'file', required: 0, maxLength: null, defaultSort: 920 },
  { fieldKey: 'planStartTime', fieldType: 'datetime', required: 0, maxLength: null, defaultSort: 76 },
  { fieldKey: 'planEndTime', fieldType: 'datetime', required: 0, maxLength: null, defaultSort: 77 },
  { fieldKey: 'createMember', fieldType: 'object', required: 0, maxLength: null, defaultSort: 930 },
  { fieldKey: 'updateTime', fieldType: 'datetime', required: 0, maxLength: null, defaultSort: 940 },
] as const satisfies ReadonlyArray<{
  fieldKey: string;
  fieldType: DefectFieldType;
  required: 0 | 1;
  maxLength: number | null;
  defaultSort: number;
}>;
export type BuiltinFieldKey = (typeof BUILTIN_DEFECT_FIELDS)[number]['fieldKey'];
export const ALWAYS_ENABLED_FIELDS: readonly string[] = ['projectNum', 'defectName', 'handleBy'];
export const isBuiltinFieldKey = (key: string): key is BuiltinFieldKey =>
  BUILTIN_DEFECT_FIELDS.some((f) => f.fieldKey === key);

const flag = z.union([z.literal(0), z.literal(1)], { error: 'defect-field.flag.invalid' });
export const enumOption = z.object({
  key: z
    .string()
    .trim()
    .min(1, { error: 'defect-field.option.key' })
    .max(64, { error: 'defect-field.option.key' }),
  label: z
    .string()
    .trim()
    .min(1, { error: 'defect-field.option.label' })
    .max(64, { error: 'defect-field.option.label' }),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'defect-field.option.color' })
    .nullable()
    .optional(),
});
export type EnumOption = z.infer<typeof enumOption>;
export const fieldTypeConfig = z.object({
  options: z.array(enumOption).max(100, { error: 'defect-field.options.too-many' }).optional(),
  itemType: z
    .enum(ARRAY_ITEM_TYPES as [DefectFieldType, ...DefectFieldType[]], {
      error: 'defect-field.item-type.invalid',
    })
    .optional(),
});
export type FieldTypeConfig = z.infer<typeof fieldTypeConfig>;

const fieldShape = {
  fieldLabel: z
    .string({ error: 'defect-field.label.required' })
    .trim()
    .min(1, { error: 'defect-field.label.required' })
    .refine((v) => labelWidth(v) <= FIELD_LABEL_WIDTH, { error: 'defect-field.label.too-long' }),
  fieldType: z.enum(DEFECT_FIELD_TYPES, { error: 'defect-field.type.invalid' }),
  typeConfig: fieldTypeConfig.nullable().optional(),
  defaultValue: z.unknown().optional(),
  maxLength: z
    .number({ error: 'defect-field.max-length.invalid' })
    .int({ error: 'defect-field.max-length.invalid' })
    .min(1, { error: 'defect-field.max-length.invalid' })
    .max(TEXT_MAX_DEFAULT, { error: 'defect-field.max-length.invalid' })
    .nullable()
    .optional(),
  required: flag.optional(),
  nullable: flag.optional(),
  enabled: flag.optional(),
  sortOrder: z.number().int().min(-100000).max(100000).optional(),
};
export const defectFieldBody = z.object({
  fieldKey: z
    .string({ error: 'defect-field.key.invalid' })
    .trim()
    .regex(FIELD_KEY_PATTERN, { error: 'defect-field.key.invalid' }),
  ...fieldShape,
});
/** An edit: the key, when given, must be the field's own (it never changes). */
export const defectFieldUpdateBody = z
  .object({ fieldKey: z.string().trim().max(64).optional() })
  .extend(z.object(fieldShape).partial().shape);
export const builtinLayoutBody = z
  .array(
    z.object({
      fieldKey: z.string().max(64),
      enabled: flag.optional(),
      sortOrder: z.number().int().min(-100000).max(100000).optional(),
    }),
  )
  .max(100);

/** One attribute of the management page: a built-in one (no id) or a custom one. */
export interface DefectFieldItem {
  systemBuiltin: boolean;
  fieldId: number | null;
  fieldKey: string;
  fieldLabel: string;
  fieldType: DefectFieldType;
  maxLength: number | null;
  required: number;
  nullable: number;
  enabled: number;
  sortOrder: number;
  defaultValue: unknown;
  typeConfig: FieldTypeConfig;
  /** Custom fields: whether some defect has a value (the type may no longer change). */
  isUsed?: boolean;
}
/** What the defect list, forms and grid read (1.0's column-layout). */
export interface DefectColumnLayout {
  enabledBuiltinFieldKeys: string[];
  customFields: DefectFieldItem[];
  orderedEnabledFieldKeys: string[];
}

// ---------------------------------------------------------------------------------------------
// Values

/** What a value check needs of a definition. */
export interface FieldRule {
  fieldLabel: string;
  fieldType: DefectFieldType;
  maxLength?: number | null;
  typeConfig?: FieldTypeConfig | null;
}
/** Why a value is refused: `defect-field.value.<reason>` in both clients' messages. */
export type FieldValueReason =
  | 'text'
  | 'too-long'
  | 'number'
  | 'boolean'
  | 'datetime'
  | 'enum'
  | 'object'
  | 'urls'
  | 'array'
  | 'too-many';
export type FieldCheck =
  | { ok: true; value: unknown }
  | { ok: false; reason: FieldValueReason; args: Array<string | number> };

export const isEmptyFieldValue = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** `yyyy-MM-dd[ HH:mm[:ss]]` (or with a `T`) as `yyyy-MM-dd HH:mm:ss`, or undefined when it is no real time. */
export function normalDateTime(value: string): string | undefined {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

const isLink = (v: string) => (UPLOAD_PATH.test(v) && !v.includes('..')) || /^https?:\/\/[^\s<>"]+$/i.test(v);
const refuse = (reason: FieldValueReason, rule: FieldRule, ...more: Array<string | number>): FieldCheck => ({
  ok: false,
  reason,
  args: [rule.fieldLabel, ...more],
});

/**
 * A non-empty value of a field checked and put in its stored form (numbers as numbers, times in
 * full, links as a list). Lenient where a spreadsheet or a reporter sends text: "12" is a number,
 * "true" a yes, "a,b" two links.
 */
export function checkFieldValue(rule: FieldRule, value: unknown): FieldCheck {
  switch (rule.fieldType) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') return refuse('text', rule);
      const text = String(value).trim();
      const max = rule.maxLength ?? (rule.fieldType === 'text' ? TEXT_MAX_DEFAULT : STRING_MAX_DEFAULT);
      return text.length > max ? refuse('too-long', rule, max) : { ok: true, value: text };
    }
    case 'number': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : refuse('number', rule);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return refuse('boolean', rule);
    }
    case 'datetime': {
      const time = typeof value === 'string' ? normalDateTime(value) : undefined;
      return time ? { ok: true, value: time } : refuse('datetime', rule);
    }
    case 'enum': {
      const options = rule.typeConfig?.options ?? [];
      const key = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
      return key !== undefined && options.some((o) => o.key === key)
        ? { ok: true, value: key }
        : refuse('enum', rule, options.map((o) => o.label).join(', '));
    }
    case 'object': {
      let object = value;
      if (typeof value === 'string') {
        try {
          object = JSON.parse(value);
        } catch {
          return refuse('object', rule);
        }
      }
      if (object === null || typeof object !== 'object' || Array.isArray(object))
        return refuse('object', rule);
      return JSON.stringify(object).length > FIELD_OBJECT_MAX
        ? refuse('too-long', rule, FIELD_OBJECT_MAX)
        : { ok: true, value: object };
    }
    case 'image':
    case 'file': {
      const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
      if (!list || list.some((u) => typeof u !== 'string')) return refuse('urls', rule);
      const urls = (list as string[]).map((u) => u.trim()).filter(Boolean);
      if (urls.length > FIELD_ITEMS_MAX) return refuse('too-many', rule, FIELD_ITEMS_MAX);
      return urls.every(isLink) ? { ok: true, value: urls } : refuse('urls', rule);
    }
    case 'array': {
      if (!Array.isArray(value)) return refuse('array', rule);
      const items = value.filter((item) => !isEmptyFieldValue(item));
      if (items.length > FIELD_ITEMS_MAX) return refuse('too-many', rule, FIELD_ITEMS_MAX);
      const itemRule = { ...rule, fieldType: rule.typeConfig?.itemType ?? 'string' };
      const out: unknown[] = [];
      for (const item of items) {
        const checked = checkFieldValue(itemRule, item);
        if (!checked.ok) return checked;
        out.push(checked.value);
      }
      return { ok: true, value: out };
    }
  }
}

/** A stored value as a person reads it (enum by its label, lists joined, objects as JSON). */
export function fieldValueText(rule: Pick<FieldRule, 'fieldType' | 'typeConfig'>, value: unknown): string {
  if (isEmptyFieldValue(value)) return '';
  if (rule.fieldType === 'enum')
    return rule.typeConfig?.options?.find((o) => o.key === value)?.label ?? String(value);
  if (Array.isArray(value))
    return value
      .map((item) => fieldValueText({ ...rule, fieldType: rule.typeConfig?.itemType ?? 'string' }, item))
      .join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// Filters

export const CUSTOM_FILTER_OPS = [
  'eq',
  'in',
  'between',
  'contains',
  'isEmpty',
  'isNotEmpty',
  'hasValue',
] as const;
export type CustomFilterOp = (typeof CUSTOM_FILTER_OPS)[number];
export const customFieldFilter = z.object({
  fieldKey: z.string().max(64),
  op: z.enum(CUSTOM_FILTER_OPS, { error: 'defect-field.filter.op' }),
  value: z.unknown().optional(),
});
export type CustomFieldFilter = z.infer<typeof customFieldFilter>;
/** `params[customFieldFilters]`: the JSON of at most ten filters. */
export const customFieldFilters = z
  .string()
  .max(8000)
  .transform((text, ctx) => {
    try {
      const parsed = z.array(customFieldFilter).max(10).safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'defect-field.filter.invalid' });
    return z.NEVER;
  });
