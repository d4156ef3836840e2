import { type AnyDb, addSeededMenus, withId } from './helpers.ts';

/**
 * The operation log page (500 under 108) and its buttons (1039–1041), the server and cache
 * monitors (112–114) and the database page that replaces the original's Druid console (2160),
 * all in menus.ts with the original's ids.
 */
export const OPER_LOG_MENU_IDS = [500, 1039, 1040, 1041, 112, 113, 114, 2160];
const ADDED_AT = '2026-11-25 00:00:00';

/** The operation log (`sys_oper_log`, the original's columns), written by features/oper-log. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_oper_log'), 'oper_id')
    .addColumn('title', 'varchar(50)')
    .addColumn('business_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('method', 'varchar(200)')
    .addColumn('request_method', 'varchar(10)')
    .addColumn('operator_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('oper_name', 'varchar(50)')
    .addColumn('dept_name', 'varchar(50)')
    .addColumn('oper_url', 'varchar(255)')
    .addColumn('oper_ip', 'varchar(128)')
    .addColumn('oper_location', 'varchar(255)')
    .addColumn('oper_param', 'varchar(2000)')
    .addColumn('json_result', 'varchar(2000)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_msg', 'varchar(2000)')
    .addColumn('oper_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('cost_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sys_oper_log_time_idx').on('sys_oper_log').column('oper_time').execute();

  await addSeededMenus(db, OPER_LOG_MENU_IDS, ADDED_AT);
}
