import { type AnyDb, withId } from './helpers.ts';

/**
 * Outgoing webhooks (none in the original): a project's URLs told of its defects and pushed
 * reports with signed JSON. Their deliveries go through the notice outbox (retries, a log), which
 * gains the webhook a row is for and the answer's HTTP status.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_project_webhook'), 'webhook_id')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('webhook_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('secret', 'varchar(255)')
    .addColumn('events', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_project_webhook_project_idx')
    .on('sys_project_webhook')
    .column('project_id')
    .execute();
  await db.schema.alterTable('sys_notice_outbox').addColumn('webhook_id', 'integer').execute();
  await db.schema.alterTable('sys_notice_outbox').addColumn('response_code', 'integer').execute();
  await db.schema
    .createIndex('sys_notice_outbox_webhook_idx')
    .on('sys_notice_outbox')
    .columns(['webhook_id', 'outbox_id'])
    .execute();
}
