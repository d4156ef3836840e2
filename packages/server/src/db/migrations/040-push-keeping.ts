import { type AnyDb, withId } from './helpers.ts';

/**
 * What reporters push is never lost unseen (issue 26):
 * - sys_defect_push.last_version: the version a failure was last seen in (the versions list keeps
 *   the order they were first seen in);
 * - sys_project_api.default_handler_id: who handles what a key pushes without a handler;
 * - sys_project_api.refused_in_row: the key's calls refused since its last accepted one (a key
 *   that keeps failing is marked on its page), and sys_project_api_refusal, its latest refused
 *   calls (the newest 50 are kept): reporters do not show them anywhere.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_defect_push').addColumn('last_version', 'varchar(128)').execute();
  await db.schema.alterTable('sys_project_api').addColumn('default_handler_id', 'integer').execute();
  await db.schema
    .alterTable('sys_project_api')
    .addColumn('refused_in_row', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable('sys_project_api_refusal'), 'refusal_id')
    .addColumn('api_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('ipaddr', 'varchar(128)')
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_project_api_refusal_api_idx')
    .on('sys_project_api_refusal')
    .columns(['api_id', 'refusal_id'])
    .execute();
}
