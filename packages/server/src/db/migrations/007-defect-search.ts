import { sql } from 'kysely';
import { trigramSchema } from '../trigram-schema.ts';
import { type AnyDb, isPostgres } from './helpers.ts';

/**
 * Keyword search over title, description and comments, for Chinese as well as English:
 * substring (trigram) indexes, which need no word segmentation. SQLite: an FTS5 table with the
 * trigram tokenizer, kept up to date by the defect service. PostgreSQL: pg_trgm GIN indexes
 * when the extension is there or can be created (otherwise the search still works, unindexed).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) {
    await sql`create virtual table sys_defect_search using fts5(title, body, tokenize = 'trigram')`.execute(
      db,
    );
    return;
  }
  let schema = await trigramSchema(db);
  if (!schema) {
    // In public, so that every schema of the database (tests use one each) shares it. Migrations
    // run in a transaction: a savepoint keeps a refusal (no right to create extensions) harmless.
    await sql`savepoint pg_trgm_try`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint pg_trgm_try`.execute(db);
    } catch {
      await sql`rollback to savepoint pg_trgm_try`.execute(db);
    }
    schema = await trigramSchema(db);
  }
  if (!schema) return;
  const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
  await sql`create index sys_defect_name_trgm on sys_defect using gin (defect_name ${ops})`.execute(db);
  await sql`create index sys_defect_describe_trgm on sys_defect using gin (defect_describe ${ops})`.execute(
    db,
  );
  await sql`create index sys_comment_content_trgm on sys_comment using gin (comment_content ${ops})`.execute(
    db,
  );
}
