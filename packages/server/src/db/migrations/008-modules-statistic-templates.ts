import { sql } from 'kysely';
import { type AnyDb, withId } from './helpers.ts';

/** Deliverables (the module tree of a project) and each user's statistics-panel layout. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_module'), 'module_id')
    .addColumn('module_pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('module_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  // Sibling names are unique, so a path names one node (imports resolve deliverables by path).
  await db.schema
    .createIndex('sys_module_sibling_uq')
    .on('sys_module')
    .columns(['project_id', 'module_pid', 'module_name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sys_defect_module_idx')
    .on('sys_defect')
    .columns(['project_id', 'module_id'])
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await withId(db, db.schema.createTable('sys_user_statistic_template'), 'statistic_template_id')
    .addColumn('statistic_templat_code', 'varchar(255)')
    .addColumn('module_type', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('statistic_templat_config', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('sys_statistic_template_owner_uq', ['module_type', 'project_id', 'user_id'])
    .execute();
}
