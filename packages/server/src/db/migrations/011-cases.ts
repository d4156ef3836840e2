import { type AnyDb, withId } from './helpers.ts';

/** Test cases: numbered per project, linked to a deliverable; defects link back through sys_defect.case_id. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_case'), 'case_id')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('case_num', 'integer', (c) => c.notNull())
    .addColumn('case_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('module_id', 'integer')
    .addColumn('case_type', 'integer')
    .addColumn('case_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('case_preconditions', 'varchar(255)')
    .addColumn('case_expect', 'varchar(255)', (c) => c.notNull())
    .addColumn('case_step', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('case_state', 'varchar(8)', (c) => c.notNull().defaultTo('untested'))
    .addColumn('remark', 'varchar(255)')
    .addColumn('img_urls', 'varchar(5000)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_case_number_uq', ['project_id', 'case_num'])
    .execute();
  await db.schema
    .createIndex('sys_case_module_idx')
    .on('sys_case')
    .columns(['project_id', 'module_id', 'update_time'])
    .execute();
  await db.schema
    .createIndex('sys_case_update_idx')
    .on('sys_case')
    .columns(['project_id', 'update_time'])
    .execute();
  await db.schema.createIndex('sys_defect_case_idx').on('sys_defect').columns(['case_id']).execute();
}
