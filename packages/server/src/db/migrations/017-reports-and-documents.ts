import { type AnyDb, withId } from './helpers.ts';

/**
 * Reports, report templates and documents (original-backend §2.1), with three additions: a
 * report's type ('text', a snapshot, or 'realtime', whose directives are filled when it is read),
 * a template's language (the shop's built-in templates come in both), and nothing else changed.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_report'), 'report_id')
    .addColumn('report_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('report_type', 'varchar(16)', (c) => c.notNull().defaultTo('text'))
    .addColumn('report_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('report_description', 'text')
    .addColumn('report_data_coder', 'varchar(255)')
    .addColumn('report_data', 'text')
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('report_source', 'varchar(255)')
    .addColumn('report_key', 'varchar(512)')
    .execute();
  // A pushed report's key is unique in its project (the original's was unique everywhere, so one
  // project's key could block another's push).
  await db.schema
    .createIndex('sys_report_project_key_idx')
    .on('sys_report')
    .columns(['project_id', 'report_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sys_report_project_time_idx')
    .on('sys_report')
    .columns(['project_id', 'report_time'])
    .execute();

  await withId(db, db.schema.createTable('sys_report_template'), 'template_id')
    .addColumn('template_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_title', 'varchar(512)', (c) => c.notNull())
    .addColumn('template_content', 'text', (c) => c.notNull())
    .addColumn('module_type', 'varchar(64)')
    .addColumn('project_id', 'integer')
    .addColumn('update_by_id', 'integer')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('template_icon_url', 'varchar(255)')
    .addColumn('major_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minor_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_shop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_lang', 'varchar(8)')
    .execute();
  await db.schema
    .createIndex('sys_report_template_project_idx')
    .on('sys_report_template')
    .columns(['project_id', 'update_time'])
    .execute();

  await withId(db, db.schema.createTable('sys_document'), 'doc_id')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('doc_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('doc_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_extension', 'varchar(12)')
    .addColumn('file_url', 'varchar(255)')
    .addColumn('file_version', 'integer')
    .addColumn('doc_pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc_remakr', 'varchar(255)')
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    .addColumn('update_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    // Sibling names are unique (the original's check was broken): the database holds the rule too.
    .addUniqueConstraint('sys_document_sibling_name_uq', ['project_id', 'doc_pid', 'doc_name'])
    .execute();
}
