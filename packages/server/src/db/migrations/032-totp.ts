import { type AnyDb, withId } from './helpers.ts';

/**
 * Two-factor sign-in (features/totp): each person's TOTP secret (a pending one until confirmed
 * with a code) and the last time step accepted, so a code is never taken twice; their one-time
 * recovery codes, kept as SHA-256 digests; and the tickets between the password step and the
 * code step of a sign-in, kept as digests, with their count of wrong codes.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('enabled_time', 'varchar(19)')
    .execute();

  await withId(db, db.schema.createTable('sys_user_recovery_code'), 'code_id')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('sys_user_recovery_code_uq')
    .on('sys_user_recovery_code')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('sys_login_ticket')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.user_id').onDelete('cascade'))
    .addColumn('expire_at', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sys_login_ticket_user_idx').on('sys_login_ticket').column('user_id').execute();
}
