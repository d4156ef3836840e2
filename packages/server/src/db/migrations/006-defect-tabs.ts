import { type AnyDb, withId } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_project_defect_tabs'), 'tab_id')
    .addColumn('tab_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('tab_sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_defect_tabs_owner_idx')
    .on('sys_project_defect_tabs')
    .columns(['project_id', 'user_id'])
    .execute();
}
