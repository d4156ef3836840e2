import {
  ALWAYS_ENABLED_FIELDS,
  builtinLayoutBody,
  CUSTOM_SORT_START,
  DEFECT_FIELD_MAX_ENABLED,
  type DefectFieldItem,
  defectFieldBody,
  defectFieldUpdateBody,
  type FieldTypeConfig,
  isBuiltinFieldKey,
  isEmptyFieldValue,
  NO_DEFAULT_TYPES,
} from '@buglet/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/i18n.ts';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import { formatDateTime } from '../../lib/time.ts';
import { checkedValue } from './custom-values.ts';
import {
  builtinConfig,
  columnLayout,
  customFields,
  enabledFields,
  manageList,
  toFieldItem,
  usedFieldKeys,
} from './defect-fields.repository.ts';

const projectParam = z.object({ projectId: z.coerce.number().int().min(1) });
const fieldParam = projectParam.extend({ fieldId: z.coerce.number().int().min(1) });
const base = '/system/project/:projectId/defect-fields';

/** An enum's options are required and their keys unique; an array names the type of its items. */
function checkTypeConfig(fieldType: string, config: FieldTypeConfig | null | undefined): FieldTypeConfig {
  if (fieldType === 'enum') {
    const options = config?.options ?? [];
    if (options.length === 0) throw new AppError('defect-field.options.required');
    if (new Set(options.map((o) => o.key)).size !== options.length)
      throw new AppError('defect-field.options.duplicate');
    return { options };
  }
  if (fieldType === 'array') {
    if (!config?.itemType) throw new AppError('defect-field.item-type.invalid');
    return {
      itemType: config.itemType,
      ...(config.itemType === 'enum' ? checkTypeConfig('enum', config) : {}),
    };
  }
  return {};
}

/** A definition's default value in its stored form (checked like any value of the field). */
function defaultOf(
  field: Omit<DefectFieldItem, 'defaultValue' | 'fieldId' | 'systemBuiltin'>,
  value: unknown,
) {
  if (NO_DEFAULT_TYPES.includes(field.fieldType) || isEmptyFieldValue(value)) return null;
  return checkedValue(field, value);
}

/** The columns a definition is stored in, its JSON as text. */
const storedColumns = (
  d: Pick<
    DefectFieldItem,
    | 'fieldLabel'
    | 'fieldType'
    | 'typeConfig'
    | 'maxLength'
    | 'required'
    | 'nullable'
    | 'enabled'
    | 'sortOrder'
  >,
  defaultValue: unknown,
) => ({
  fieldLabel: d.fieldLabel,
  fieldType: d.fieldType,
  typeConfig: JSON.stringify(d.typeConfig),
  defaultValue: defaultValue === null ? null : JSON.stringify(defaultValue),
  maxLength: d.maxLength,
  required: d.required,
  nullable: d.nullable,
  enabled: d.enabled,
  sortOrder: d.sortOrder,
});

async function assertLabelFree(db: Db, projectId: number, label: string, fieldId?: number) {
  let q = db
    .selectFrom('sysProjectDefectField')
    .select('fieldId')
    .where('projectId', '=', projectId)
    .where('enabled', '=', 1)
    .where('fieldLabel', '=', label);
  if (fieldId !== undefined) q = q.where('fieldId', '!=', fieldId);
  if (await q.executeTakeFirst()) throw new AppError('defect-field.label.taken', [label]);
}

async function assertRoom(db: Db, projectId: number, exceptFieldId?: number) {
  const enabled = (await enabledFields(db, projectId)).filter((f) => f.fieldId !== exceptFieldId);
  if (enabled.length >= DEFECT_FIELD_MAX_ENABLED)
    throw new AppError('defect-field.too-many-enabled', [DEFECT_FIELD_MAX_ENABLED]);
}

/**
 * A project's defect attributes (1.0 §13.2, `/system/project/{projectId}/defect-fields`): the
 * management list of built-in and custom ones, the built-in layout, the enabled fields and the
 * column layout the defect pages read, and the custom fields' add, edit and switch-off.
 */
