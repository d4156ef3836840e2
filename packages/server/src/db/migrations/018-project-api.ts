import type { AnyDb } from './helpers.ts';

/**
 * Project API keys and what pushes leave on defects (original-backend §2.1 `sys_project_api`,
 * §7, §13.4). A key is stored only as its SHA-256 (`key_hash`); `api_id`, its public id, is the
 * key's first 18 characters. `enabled`, `features`, the white list and the expiry are enforced;
 * the last use is recorded. `sys_defect_push` holds a pushed defect's keys (the original's
 * `defect_key`/`defect_group_key`, here hashed for the index, kept whole beside), the fingerprint
 * of a keyless one, and how often, when and in which versions it was seen.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_project_api')
    .addColumn('api_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('white_list', 'text')
    .addColumn('expire_time', 'varchar(19)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('features', 'text')
    .addColumn('last_used_time', 'varchar(19)')
    .addColumn('last_used_ip', 'varchar(128)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sys_project_api_project_idx')
    .on('sys_project_api')
    .columns(['project_id', 'user_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('sys_defect_push')
    .addColumn('defect_id', 'integer', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('defect_key', 'text')
    .addColumn('defect_group_key', 'text')
    .addColumn('key_hash', 'varchar(64)')
    .addColumn('group_hash', 'varchar(64)')
    .addColumn('fingerprint', 'varchar(64)')
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_seen', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_seen', 'varchar(19)', (c) => c.notNull())
    .addColumn('versions', 'text')
    .execute();
  for (const column of ['key_hash', 'group_hash', 'fingerprint'])
    await db.schema
      .createIndex(`sys_defect_push_${column}_idx`)
      .on('sys_defect_push')
      .columns(['project_id', column])
      .execute();
}
