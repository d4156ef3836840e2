import {
  ALWAYS_ENABLED_FIELDS,
  BUILTIN_DEFECT_FIELDS,
  type DefectColumnLayout,
  type DefectFieldItem,
  type DefectFieldType,
  type FieldTypeConfig,
} from '@buglet/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ProjectDefectFieldTable } from '../../db/schema.ts';

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export function toFieldItem(row: Selectable<ProjectDefectFieldTable>, isUsed?: boolean): DefectFieldItem {
  return {
    systemBuiltin: false,
    fieldId: row.fieldId,
    fieldKey: row.fieldKey,
    fieldLabel: row.fieldLabel,
    fieldType: row.fieldType as DefectFieldType,
    maxLength: row.maxLength,
    required: row.required,
    nullable: row.nullable,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    defaultValue: parseJson(row.defaultValue),
    typeConfig: (parseJson(row.typeConfig) as FieldTypeConfig | null) ?? {},
    ...(isUsed === undefined ? {} : { isUsed }),
  };
}

/** Every custom field of a project (switched off ones too), in their order. */
export async function customFields(db: Db, projectId: number): Promise<DefectFieldItem[]> {
  const rows = await db
    .selectFrom('sysProjectDefectField')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('sortOrder')
    .orderBy('fieldId')
    .execute();
  return rows.map((row) => toFieldItem(row));
}

/** The fields a defect of the project is written and filtered with. */
export async function enabledFields(db: Db, projectId: number): Promise<DefectFieldItem[]> {
  return (await customFields(db, projectId)).filter((f) => f.enabled === 1);
}

/** The custom fields some defect of the project has a value for (their type may not change). */
export async function usedFieldKeys(db: Db, projectId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysProjectDefectField as f')
    .select('f.fieldKey')
    .where('f.projectId', '=', projectId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysDefectFieldValue as v')
          .select('v.defectId')
          .where('v.projectId', '=', projectId)
          .whereRef('v.fieldKey', '=', 'f.fieldKey'),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.fieldKey));
}

export type BuiltinConfig = Record<string, { enabled: number; sortOrder: number }>;

/** The project's layout of the built-in attributes, every one present (defaults filled in). */
export async function builtinConfig(db: Db, projectId: number): Promise<BuiltinConfig> {
  const row = await db
    .selectFrom('sysProject')
    .select('defectBuiltinFieldConfig')
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  const stored = (parseJson(row?.defectBuiltinFieldConfig ?? null) ?? {}) as Record<
    string,
    { enabled?: unknown; sortOrder?: unknown } | undefined
  >;
  const config: BuiltinConfig = {};
  for (const def of BUILTIN_DEFECT_FIELDS) {
    const entry = stored[def.fieldKey];
    config[def.fieldKey] = {
      enabled: ALWAYS_ENABLED_FIELDS.includes(def.fieldKey) ? 1 : entry?.enabled === 0 ? 0 : 1,
      sortOrder: typeof entry?.sortOrder === 'number' ? entry.sortOrder : def.defaultSort,
    };
  }
  return config;
}

/** The management page's rows: built-in and custom attributes in their shared order. */
export async function manageList(
  db: Db,
  projectId: number,
  labelOf: (fieldKey: string) => string,
  /** Whether each custom field says if some defect has a value (the management page's; a look-up per field). */
  { withUsage = true } = {},
): Promise<DefectFieldItem[]> {
  const [config, custom, used] = await Promise.all([
    builtinConfig(db, projectId),
    customFields(db, projectId),
    withUsage ? usedFieldKeys(db, projectId) : undefined,
  ]);
  const builtins: DefectFieldItem[] = BUILTIN_DEFECT_FIELDS.map((def) => ({
    systemBuiltin: true,
    fieldId: null,
    fieldKey: def.fieldKey,
    fieldLabel: labelOf(def.fieldKey),
    fieldType: def.fieldType,
    maxLength: def.maxLength,
    required: def.required,
    nullable: def.required === 1 ? 0 : 1,
    enabled: config[def.fieldKey]?.enabled ?? 1,
    sortOrder: config[def.fieldKey]?.sortOrder ?? def.defaultSort,
    defaultValue: null,
    typeConfig: {},
  }));
  const all = [...builtins, ...(used ? custom.map((f) => ({ ...f, isUsed: used.has(f.fieldKey) })) : custom)];
  return all.sort((a, b) => a.sortOrder - b.sortOrder || a.fieldKey.localeCompare(b.fieldKey));
}

/** What the list, the forms and the grid read: the enabled attributes in their order. */
export async function columnLayout(db: Db, projectId: number): Promise<DefectColumnLayout> {
  // Read on every defect page: the order and what is on, without the management page's usage look-ups.
  const items = await manageList(db, projectId, (key) => key, { withUsage: false });
  const enabled = items.filter((item) => item.enabled === 1);
  return {
    enabledBuiltinFieldKeys: enabled.filter((item) => item.systemBuiltin).map((item) => item.fieldKey),
    customFields: enabled.filter((item) => !item.systemBuiltin),
    orderedEnabledFieldKeys: enabled.map((item) => item.fieldKey),
  };
}
