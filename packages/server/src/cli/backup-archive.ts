import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { AppConfig } from '../config.ts';
import { copySqliteOnline } from '../db/sqlite-copy.ts';
import { existingSecretKey, isKeyOf, SECRET_KEY_CHECK, SECRET_KEY_FILE, SecretBox } from '../lib/secrets.ts';
import {
  APP_VERSION,
  ARCHIVE_FORMAT,
  CliError,
  DATABASE_NAME,
  FORMAT_VERSION,
  latestMigration,
  listFiles,
  MANIFEST_NAME,
  type Manifest,
  sha256File,
  UPLOADS_NAME,
} from './data-archive.ts';

export const README_SECTION = 'the "Backup and restore" section of README.md';

export interface BackupResult {
  manifest: Manifest;
  archiveBytes: number;
}

/**
 * Writes one archive of the SQLite database and the uploads folder while the server may be
 * running. The database is copied first, as of one moment (SQLite's online backup); the uploads
 * after it, so every file the copy names is there: a file is stored (written aside, then renamed
 * into place) before the row that names it is written. Uploads newer than the copy may come
 * along too; nothing names them.
 */
export async function createBackup(
  config: AppConfig,
  outFile: string,
  now = new Date(),
): Promise<BackupResult> {
  const database = config.database;
  if (database.kind === 'postgres') {
    throw new CliError(
      'The database is PostgreSQL (DATABASE_URL is set); `npm run backup` archives the embedded SQLite database only.\n' +
        `Back PostgreSQL up with pg_dump -Fc and copy the uploads folder (${config.uploadDir}) beside it, as ${README_SECTION} shows.`,
    );
  }
  if (database.file === ':memory:')
    throw new CliError('The database is in memory (sqlite::memory:): there is nothing to back up.');
  if (!fs.existsSync(database.file)) {
    throw new CliError(
      `There is no database at ${database.file}. Check DATA_DIR and DATABASE_URL: the backup reads them as the server does.`,
    );
  }
  if (fs.existsSync(outFile)) throw new CliError(`${outFile} already exists: name a new file with --out.`);
  await fs.promises.mkdir(path.dirname(outFile), { recursive: true });
  await fs.promises.mkdir(config.dataDir, { recursive: true });
  // Beside the uploads, so they can be hard-linked rather than copied.
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, '.backup-'));
  const partial = path.join(
    path.dirname(outFile),
    `.${path.basename(outFile)}.${path.basename(staging)}.partial`,
  );
  try {
    const databaseCopy = path.join(staging, DATABASE_NAME);
    await copySqliteOnline(database.file, databaseCopy);
    const migration = latestMigration(databaseCopy);
    if (!migration)
      throw new CliError(`${database.file} is not a Buglet database (it has no schema migrations).`);
    assertKeyOpens(config, databaseCopy);
    const uploads = await snapshotUploads(config.uploadDir, path.join(staging, UPLOADS_NAME));
    const secretKey = await copySecretKey(config, staging);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: now.toISOString(),
      database: {
        kind: 'sqlite',
        file: DATABASE_NAME,
        bytes: (await fs.promises.stat(databaseCopy)).size,
        sha256: await sha256File(databaseCopy),
        migration,
      },
      uploads,
      ...(secretKey ? { secretKey } : {}),
    };
    await fs.promises.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    // The manifest first: restore reads it before it unpacks anything.
    const entries = [
      MANIFEST_NAME,
      DATABASE_NAME,
      ...(secretKey ? [SECRET_KEY_FILE] : []),
      ...(uploads.files > 0 ? [UPLOADS_NAME] : []),
    ];
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true, strict: true }, entries);
    // The database and the key that opens its credentials: for the server's user only.
    await fs.promises.chmod(partial, 0o600);
    await fs.promises.rename(partial, outFile);
    return { manifest, archiveBytes: (await fs.promises.stat(outFile)).size };
  } finally {
    await fs.promises.rm(partial, { force: true });
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The key this backup carries (or SECRET_KEY names) must open the copied database's sealed
 * credentials: a backup run with other settings than the server's is refused, not written.
 */
function assertKeyOpens(config: AppConfig, databaseCopy: string): void {
  const db = new SQLite(databaseCopy, { readonly: true, fileMustExist: true });
  let check: string | undefined;
  try {
    const row = db.prepare('select v from sys_kv where k = ?').get(SECRET_KEY_CHECK) as
      | { v: string }
      | undefined;
    check = row?.v;
  } finally {
    db.close();
  }
  if (check === undefined) return; // never started by a version that seals credentials
  const key = existingSecretKey(config);
  const where = config.secretKey ? 'SECRET_KEY' : path.join(config.dataDir, SECRET_KEY_FILE);
  if (!key)
    throw new CliError(
      `${where} is missing, and the database's stored credentials are sealed with a key: run the backup with the server's settings (DATA_DIR, and SECRET_KEY if the server has it).`,
    );
  if (!isKeyOf(new SecretBox(key), check))
    throw new CliError(
      `${where} is not the key the database's stored credentials are sealed with: run the backup with the server's settings (DATA_DIR, and SECRET_KEY if the server has it).`,
    );
}

/**
 * The data folder's secret.key beside the database, without which its sealed credentials (TOTP,
 * chat robots, webhooks, SMTP) cannot be opened; none when SECRET_KEY gives the key.
 */
async function copySecretKey(config: AppConfig, staging: string): Promise<Manifest['secretKey']> {
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  if (config.secretKey || !fs.existsSync(file)) return undefined;
  const copy = path.join(staging, SECRET_KEY_FILE);
  await fs.promises.copyFile(file, copy);
  return {
    file: SECRET_KEY_FILE,
    bytes: (await fs.promises.stat(copy)).size,
    sha256: await sha256File(copy),
  };
}

/**
 * Hard-links every stored upload into `target` (copies where links cannot be made): the set of
 * files as of now, whatever is deleted while the archive is written. Half-received uploads
 * (`.tmp`) are left out.
 */
async function snapshotUploads(uploadDir: string, target: string): Promise<Manifest['uploads']> {
  const found = await listFiles(uploadDir, (relative) => relative === '.tmp');
  let files = 0;
  let bytes = 0;
  for (const { relative } of found) {
    const from = path.join(uploadDir, relative);
    const to = path.join(target, relative);
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.promises.link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted since it was listed
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      await fs.promises.copyFile(from, to);
    }
    files += 1;
    bytes += (await fs.promises.stat(to)).size;
  }
  return { files, bytes };
}
