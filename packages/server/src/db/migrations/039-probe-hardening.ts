import { type AnyDb, addSeededConfigs } from './helpers.ts';

/**
 * - sys_user.password_change_required: the account's password was chosen by someone else (an
 *   administrator or team administrator made the account, imported it or reset its password, or
 *   it signed in with the platform's initial password); until its owner sets their own, a
 *   session of it can do nothing else.
 * - sys_defect_shard.wrong_guesses / locked_at: a share link's wrong passwords in total, from
 *   every address; past its budget the link is locked (locked_at, epoch ms) until its owner
 *   shares it again.
 * - the config record sys.ai.platformModels, empty: the models project administrators may pull
 *   onto the platform's AI server (AI_URL); the rest of its model management is the super
 *   administrator's.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('sys_user')
    .addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sys_defect_shard')
    .addColumn('wrong_guesses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sys_defect_shard').addColumn('locked_at', 'bigint').execute();
  await addSeededConfigs(db, ['sys.ai.platformModels']);
}
