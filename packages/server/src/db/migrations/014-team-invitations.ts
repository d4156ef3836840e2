import { type AnyDb, withId } from './helpers.ts';

/**
 * An invitation to a team: the invited person accepts or declines it before they become a
 * member (the original added anyone at once). One row per team and person; inviting again
 * makes it pending again.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sys_team_invitation'), 'invitation_id')
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role_ids', 'varchar(255)', (c) => c.notNull())
    .addColumn('invited_by_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('answer_time', 'varchar(19)')
    .addUniqueConstraint('sys_team_invitation_uq', ['team_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('sys_team_invitation_user_idx')
    .on('sys_team_invitation')
    .columns(['user_id'])
    .execute();
}
