import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { z } from 'zod';
import { SECRET_KEY_FILE } from '../lib/secrets.ts';

/**
 * The backup archive (`npm run backup`, `npm run restore`): a gzip-compressed tar holding
 * `manifest.json` first, the SQLite database as `buglet.db`, the uploads folder as `uploads/...`,
 * and the key the database's stored credentials are sealed with as `secret.key` (when the key is
 * the data folder's file; a key given as SECRET_KEY stays with whoever set it). Restore takes
 * nothing else out of an archive.
 */
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_NAME = 'buglet.db';
export const UPLOADS_NAME = 'uploads';
export const ARCHIVE_FORMAT = 'buglet-backup';
export const FORMAT_VERSION = 1;
export { APP_VERSION } from '../lib/version.ts';

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.literal('sqlite'),
    file: z.literal(DATABASE_NAME),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The newest schema migration the database has run. */
    migration: z.string().min(1),
  }),
  uploads: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  /** The data folder's secret.key (lib/secrets.ts); absent when SECRET_KEY held the key. */
  secretKey: z
    .object({
      file: z.literal(SECRET_KEY_FILE),
      bytes: z.number().int().positive().max(1024),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal or failure the command line prints as it is (no stack) before exiting with 1. */
export class CliError extends Error {}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The newest migration recorded in an SQLite database file (Kysely's bookkeeping table). */
export function latestMigration(file: string): string | undefined {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'buglet_migration'")
      .get();
    if (!hasTable) return undefined;
    const row = db.prepare('select name from buglet_migration order by name desc limit 1').get() as
      | { name: string }
      | undefined;
    return row?.name;
  } finally {
    db.close();
  }
}

/** Every regular file below `root` (relative paths with '/'), skipping the names `skip` refuses. */
export async function listFiles(root: string, skip: (relative: string) => boolean = () => false) {
  const files: Array<{ relative: string; bytes: number }> = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (skip(relative)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, relative);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(full).catch(() => undefined);
        if (stat) files.push({ relative, bytes: stat.size });
      }
    }
  };
  await walk(root, '');
  return files;
}

/** Moves a file or folder, copying when the two places are on different file systems. */
export async function move(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.promises.cp(from, to, { recursive: true });
    await fs.promises.rm(from, { recursive: true, force: true });
  }
}
