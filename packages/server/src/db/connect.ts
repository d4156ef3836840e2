import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config.ts';
import { namedStatementClient, StatementNames } from './pg-statements.ts';
import type { Database } from './schema.ts';
import { recordQuery } from './slow-queries.ts';
import { SAFETY_NET_PAGES, startCheckpointer } from './sqlite-checkpoints.ts';
import { trigramMatch } from './trigram-match.ts';

export type Db = Kysely<Database>;
export type DbKind = AppConfig['database']['kind'];

/** Opens the database; the PostgreSQL driver is loaded only when it is used. */
export async function connectDatabase(database: AppConfig['database']): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // int8 (counts, bigint columns) as numbers: ids and epoch milliseconds stay below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    // Repeated query texts run as named statements, planned once per connection (pg-statements.ts).
    const Client = namedStatementClient(pg.Client, new StatementNames());
    const pool = new pg.Pool({ connectionString: database.url, max: 10, Client });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log: recordQuery });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The keyword walk's per-row test of the search index's text (trigram-match.ts).
  sqlite.function('buglet_trigram_match', { deterministic: true }, (phrase, title, body) =>
    trigramMatch(String(phrase), title as string | null, body as string | null),
  );
  // Checkpoints off the request path (sqlite-checkpoints.ts); SQLite's own only as a safety net.
  const checkpointer = database.file === ':memory:' ? undefined : startCheckpointer(database.file);
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, checkpointer) }),
    plugins,
    // Slow queries are kept for the database page (features/monitor).
    log: recordQuery,
  });
}

/**
 * Kysely prepares every query anew; preparing costs more than running a simple query on
 * SQLite. The same SQL text reuses its prepared statement (least recently used drop out).
 */
function withStatementCache(sqlite: SQLite.Database, checkpointer?: { stop(): Promise<void> }, max = 1000) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      void checkpointer?.stop();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
