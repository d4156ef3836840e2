import { sql } from 'kysely';
import { type AnyDb, addSeededMenus, isPostgres, withId } from './helpers.ts';

const ADDED_AT = '2026-11-30 00:00:00';
/** The buttons of the defect attribute page (menus.ts): list, add, edit, remove. */
export const DEFECT_FIELD_MENU_IDS = [2163, 2164, 2165, 2166];

/**
 * Custom defect fields (1.0 §13.2). A project's definitions; each defect's values as 1.0 keeps
 * them, one JSON object in `sys_defect.custom_fields` (what every client reads); the built-in
 * attributes' layout in `sys_project.defect_builtin_field_config`. Beside the JSON, one row per
 * value in `sys_defect_field_value`, written in the same transaction, so the list's filters on a
 * field are index lookups rather than a JSON scan of every defect: `value_key` (the first 191
 * characters of the value as text, indexed; PostgreSQL cannot index a long text) and `value_num`
 * (numbers) by project and field.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_project_defect_field'), 'field_id')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('field_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_label', 'varchar(128)', (c) => c.notNull())
    .addColumn('field_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('type_config', 'text')
    .addColumn('default_value', 'text')
    .addColumn('max_length', 'integer')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nullable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_project_defect_field_key_uq', ['project_id', 'field_key'])
    .execute();

  await db.schema.alterTable('sys_defect').addColumn('custom_fields', 'text').execute();
  await db.schema.alterTable('sys_project').addColumn('defect_builtin_field_config', 'text').execute();

  let values = db.schema
    .createTable('sys_defect_field_value')
    .addColumn('defect_id', 'integer', (c) =>
      c.notNull().references('sys_defect.defect_id').onDelete('cascade'),
    )
    .addColumn('field_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('value_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('value_text', 'text', (c) => c.notNull())
    .addColumn('value_num', 'double precision')
    .addPrimaryKeyConstraint('sys_defect_field_value_pk', ['defect_id', 'field_key']);
  // SQLite: the rows kept in the key's order, so a look-up of one defect's value of a field (how
  // the list checks every filter but the one it starts from) reads the value with the key.
  if (!isPostgres(db)) values = values.modifyEnd(sql`without rowid`);
  await values.execute();
  await db.schema
    .createIndex('sys_defect_field_value_key_idx')
    .on('sys_defect_field_value')
    .columns(['project_id', 'field_key', 'value_key', 'defect_id'])
    .execute();
  await db.schema
    .createIndex('sys_defect_field_value_num_idx')
    .on('sys_defect_field_value')
    .columns(['project_id', 'field_key', 'value_num', 'defect_id'])
    .execute();

  await addSeededMenus(db, DEFECT_FIELD_MENU_IDS, ADDED_AT);
}
