import { type AnyDb, withId } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const s = db.schema;
  // Per-project counters: numbers are allocated by one atomic upsert, never MAX()+1.
  await s
    .createTable('sys_project_counter')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_project_counter_pk', ['project_id', 'kind'])
    .execute();

  await withId(db, s.createTable('sys_defect'), 'defect_id')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('sys_project.project_id'))
    .addColumn('project_num', 'integer', (c) => c.notNull())
    .addColumn('defect_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('defect_name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('defect_describe', 'text')
    .addColumn('defect_level', 'varchar(10)', (c) => c.notNull())
    .addColumn('defect_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('module_id', 'integer')
    .addColumn('module_version', 'varchar(128)')
    .addColumn('img_urls', 'varchar(5000)')
    .addColumn('annex_urls', 'varchar(5000)')
    .addColumn('case_id', 'integer')
    .addColumn('plan_start_time', 'varchar(19)')
    .addColumn('plan_end_time', 'varchar(19)')
    .addColumn('last_fixer_id', 'integer')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_defect_number_uq', ['project_id', 'project_num'])
    .execute();
  await s
    .createIndex('sys_defect_state_idx')
    .on('sys_defect')
    .columns(['project_id', 'is_deleted', 'defect_state', 'update_time'])
    .execute();
  await s
    .createIndex('sys_defect_update_idx')
    .on('sys_defect')
    .columns(['project_id', 'is_deleted', 'update_time'])
    .execute();

  // The handlers of a defect, in order: a table rather than a JSON column, so "handled by me"
  // is an indexed lookup.
  await s
    .createTable('sys_defect_handler')
    .addColumn('defect_id', 'integer', (c) =>
      c.notNull().references('sys_defect.defect_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_defect_handler_pk', ['defect_id', 'user_id'])
    .execute();
  await s
    .createIndex('sys_defect_handler_user_idx')
    .on('sys_defect_handler')
    .columns(['user_id', 'defect_id'])
    .execute();

  await withId(db, s.createTable('sys_defect_log'), 'defect_log_id')
    .addColumn('defect_id', 'integer', (c) =>
      c.notNull().references('sys_defect.defect_id').onDelete('cascade'),
    )
    .addColumn('defect_log_type', 'integer', (c) => c.notNull())
    .addColumn('defect_log_describe', 'text')
    .addColumn('receive_by', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('sys_defect_log_defect_idx')
    .on('sys_defect_log')
    .columns(['defect_id', 'defect_log_id'])
    .execute();

  await withId(db, s.createTable('sys_comment'), 'comment_id')
    .addColumn('comment_content', 'varchar(1024)', (c) => c.notNull())
    .addColumn('module_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('correlation_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await s
    .createIndex('sys_comment_target_idx')
    .on('sys_comment')
    .columns(['module_type', 'correlation_id'])
    .execute();

  await withId(db, s.createTable('sys_user_defect'), 'user_defect_id')
    .addColumn('defect_id', 'integer', (c) =>
      c.notNull().references('sys_defect.defect_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('collect', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('sys_user_defect_uq', ['defect_id', 'user_id'])
    .execute();
}
