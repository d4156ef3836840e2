import { type AnyDb, withId } from './helpers.ts';

/**
 * Cases grow up (issue 30, the original's 1.0 §13.8): files attached to a case (`annex_urls`,
 * upload paths as the defects keep them), its test data (`case_data`), and its history: who
 * changed what and when (`sys_case_log`, one row per change, the fields as JSON).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_case').addColumn('annex_urls', 'text').execute();
  await db.schema.alterTable('sys_case').addColumn('case_data', 'text').execute();
  await withId(db, db.schema.createTable('sys_case_log'), 'case_log_id')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('sys_case.case_id').onDelete('cascade'))
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('changes', 'text')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_case_log_case_idx')
    .on('sys_case_log')
    .columns(['case_id', 'case_log_id'])
    .execute();
}
