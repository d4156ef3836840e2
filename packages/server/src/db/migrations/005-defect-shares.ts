import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_defect_shard')
    .addColumn('defect_shard_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('defect_id', 'integer', (c) =>
      c.notNull().references('sys_defect.defect_id').onDelete('cascade'),
    )
    .addColumn('create_by_id', 'integer', (c) => c.notNull())
    // A salted hash of the optional 4-digit password, never the password itself.
    .addColumn('password_hash', 'varchar(64)')
    .addColumn('aging_hour', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aging_at', 'bigint')
    .addColumn('default_lang', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('sys_defect_shard_owner_uq', ['defect_id', 'create_by_id'])
    .execute();
}
