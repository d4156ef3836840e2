import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';

/** Every stored file is named in the database by its public path, `/profile/<area>/…/<name>`. */
const PUBLIC_PATH = /\/profile\/[^\s"'<>()[\]{}|\\^`]+/g;
const PG_PUBLIC_PATH = `(/profile/[^[:space:]"'<>()]+)`;
const TEXT_TYPE = /char|text|clob|json/i;
/** Indexes and bookkeeping that only repeat what other tables hold, or hold no file names. */
const SKIPPED_TABLES = /^(sys_defect_search|sys_defect_field_value|buglet_migration|sys_job_lease)/;
const PAGE = 1000;

export interface OrphanSweep {
  scanned: number;
  referenced: number;
  removed: number;
  bytes: number;
}

/**
 * Removes files of the upload folder that no row names, and only those older than `graceMs`
 * (a file just uploaded is named by its row a moment later). Conservative by design: a file
 * counts as used if its name appears in any text column of any table, whatever the column
 * means, after URL-decoding too; half-written uploads (`.tmp`) go after the same grace.
 */
export async function cleanOrphanUploads(db: Db, config: AppConfig, graceMs: number): Promise<OrphanSweep> {
  const root = config.uploadDir;
  const before = Date.now() - graceMs;
  const files = (await listFiles(root)).filter((f) => f.mtimeMs < before);
  if (files.length === 0) return { scanned: 0, referenced: 0, removed: 0, bytes: 0 };
  const names = await referencedNames(db, config);
  let removed = 0;
  let bytes = 0;
  let referenced = 0;
  for (const file of files) {
    const isTemporary = path.relative(root, file.full).split(path.sep)[0] === '.tmp';
    if (!isTemporary && names.has(path.basename(file.full))) {
      referenced += 1;
      continue;
    }
    await fs.promises.rm(file.full, { force: true });
    removed += 1;
    bytes += file.size;
  }
  return { scanned: files.length, referenced, removed, bytes };
}

async function listFiles(root: string): Promise<Array<{ full: string; mtimeMs: number; size: number }>> {
  const out: Array<{ full: string; mtimeMs: number; size: number }> = [];
  const walk = async (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(full);
        out.push({ full, mtimeMs: stat.mtimeMs, size: stat.size });
      }
    }
  };
  await walk(root);
  return out;
}

/** The last segment of every `/profile/…` path in the database, as written and URL-decoded. */
async function referencedNames(db: Db, config: AppConfig): Promise<Set<string>> {
  const names = new Set<string>();
  const add = (text: string | null) => {
    if (!text) return;
    for (const m of text.matchAll(PUBLIC_PATH)) {
      const name = m[0].split('/').pop() ?? '';
      names.add(name);
      try {
        names.add(decodeURIComponent(name));
      } catch {
        // Not percent-encoded after all: the name as written is enough.
      }
    }
  };
  for (const table of await textColumns(db, config)) {
    if (config.database.kind === 'postgres') await scanPostgres(db, table, add);
    else await scanSqlite(db, table, add);
  }
  return names;
}

interface TextTable {
  name: string;
  columns: string[];
}

async function textColumns(db: Db, config: AppConfig): Promise<TextTable[]> {
  let schema: string | undefined;
  if (config.database.kind === 'postgres') {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    schema = rows[0]?.s;
  }
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => (schema ? t.schema === schema : true) && !t.isView && !SKIPPED_TABLES.test(t.name))
    .map((t) => ({
      name: t.name,
      columns: t.columns.filter((c) => TEXT_TYPE.test(c.dataType)).map((c) => c.name),
    }))
    .filter((t) => t.columns.length > 0);
}

/** PostgreSQL pulls the paths out itself: one small answer per column, whatever the table's size. */
async function scanPostgres(db: Db, table: TextTable, add: (text: string | null) => void) {
  for (const column of table.columns) {
    const { rows } = await sql<{ p: string }>`select distinct m[1] as p
      from ${sql.table(table.name)}, regexp_matches(${sql.ref(column)}::text, ${PG_PUBLIC_PATH}, 'g') as m
      where ${sql.ref(column)}::text like '%/profile/%'`.execute(db);
    for (const row of rows) add(row.p);
  }
}

/** SQLite: the rows that name an upload, a page at a time by rowid (stable, so none is missed). */
async function scanSqlite(db: Db, table: TextTable, add: (text: string | null) => void) {
  // Positional aliases: the result's keys are not renamed on the way back (camelCase plugin).
  const cols = table.columns.map((c, i) => sql`${sql.ref(c)} as ${sql.raw(`c${i}`)}`);
  const anyNamesUpload = sql.join(
    table.columns.map((c) => sql`${sql.ref(c)} like '%/profile/%'`),
    sql` or `,
  );
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const { rows } = await sql<Record<string, string | number | null>>`select rowid as r, ${sql.join(cols)}
      from ${sql.table(table.name)} where rowid > ${after} and (${anyNamesUpload})
      order by rowid limit ${PAGE}`.execute(db);
    for (const row of rows)
      for (let i = 0; i < table.columns.length; i += 1) {
        const value = row[`c${i}`];
        add(typeof value === 'string' ? value : null);
      }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = Number(last.r);
  }
}
