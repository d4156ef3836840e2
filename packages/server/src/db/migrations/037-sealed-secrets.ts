import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Credentials are stored sealed (lib/secrets.ts), longer than their text: the columns that held
 * a TOTP secret (64) and a webhook secret (255) take any length. SQLite does not enforce the
 * declared lengths; the values are sealed when the server starts (features/secrets).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table sys_user_totp alter column secret type text`.execute(db);
  await sql`alter table sys_project_webhook alter column secret type text`.execute(db);
}
