import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../src/db/connect.ts';
import { isPostgres } from '../src/db/dialect.ts';

/** Tables any request may write, refused or not: sessions, captchas, version counters, logs. */
export const TOUCHED_BY_ANY_CALL: ReadonlySet<string> = new Set([
  'sys_session',
  // Version counters raised with any change of rights or sessions, a sign-out too (migration 035).
  'sys_auth_version',
  'sys_kv',
  'sys_logininfor',
  // Every write, refused or not, is recorded there (features/oper-log).
  'sys_oper_log',
  'sys_notice_outbox',
  'buglet_migration_lock',
]);

type Tables = Awaited<ReturnType<Db['introspection']['getTables']>>;

/** The tables' list, read once per database: no test call creates a table, and the catalogue is slow on PostgreSQL. */
const tableLists = new WeakMap<Db, Promise<Tables>>();

/**
 * Every row of every table but `skip` (narrowed by `where` where it gives a condition), as one
 * comparable string read in a single statement: a test that checks a call changed nothing takes
 * one round trip per check instead of one per table. Rows are ordered, so two fingerprints of
 * unchanged tables are equal.
 */
export async function rowFingerprint(
  db: Db,
  skip: ReadonlySet<string>,
  where: (columns: ReadonlySet<string>) => RawBuilder<unknown> | undefined = () => undefined,
): Promise<string> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = db.introspection.getTables();
    tableLists.set(db, tables);
  }
  const pg = isPostgres(db);
  const parts = (await tables)
    .filter((table) => !skip.has(table.name))
    .map((table) => {
      const cond = where(new Set(table.columns.map((c) => c.name)));
      const rows = cond
        ? sql`select * from ${sql.table(table.name)} where ${cond}`
        : sql`select * from ${sql.table(table.name)}`;
      const name = sql.lit(table.name);
      if (pg)
        return sql`select ${name} as t, coalesce(string_agg(fingerprint_row::text, E'\n' order by fingerprint_row::text), '') as v from (${rows}) fingerprint_row`;
      const row = sql.join(
        table.columns.map((c) => sql`quote(${sql.ref(c.name)})`),
        sql` || ',' || `,
      );
      return sql`select ${name} as t, coalesce(group_concat(r, char(10) order by r), '') as v from (select ${row} as r from (${rows}))`;
    });
  const result = await sql<{ t: string; v: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return result.rows
    .map((r) => `${r.t}:${r.v}`)
    .sort()
    .join('\n');
}
