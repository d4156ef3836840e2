import fs from 'node:fs';
import type { DatabaseInfo } from '@buglet/contracts';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { slowQueries } from '../../db/slow-queries.ts';
import { MASK } from '../oper-log/oper-log-text.ts';

/** Tables estimated above this many rows are not counted exactly (PostgreSQL keeps the estimate). */
const EXACT_COUNT_MAX = 100_000;

type Table = DatabaseInfo['tables'][number];

/** A connection address with its password masked. */
export function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    return parsed.toString();
  } catch {
    return MASK;
  }
}

const quoted = (name: string) => sql.id(name);

async function exactCount(db: Db, tableName: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${quoted(tableName)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function sqliteInfo(db: Db, file: string) {
  const pragma = async (name: string) => {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(
      db,
    );
    return Object.values(rows[0] ?? {})[0];
  };
  const { rows: version } = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
  const { rows: masters } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  // Full-text tables and their shadow tables are the index of another table, not data of their own.
  const virtual = masters.filter((m) => /^create virtual table/i.test(m.sql ?? '')).map((m) => m.name);
  const names = masters
    .map((m) => m.name)
    .filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const tables: Table[] = [];
  for (const tableName of names)
    tables.push({ tableName, rows: await exactCount(db, tableName), isEstimate: false });
  const pageSize = Number(await pragma('page_size'));
  const pageCount = Number(await pragma('page_count'));
  const isFile = file !== ':memory:';
  const walBytes = isFile
    ? await fs.promises.stat(`${file}-wal`).then(
        (s) => s.size,
        () => 0,
      )
    : null;
  return {
    engine: 'sqlite' as const,
    version: version[0]?.v ?? '',
    location: file,
    sizeBytes: pageSize * pageCount,
    walBytes,
    journalMode: String(await pragma('journal_mode')),
    connections: null,
    tables,
  };
}

async function postgresInfo(db: Db, url: string) {
  const { rows: meta } = await sql<{ v: string; size: number; connections: number }>`
    select current_setting('server_version') as v,
           pg_database_size(current_database()) as size,
           (select count(*) from pg_stat_activity where datname = current_database()) as connections`.execute(
    db,
  );
  const { rows: stats } = await sql<{ tableName: string; estimate: number }>`
    select relname as table_name, greatest(n_live_tup, 0) as estimate
    from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  const tables: Table[] = [];
  for (const s of stats) {
    const isEstimate = Number(s.estimate) > EXACT_COUNT_MAX;
    tables.push({
      tableName: s.tableName,
      rows: isEstimate ? Number(s.estimate) : await exactCount(db, s.tableName),
      isEstimate,
    });
  }
  return {
    engine: 'postgres' as const,
    version: meta[0]?.v ?? '',
    location: maskedUrl(url),
    sizeBytes: Number(meta[0]?.size ?? 0),
    walBytes: null,
    journalMode: null,
    connections: Number(meta[0]?.connections ?? 0),
    tables,
  };
}

/** GET /monitor/database: what the original's Druid console was used for, for this stack. */
export async function databaseInfo(db: Db, database: AppConfig['database']): Promise<DatabaseInfo> {
  const base =
    database.kind === 'sqlite' ? await sqliteInfo(db, database.file) : await postgresInfo(db, database.url);
  return { ...base, ...slowQueries() };
}
