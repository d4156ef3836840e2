import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { DbColumn, DbTable } from './gen-columns.ts';

/**
 * The product's own tables as the database describes them: sqlite_master and pragma table_info
 * on SQLite, information_schema (and the comments in pg_description) on PostgreSQL.
 */

/**
 * Tables that are not the product's data: the generator's own, the migration bookkeeping, the
 * key-value and session stores (secrets and counters), the full-text index and its shadow tables.
 */
const INTERNAL = new Set([
  'sys_kv',
  'sys_session',
  // Two-factor secrets, recovery code digests and sign-in tickets (features/totp).
  'sys_user_totp',
  'sys_user_recovery_code',
  'sys_login_ticket',
  // Version counters of rights and sessions (migration 035, access/auth-cache.ts).
  'sys_auth_version',
  'buglet_migration',
  'buglet_migration_lock',
]);
const isInternal = (name: string) =>
  INTERNAL.has(name) || name.startsWith('gen_') || name.startsWith('sqlite_');

/** Every table of the database the generator may import, by name. */
export async function listDbTables(db: Db): Promise<DbTable[]> {
  const tables = isPostgres(db) ? await postgresTables(db) : await sqliteTables(db);
  return tables
    .filter((t) => !isInternal(t.tableName))
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
}

export async function findDbTable(db: Db, tableName: string): Promise<DbTable | undefined> {
  return (await listDbTables(db)).find((t) => t.tableName === tableName);
}

/** The columns of a table that `listDbTables` offers (the name is checked against it first). */
export async function readDbColumns(db: Db, tableName: string): Promise<DbColumn[]> {
  if (!(await findDbTable(db, tableName))) return [];
  return isPostgres(db) ? postgresColumns(db, tableName) : sqliteColumns(db, tableName);
}

async function sqliteTables(db: Db): Promise<DbTable[]> {
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' order by name`.execute(db);
  // A virtual table (FTS5) keeps its index in shadow tables named after it.
  const virtual = rows.filter((r) => /^\s*create\s+virtual\s+table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .filter((r) => !virtual.some((v) => r.name === v || r.name.startsWith(`${v}_`)))
    .map((r) => ({ tableName: r.name, tableComment: null }));
}

interface PragmaColumn {
  cid: number;
  name: string;
  type: string;
  notnull: number;
  dfltValue: string | null;
  pk: number;
}

async function sqliteColumns(db: Db, tableName: string): Promise<DbColumn[]> {
  // The name was found in sqlite_master, and is quoted as an identifier all the same.
  const { rows } = await sql<PragmaColumn>`select * from pragma_table_info(${tableName})`.execute(db);
  const keyCount = rows.filter((r) => r.pk > 0).length;
  return rows.map((r) => {
    const isPk = r.pk > 0;
    return {
      name: r.name,
      // SQLite has no boolean: a column declared so holds the integers 0 and 1.
      type: /^bool/i.test(r.type) ? 'integer' : r.type || 'text',
      comment: null,
      isNullable: r.notnull === 0 && !isPk,
      hasDefault: r.dfltValue !== null,
      defaultText: r.dfltValue,
      isPk,
      // INTEGER PRIMARY KEY is the rowid: SQLite numbers it.
      isIncrement: isPk && keyCount === 1 && r.type.toLowerCase() === 'integer',
      position: r.cid + 1,
    };
  });
}

async function postgresTables(db: Db): Promise<DbTable[]> {
  const { rows } = await sql<{ tableName: string; tableComment: string | null }>`
    select t.table_name as table_name,
           obj_description(c.oid, 'pg_class') as table_comment
      from information_schema.tables t
      join pg_catalog.pg_class c on c.relname = t.table_name
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace and n.nspname = t.table_schema
     where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  return rows;
}

interface PgColumn {
  columnName: string;
  dataType: string;
  characterMaximumLength: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  isNullable: string;
  columnDefault: string | null;
  isIdentity: string;
  ordinalPosition: number;
  columnComment: string | null;
  isPk: boolean;
}

async function postgresColumns(db: Db, tableName: string): Promise<DbColumn[]> {
  const { rows } = await sql<PgColumn>`
    select c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision,
           c.numeric_scale, c.is_nullable, c.column_default, c.is_identity, c.ordinal_position,
           col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position)
             as column_comment,
           exists (
             select 1
               from information_schema.table_constraints tc
               join information_schema.key_column_usage k
                 on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                and k.table_name = tc.table_name
              where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                and tc.table_name = c.table_name and k.column_name = c.column_name
           ) as is_pk
      from information_schema.columns c
     where c.table_schema = current_schema() and c.table_name = ${tableName}
     order by c.ordinal_position`.execute(db);
  return rows.map((r) => ({
    name: r.columnName,
    type: pgType(r),
    comment: r.columnComment,
    isNullable: r.isNullable === 'YES',
    hasDefault: r.columnDefault !== null || r.isIdentity === 'YES',
    defaultText: r.columnDefault,
    isPk: r.isPk,
    isIncrement: r.isIdentity === 'YES' || (r.columnDefault ?? '').startsWith('nextval('),
    position: Number(r.ordinalPosition),
  }));
}

function pgType(r: PgColumn): string {
  if (r.dataType === 'character varying')
    return r.characterMaximumLength ? `varchar(${r.characterMaximumLength})` : 'varchar';
  if (r.dataType === 'character') return `char(${r.characterMaximumLength ?? 1})`;
  if (r.dataType === 'numeric' && r.numericPrecision !== null)
    return `numeric(${r.numericPrecision},${r.numericScale ?? 0})`;
  return r.dataType;
}
