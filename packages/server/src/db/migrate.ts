import { type Migration, Migrator } from 'kysely';
import type { Db } from './connect.ts';
import * as m001 from './migrations/001-platform.ts';
import * as m002 from './migrations/002-reference-data.ts';

/** Listed explicitly so the bundled server carries its migrations with it. */
const MIGRATIONS: Record<string, Migration> = {
  '001-platform': m001,
  '002-reference-data': m002,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'buglet_migration',
    migrationLockTableName: 'buglet_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
