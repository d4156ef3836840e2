import { type AnyDb, withId } from './helpers.ts';

/**
 * The recycle bin of cases and documents (issue 31): a deleted case or document (with the folder's
 * whole subtree) leaves its tables for one row here holding its rows as JSON, so no query of the
 * live tables has to skip deleted ones; restoring writes them back with their ids. Defects keep
 * 1.0's own soft delete (`is_deleted`), which its clients read. The purge job empties both after
 * the days it is given.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_recycle_bin'), 'bin_id')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('sys_project.project_id').onDelete('cascade'),
    )
    .addColumn('item_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'varchar(255)', (c) => c.notNull())
    /** The project's number of the item (a case's), when it has one. */
    .addColumn('item_num', 'integer')
    .addColumn('item_rows', 'text', (c) => c.notNull())
    .addColumn('deleted_by_id', 'integer')
    .addColumn('deleted_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_recycle_bin_project_idx')
    .on('sys_recycle_bin')
    .columns(['project_id', 'item_kind', 'deleted_time'])
    .execute();
  // Emptied every night of what has been in a bin for 30 days; the days are the job's argument.
  await db
    .insertInto('sys_job')
    .values({
      job_name: '清空回收站',
      job_group: 'SYSTEM',
      invoke_target: 'purgeRecycleBin(30)',
      cron_expression: '0 0 3 * * ?',
      misfire_policy: '3',
      concurrent: '1',
      status: '0',
      fired_until: Date.now(),
      running_until: 0,
      create_by: 'admin',
      create_time: ADDED_AT,
    })
    .execute();
}

const ADDED_AT = '2026-11-29 00:00:00';
