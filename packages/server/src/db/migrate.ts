import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './connect.ts';
import { isPostgres } from './dialect.ts';
import * as m001 from './migrations/001-platform.ts';
import * as m002 from './migrations/002-reference-data.ts';
import * as m003 from './migrations/003-teams-projects.ts';
import * as m004 from './migrations/004-defects.ts';
import * as m005 from './migrations/005-defect-shares.ts';
import * as m006 from './migrations/006-defect-tabs.ts';
import * as m007 from './migrations/007-defect-search.ts';
import * as m008 from './migrations/008-modules-statistic-templates.ts';
import * as m009 from './migrations/009-defect-tally.ts';
import * as m010 from './migrations/010-notices.ts';
import * as m011 from './migrations/011-cases.ts';
import * as m012 from './migrations/012-ai.ts';
import * as m013 from './migrations/013-common-role-grants.ts';
import * as m014 from './migrations/014-team-invitations.ts';
import * as m015 from './migrations/015-seeded-name-keys.ts';
import * as m016 from './migrations/016-outbound-allow-ranges.ts';
import * as m017 from './migrations/017-reports-and-documents.ts';
import * as m018 from './migrations/018-project-api.ts';
import * as m019 from './migrations/019-api-docs-menu.ts';
import * as m020 from './migrations/020-webhooks.ts';
import * as m021 from './migrations/021-home-indexes.ts';
import * as m022 from './migrations/022-screen-sizes.ts';
import * as m023 from './migrations/023-user-preferences.ts';
import * as m025 from './migrations/025-calendar-index.ts';
import * as m026 from './migrations/026-config-remarks.ts';
import * as m027 from './migrations/027-jobs.ts';
import * as m028 from './migrations/028-oper-log.ts';
import * as m029 from './migrations/029-depts-posts.ts';
import * as m030 from './migrations/030-gen.ts';
import * as m031 from './migrations/031-team-admin-menu.ts';
import * as m032 from './migrations/032-totp.ts';
import * as m033 from './migrations/033-password-policy.ts';
import * as m034 from './migrations/034-defect-sort-indexes.ts';
import * as m035 from './migrations/035-auth-version.ts';
import * as m036 from './migrations/036-handler-tally.ts';
import * as m037 from './migrations/037-sealed-secrets.ts';
import * as m038 from './migrations/038-defect-name-folded.ts';
import * as m039 from './migrations/039-probe-hardening.ts';
import * as m040 from './migrations/040-push-keeping.ts';
import * as m041 from './migrations/041-outbound-remark.ts';
import * as m042 from './migrations/042-one-user-list.ts';
import * as m043 from './migrations/043-test-plans.ts';
import * as m044 from './migrations/044-ci-results.ts';
import * as m045 from './migrations/045-retest-index.ts';
import * as m046 from './migrations/046-case-history.ts';
import * as m047 from './migrations/047-defect-sponsor.ts';
import * as m048 from './migrations/048-admin-lock.ts';
import * as m049 from './migrations/049-recycle-bin.ts';
import * as m050 from './migrations/050-defect-fields.ts';
import * as m051 from './migrations/051-dashboard.ts';

/** Listed explicitly so the bundled server carries its migrations with it. */
export const MIGRATIONS: Record<string, Migration> = {
  '001-platform': m001,
  '002-reference-data': m002,
  '003-teams-projects': m003,
  '004-defects': m004,
  '005-defect-shares': m005,
  '006-defect-tabs': m006,
  '007-defect-search': m007,
  '008-modules-statistic-templates': m008,
  '009-defect-tally': m009,
  '010-notices': m010,
  '011-cases': m011,
  '012-ai': m012,
  '013-common-role-grants': m013,
  '014-team-invitations': m014,
  '015-seeded-name-keys': m015,
  '016-outbound-allow-ranges': m016,
  '017-reports-and-documents': m017,
  '018-project-api': m018,
  '019-api-docs-menu': m019,
  '020-webhooks': m020,
  '021-home-indexes': m021,
  '022-screen-sizes': m022,
  '023-user-preferences': m023,
  '025-calendar-index': m025,
  '026-config-remarks': m026,
  '027-jobs': m027,
  '028-oper-log': m028,
  '029-depts-posts': m029,
  '030-gen': m030,
  '031-team-admin-menu': m031,
  '032-totp': m032,
  '033-password-policy': m033,
  '034-defect-sort-indexes': m034,
  '035-auth-version': m035,
  '036-handler-tally': m036,
  '037-sealed-secrets': m037,
  '038-defect-name-folded': m038,
  '039-probe-hardening': m039,
  '040-push-keeping': m040,
  '041-outbound-remark': m041,
  '042-one-user-list': m042,
  '043-test-plans': m043,
  '044-ci-results': m044,
  '045-retest-index': m045,
  '046-case-history': m046,
  '047-defect-sponsor': m047,
  '048-admin-lock': m048,
  '049-recycle-bin': m049,
  '050-defect-fields': m050,
  '051-dashboard': m051,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = await currentSchema(db);
  // The usual start: nothing to run. Kysely's migrator would learn that only after reading the
  // whole catalogue of tables (every column of every table on SQLite).
  if (await isUpToDate(db, schema)) return;
  const migrator = new Migrator({
    db,
    // Pin the bookkeeping tables to the connection's schema, so databases that hold several
    // schemas (tests, shared servers) do not see each other's migration history.
    migrationTableSchema: schema,
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

/** Whether the database has run exactly the migrations this build knows (a command's check before it writes). */
export async function isMigrated(db: Db): Promise<boolean> {
  return isUpToDate(db, await currentSchema(db));
}

/**
 * Whether the database has run exactly the migrations this build knows, no fewer and no other
 * (an unknown one is left for the migrator to refuse). A migration's row is written in the same
 * transaction as its changes, so a complete list means a complete schema.
 */
async function isUpToDate(db: Db, schema: string | undefined): Promise<boolean> {
  const catalogue = schema
    ? sql`select table_name from information_schema.tables where table_schema = ${schema} and table_name = 'buglet_migration'`
    : sql`select name from sqlite_master where type = 'table' and name = 'buglet_migration'`;
  if ((await catalogue.execute(db)).rows.length === 0) return false;
  const table = sql.table(schema ? `${schema}.buglet_migration` : 'buglet_migration');
  const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
  const known = Object.keys(MIGRATIONS);
  return rows.length === known.length && rows.every((r) => r.name in MIGRATIONS);
}

async function currentSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
