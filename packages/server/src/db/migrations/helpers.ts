import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database untyped: they describe its shape at that point in history.
// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented type for migrations
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key on both SQLite and PostgreSQL. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T>, column: string) {
  return isPostgres(db)
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** After inserting explicit ids on PostgreSQL, move the sequence past them. */
export async function syncSequence(db: AnyDb, table: string, column: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/** Audit columns shared by the RuoYi-era tables. */
export function withAudit<T extends string>(table: CreateTableBuilder<T>) {
  return table
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('remark', 'varchar(500)');
}