export function registerDefectFieldRoutes(r: Router): void {
  const { db } = r.deps;
  const byId = async (projectId: number, fieldId: number) => {
    const row = await db
      .selectFrom('sysProjectDefectField')
      .selectAll()
      .where('fieldId', '=', fieldId)
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    if (!row) throw new AppError('defect-field.not-found');
    return row;
  };

  r.get(base, {
    guard: perm('system:project:defect-field:list'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) =>
      ctx.ok(
        await manageList(db, ctx.params.projectId, (key) =>
          ctx.t(`defect-field.builtin.${key}` as MessageKey),
        ),
      ),
  });

  r.get(`${base}/enabled`, {
    guard: perm('system:defect:list'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => ctx.ok(await enabledFields(db, ctx.params.projectId)),
  });

  r.get(`${base}/column-layout`, {
    guard: perm('system:defect:list'),
    params: projectParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId }),
    handler: async (ctx) => ctx.ok(await columnLayout(db, ctx.params.projectId)),
  });

  r.put(`${base}/builtin-layout`, {
    guard: perm('system:project:defect-field:edit'),
    params: projectParam,
    body: builtinLayoutBody,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId, isWrite: true }),
    handler: async (ctx) => {
      const config = await builtinConfig(db, ctx.params.projectId);
      for (const item of ctx.body) {
        const entry = isBuiltinFieldKey(item.fieldKey) ? config[item.fieldKey] : undefined;
        if (!entry) continue;
        if (item.enabled !== undefined) {
          if (item.enabled === 0 && ALWAYS_ENABLED_FIELDS.includes(item.fieldKey))
            throw new AppError('defect-field.builtin.always', [
              ctx.t(`defect-field.builtin.${item.fieldKey}` as MessageKey),
            ]);
          entry.enabled = item.enabled;
        }
        if (item.sortOrder !== undefined) entry.sortOrder = item.sortOrder;
      }
      await db
        .updateTable('sysProject')
        .set({ defectBuiltinFieldConfig: JSON.stringify(config) })
        .where('projectId', '=', ctx.params.projectId)
        .execute();
      return ctx.ok(
        await manageList(db, ctx.params.projectId, (key) =>
          ctx.t(`defect-field.builtin.${key}` as MessageKey),
        ),
      );
    },
  });

  r.post(base, {
    guard: perm('system:project:defect-field:add'),
    params: projectParam,
    body: defectFieldBody,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId, isWrite: true }),
    handler: async (ctx) => {
      const { projectId } = ctx.params;
      const b = ctx.body;
      if (isBuiltinFieldKey(b.fieldKey)) throw new AppError('defect-field.key.reserved', [b.fieldKey]);
      const taken = await db
        .selectFrom('sysProjectDefectField')
        .select('fieldId')
        .where('projectId', '=', projectId)
        .where('fieldKey', '=', b.fieldKey)
        .executeTakeFirst();
      if (taken) throw new AppError('defect-field.key.taken', [b.fieldKey]);
      const enabled = b.enabled ?? 1;
      if (enabled === 1) {
        await assertRoom(db, projectId);
        await assertLabelFree(db, projectId, b.fieldLabel);
      }
      const typeConfig = checkTypeConfig(b.fieldType, b.typeConfig);
      const definition = {
        fieldKey: b.fieldKey,
        fieldLabel: b.fieldLabel,
        fieldType: b.fieldType,
        maxLength: b.maxLength ?? null,
        typeConfig,
        required: b.required ?? 0,
        nullable: b.nullable ?? 1,
        enabled,
        sortOrder: b.sortOrder ?? 0,
      };
      const defaultValue = defaultOf(definition, b.defaultValue);
      let sortOrder = b.sortOrder;
      if (sortOrder === undefined) {
        // After the project's other fields, before the description (CUSTOM_SORT_START).
        const custom = await customFields(db, projectId);
        sortOrder = Math.max(CUSTOM_SORT_START - 10, ...custom.map((f) => f.sortOrder)) + 10;
      }
      const now = formatDateTime();
      const row = await db
        .insertInto('sysProjectDefectField')
        .values({
          projectId,
          fieldKey: definition.fieldKey,
          ...storedColumns({ ...definition, sortOrder }, defaultValue),
          isSystem: 0,
          createById: ctx.me.userId,
          createTime: now,
          updateTime: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ctx.ok(toFieldItem(row, false));
    },
  });

  r.put(`${base}/:fieldId`, {
    guard: perm('system:project:defect-field:edit'),
    params: fieldParam,
    body: defectFieldUpdateBody,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId, isWrite: true }),
    handler: async (ctx) => {
      const { projectId, fieldId } = ctx.params;
      const b = ctx.body;
      const before = toFieldItem(await byId(projectId, fieldId));
      if (b.fieldKey !== undefined && b.fieldKey !== before.fieldKey)
        throw new AppError('defect-field.key.immutable');
      const fieldType = b.fieldType ?? before.fieldType;
      if (fieldType !== before.fieldType && (await usedFieldKeys(db, projectId)).has(before.fieldKey))
        throw new AppError('defect-field.type.in-use', [before.fieldLabel]);
      const typeConfig = checkTypeConfig(
        fieldType,
        b.typeConfig === undefined ? before.typeConfig : b.typeConfig,
      );
      const fieldLabel = b.fieldLabel ?? before.fieldLabel;
      const enabled = b.enabled ?? before.enabled;
      if (enabled === 1) {
        if (before.enabled === 0) await assertRoom(db, projectId, fieldId);
        await assertLabelFree(db, projectId, fieldLabel, fieldId);
      }
      const definition = {
        ...before,
        fieldLabel,
        fieldType,
        typeConfig,
        maxLength: b.maxLength === undefined ? before.maxLength : b.maxLength,
        required: b.required ?? before.required,
        nullable: b.nullable ?? before.nullable,
        enabled,
        sortOrder: b.sortOrder ?? before.sortOrder,
      };
      const defaultValue = defaultOf(
        definition,
        b.defaultValue === undefined ? before.defaultValue : b.defaultValue,
      );
      const row = await db
        .updateTable('sysProjectDefectField')
        .set({ ...storedColumns(definition, defaultValue), updateTime: formatDateTime() })
        .where('fieldId', '=', fieldId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return ctx.ok(toFieldItem(row));
    },
  });

  // Removal switches the field off (1.0): the defects keep their values, shown again when it is on.
  r.delete(`${base}/:fieldId`, {
    guard: perm('system:project:defect-field:remove'),
    params: fieldParam,
    scope: ({ params }) => ({ kind: 'project', projectId: params.projectId, isWrite: true }),
    handler: async (ctx) => {
      await byId(ctx.params.projectId, ctx.params.fieldId);
      await db
        .updateTable('sysProjectDefectField')
        .set({ enabled: 0, updateTime: formatDateTime() })
        .where('fieldId', '=', ctx.params.fieldId)
        .execute();
      return ctx.ok();
    },
  });
}
