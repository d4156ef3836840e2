import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether the database is PostgreSQL (otherwise it is the embedded SQLite). */
// biome-ignore lint/suspicious/noExplicitAny: any schema, migrations' untyped one included
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
