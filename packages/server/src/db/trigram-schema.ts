import { type Kysely, sql } from 'kysely';

/** The schema pg_trgm is installed in (PostgreSQL), or undefined when it is not installed. */
// biome-ignore lint/suspicious/noExplicitAny: called by migrations (untyped) and the app alike
export async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}
