import { type AnyDb, withId } from './helpers.ts';

/**
 * Notices (one row per receiver), each user's notification settings per project, each project's
 * chat-platform settings, and the outbox of e-mail and chat deliveries (sent in the background,
 * retried, failures recorded).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_notice'), 'notice_id')
    .addColumn('notice_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('notice_content', 'text')
    /** A message key and its arguments: rendered in the reader's language (defect events). */
    .addColumn('notice_key', 'varchar(64)')
    .addColumn('notice_args', 'text')
    .addColumn('notice_type', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('group_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('receiver_id', 'integer', (c) => c.notNull())
    .addColumn('src', 'varchar(512)')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_notice_receiver_idx')
    .on('sys_notice')
    .columns(['receiver_id', 'group_name', 'is_read'])
    .execute();

  await withId(db, db.schema.createTable('im_user_config'), 'im_config_id')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('im_user_config_owner_uq', ['project_id', 'member_id'])
    .execute();

  await withId(db, db.schema.createTable('im_project_config'), 'config_id')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('system_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('config_params', 'text', (c) => c.notNull())
    .addUniqueConstraint('im_project_config_uq', ['project_id', 'system_code'])
    .execute();

  await withId(db, db.schema.createTable('sys_notice_outbox'), 'outbox_id')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('receiver_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending → sent, or failed after the last retry. */
    .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(1024)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('sent_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('sys_notice_outbox_due_idx')
    .on('sys_notice_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
}
