import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/*
 * PostgreSQL test databases, each a copy of one migrated template. Migrating an empty database
 * takes about a second of DDL on PostgreSQL, and the suite builds about a hundred apps; copying a
 * template (CREATE DATABASE … TEMPLATE) takes a fraction of that. The template is named after a
 * hash of the migrations, the seeds and the contracts, so a change to any makes a new one; an
 * advisory lock keeps two workers from building it at once.
 */

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What a migrated database is made from: the migrations, the seeds they import, the contracts. */
const SOURCES = [path.join(SERVER, 'src/db'), path.join(SERVER, '../contracts/src')];
const LOCK_KEY = 720_411_016;

function sourcesHash(): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        hash.update(path.relative(SERVER, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  for (const dir of SOURCES) visit(dir);
  return hash.digest('hex').slice(0, 12);
}

/** `url` pointing at another database on the same server. */
function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let template: Promise<string> | undefined;

/** The migrated template's name, built once per migrations' state on this server. */
function templateDatabase(serverUrl: string): Promise<string> {
  template ??= withClient(serverUrl, async (client) => {
    const name = `buglet_tpl_${sourcesHash()}`;
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      // Built under another name and renamed when complete, so a run killed midway leaves no
      // half-migrated template behind to be copied.
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const db = await connectDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await client.query(`alter database ${building} rename to ${name}`);
      // The templates of earlier states are no longer wanted (one still being copied stays).
      const stale = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like 'buglet\\_tpl\\_%' and datname <> $1`,
        [name],
      );
      for (const { datname } of stale.rows)
        await client.query(`drop database if exists ${datname} with (force)`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
  return template;
}

/**
 * Drops a test database once its app's connections have gone: a pool's clients finish ending a
 * moment after the pool resolves, and forcing them out would raise their error in the test run.
 * Forced only if some are still there after a few seconds.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await client.query('select 1 from pg_stat_activity where datname = $1', [name]);
    if (!open.rowCount) break;
    await new Promise((r) => setTimeout(r, 30));
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

/** A fresh, migrated database of its own on the server of `serverUrl`; `drop` removes it. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = await templateDatabase(serverUrl);
  const name = `buglet_t_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name} template ${source}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => withClient(serverUrl, (client) => dropDatabase(client, name)),
  };
}
