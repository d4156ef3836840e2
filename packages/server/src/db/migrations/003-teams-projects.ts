import { sql } from 'kysely';
import { type AnyDb, withId } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('sys_team'), 'team_id')
    .addColumn('team_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('team_icon', 'varchar(255)')
    .addColumn('introduce', 'varchar(255)')
    .addColumn('is_del', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  // Names are unique among live teams; a deleted team frees its name.
  await s
    .createIndex('sys_team_name_uq')
    .on('sys_team')
    .column('team_name')
    .unique()
    .where(sql.ref('is_del'), '=', 0)
    .execute();

  await withId(db, s.createTable('sys_project'), 'project_id')
    .addColumn('project_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_icon', 'varchar(255)')
    .addColumn('project_introduce', 'varchar(255)')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('sys_team.team_id'))
    .addColumn('project_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_by_id', 'integer')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('sys_project_team_idx')
    .on('sys_project')
    .columns(['team_id', 'project_state', 'is_archived', 'create_time'])
    .execute();

  await s
    .alterTable('sys_user_project')
    .addColumn('collect', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .createIndex('sys_user_project_user_idx')
    .on('sys_user_project')
    .columns(['user_id', 'project_id'])
    .execute();
  await s.createIndex('sys_user_team_user_idx').on('sys_user_team').columns(['user_id', 'team_id']).execute();
}
