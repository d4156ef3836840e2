import type { AnyDb } from './helpers.ts';

/**
 * The person's language and layout settings follow them to another browser: kept beside their
 * current team and project, read by /getInfo (never on the per-request session lookup).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_user_config').addColumn('lang', 'varchar(10)').execute();
  await db.schema.alterTable('sys_user_config').addColumn('ui_settings', 'varchar(2000)').execute();
}
