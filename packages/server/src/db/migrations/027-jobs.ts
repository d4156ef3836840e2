import { type AnyDb, addSeededMenus, withAudit, withId } from './helpers.ts';

/** The scheduled-jobs page (110) and its buttons (1049–1054), the original's ids (menus.ts). */
export const JOB_MENU_IDS = [110, 1049, 1050, 1051, 1052, 1053, 1054];
const ADDED_AT = '2026-11-25 00:00:00';

/**
 * Scheduled jobs (`sys_job`, `sys_job_log`: the original's columns) and the scheduler's shared
 * state. `fired_until` (epoch ms) is how far the job's ticks have been dealt with, so a restart
 * knows what it missed; `running_until`/`running_token` are the lease of a run of a job that
 * forbids concurrent runs. `sys_job_lease` holds one row per tick claimed: whichever instance
 * inserts it runs that tick, so several instances run each tick once.
 */
export async function up(db: AnyDb): Promise<void> {
  await withAudit(
    withId(db, db.schema.createTable('sys_job'), 'job_id')
      .addColumn('job_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('job_group', 'varchar(64)', (c) => c.notNull().defaultTo('DEFAULT'))
      .addColumn('invoke_target', 'varchar(500)', (c) => c.notNull())
      .addColumn('cron_expression', 'varchar(255)', (c) => c.notNull())
      .addColumn('misfire_policy', 'varchar(20)', (c) => c.notNull().defaultTo('3'))
      .addColumn('concurrent', 'char(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('status', 'char(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('fired_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('running_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('running_token', 'varchar(64)'),
  ).execute();

  await withId(db, db.schema.createTable('sys_job_log'), 'job_log_id')
    .addColumn('job_id', 'integer')
    .addColumn('job_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_group', 'varchar(64)', (c) => c.notNull())
    .addColumn('invoke_target', 'varchar(500)', (c) => c.notNull())
    .addColumn('job_message', 'varchar(500)')
    .addColumn('status', 'char(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('exception_info', 'varchar(2000)')
    .addColumn('fire_time', 'varchar(19)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('stop_time', 'varchar(19)')
    .addColumn('cost_time', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_job_log_job_idx')
    .on('sys_job_log')
    .columns(['job_id', 'job_log_id'])
    .execute();
  await db.schema.createIndex('sys_job_log_time_idx').on('sys_job_log').column('create_time').execute();

  await db.schema
    .createTable('sys_job_lease')
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('fire_time', 'bigint', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_job_lease_pk', ['job_id', 'fire_time'])
    .execute();

  // A new database has the page from the seed (002); one seeded before gets it here.
  await addSeededMenus(db, JOB_MENU_IDS, ADDED_AT);
}
