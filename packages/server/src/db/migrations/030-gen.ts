import { type AnyDb, addSeededMenus, withAudit, withId } from './helpers.ts';

/** The code generation page (116) with its buttons (1055–1060) and the form builder (115). */
export const GEN_MENU_IDS = [115, 116, 1055, 1056, 1057, 1058, 1059, 1060];

const ADDED_AT = '2026-11-25 00:00:00';

/**
 * Code generation: the imported tables (`gen_table`) and their columns (`gen_table_column`), the
 * original's columns; `ts_type` is this stack's type beside the original's `java_type`. A table is
 * imported once (unique name); its columns go with it.
 */
export async function up(db: AnyDb): Promise<void> {
  await withAudit(
    withId(db, db.schema.createTable('gen_table'), 'table_id')
      .addColumn('table_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('table_comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sub_table_name', 'varchar(64)')
      .addColumn('sub_table_fk_name', 'varchar(64)')
      .addColumn('class_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('tpl_category', 'varchar(200)', (c) => c.notNull().defaultTo('crud'))
      .addColumn('package_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('module_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('business_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
      .addColumn('function_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('function_author', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('gen_type', 'char(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('gen_path', 'varchar(200)', (c) => c.notNull().defaultTo('/'))
      .addColumn('options', 'varchar(1000)'),
  ).execute();
  await db.schema.createIndex('gen_table_name_uq').on('gen_table').column('table_name').unique().execute();

  await withId(db, db.schema.createTable('gen_table_column'), 'column_id')
    .addColumn('table_id', 'integer', (c) => c.notNull().references('gen_table.table_id').onDelete('cascade'))
    .addColumn('column_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('column_comment', 'varchar(500)')
    .addColumn('column_type', 'varchar(100)')
    .addColumn('java_type', 'varchar(500)')
    .addColumn('ts_type', 'varchar(20)', (c) => c.notNull().defaultTo('string'))
    .addColumn('java_field', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_pk', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_increment', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_required', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_insert', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_edit', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_list', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('is_query', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('query_type', 'varchar(200)', (c) => c.notNull().defaultTo('EQ'))
    .addColumn('html_type', 'varchar(200)', (c) => c.notNull().defaultTo('input'))
    .addColumn('dict_type', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('gen_table_column_table_idx')
    .on('gen_table_column')
    .columns(['table_id', 'sort'])
    .execute();

  // A new database has the pages from the seed (002); one seeded before gets them here.
  await addSeededMenus(db, GEN_MENU_IDS, ADDED_AT);
}
