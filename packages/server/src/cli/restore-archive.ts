import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { AppConfig } from '../config.ts';
import { MIGRATIONS } from '../db/migrate.ts';
import { SECRET_KEY_FILE } from '../lib/secrets.ts';
import { README_SECTION } from './backup-archive.ts';
import {
  CliError,
  DATABASE_NAME,
  FORMAT_VERSION,
  latestMigration,
  listFiles,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  move,
  sha256File,
  UPLOADS_NAME,
} from './data-archive.ts';

const MANIFEST_MAX_BYTES = 64 * 1024;

export interface RestoreResult {
  manifest: Manifest;
  databaseFile: string;
  uploadDir: string;
}

/**
 * Unpacks an archive of `npm run backup` into the configured data folder: only into an empty
 * one, unless `force` (then the database and uploads there are replaced). Everything is
 * unpacked and checked aside first, so a refused or damaged archive changes nothing.
 */
export async function restoreBackup(
  config: AppConfig,
  archive: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const database = config.database;
  if (database.kind === 'postgres') {
    throw new CliError(
      'The database is PostgreSQL (DATABASE_URL is set); an archive of `npm run backup` holds an SQLite database.\n' +
        `Restore PostgreSQL with pg_restore and copy the uploads folder back, as ${README_SECTION} shows, or unset DATABASE_URL to restore into the embedded database.`,
    );
  }
  if (database.file === ':memory:')
    throw new CliError('The database is in memory (sqlite::memory:): there is nowhere to restore to.');
  const stat = await fs.promises.stat(archive).catch(() => undefined);
  if (!stat) throw new CliError(`There is no file ${archive}.`);
  if (!stat.isFile())
    throw new CliError(`${archive} is not a file: name the archive that \`npm run backup\` wrote.`);
  const occupied = await occupiedBy(config);
  if (occupied.length > 0 && !options.force) {
    throw new CliError(
      `The data folder ${config.dataDir} is not empty: it already holds ${inWords(occupied)}.\n` +
        'Restore into an empty data folder (set DATA_DIR to a new folder), or add --force to replace them (stop the server first).',
    );
  }
  const manifest = await readManifest(archive);
  await fs.promises.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    await unpack(archive, staging, manifest);
    await checkUnpacked(archive, staging, manifest);
    if (options.force) await clear(config, database.file);
    await move(path.join(staging, DATABASE_NAME), database.file);
    if (manifest.secretKey) {
      await fs.promises.rm(path.join(config.dataDir, SECRET_KEY_FILE), { force: true });
      await move(path.join(staging, SECRET_KEY_FILE), path.join(config.dataDir, SECRET_KEY_FILE));
      await fs.promises.chmod(path.join(config.dataDir, SECRET_KEY_FILE), 0o600);
    }
    // The uploads folder is empty here (checked above, or cleared by --force).
    await fs.promises.rm(config.uploadDir, { recursive: true, force: true });
    if (manifest.uploads.files > 0) await move(path.join(staging, UPLOADS_NAME), config.uploadDir);
    else await fs.promises.mkdir(config.uploadDir, { recursive: true });
    return { manifest, databaseFile: database.file, uploadDir: config.uploadDir };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** "a, b and c". */
const inWords = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');

async function occupiedBy(config: AppConfig): Promise<string[]> {
  const file = config.database.kind === 'sqlite' ? config.database.file : '';
  const found: string[] = [];
  if (fs.existsSync(file) || fs.existsSync(`${file}-wal`)) found.push(`a database (${file})`);
  const key = path.join(config.dataDir, SECRET_KEY_FILE);
  if (fs.existsSync(key)) found.push(`a secret key (${key})`);
  const uploads = await listFiles(config.uploadDir, (relative) => relative === '.tmp');
  if (uploads.length > 0) found.push(`uploaded files (${uploads.length} in ${config.uploadDir})`);
  return found;
}

async function clear(config: AppConfig, databaseFile: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    await fs.promises.rm(`${databaseFile}${suffix}`, { force: true });
  }
  await fs.promises.rm(config.uploadDir, { recursive: true, force: true });
  await fs.promises.rm(path.join(config.dataDir, SECRET_KEY_FILE), { force: true });
}

const notBackup = (archive: string, why: string) =>
  new CliError(`${archive} is not a Buglet backup archive, or it is damaged: ${why}.`);

/** What a failure of the tar or gzip reader says about the file, in words. */
function unreadable(archive: string, error: Error & { code?: string; tarCode?: string }) {
  const detail = error.message.replace(/^TAR_\w+: /, '');
  if (/Unrecognized archive format/.test(detail)) return notBackup(archive, 'it is not a .tar.gz archive');
  if (/Truncated|unexpected end/i.test(detail)) return notBackup(archive, `it is cut short (${detail})`);
  if (error.code?.startsWith('Z_') || error.tarCode === 'TAR_ABORT') {
    return notBackup(archive, `its compressed data is damaged (${detail})`);
  }
  return notBackup(archive, detail);
}

/** Reads only the first entry, which must be the manifest, so a wrong file is refused at once. */
async function readManifest(archive: string): Promise<Manifest> {
  const text = await new Promise<string>((resolve, reject) => {
    const input = fs.createReadStream(archive);
    const parser = new tar.Parser({ strict: true });
    let isSettled = false;
    const settle = (error: Error | undefined, value = '') => {
      if (isSettled) return;
      isSettled = true;
      input.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (entry.path !== MANIFEST_NAME || entry.type !== 'File' || entry.size > MANIFEST_MAX_BYTES) {
        settle(notBackup(archive, `it does not start with ${MANIFEST_NAME}`));
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => settle(undefined, Buffer.concat(chunks).toString('utf8')));
    });
    parser.on('error', (error: Error) => settle(unreadable(archive, error)));
    parser.on('end', () => settle(notBackup(archive, `it holds no ${MANIFEST_NAME}`)));
    input.on('error', (error) => settle(error));
    input.pipe(parser);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notBackup(archive, `its ${MANIFEST_NAME} is not JSON`);
  }
  const format = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof format === 'number' && format > FORMAT_VERSION) {
    throw new CliError(
      `${archive} was made by a newer Buglet (archive format ${format}): restore it with that version.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw notBackup(archive, `its ${MANIFEST_NAME} is not a Buglet backup's`);
  const { migration } = parsed.data.database;
  if (!(migration in MIGRATIONS)) {
    throw new CliError(
      `${archive} holds a database at schema migration ${migration}, which this version of Buglet does not know: ` +
        `restore it with Buglet ${parsed.data.appVersion} or newer.`,
    );
  }
  return parsed.data;
}

/** Unpacks the database and the uploads only: plain files and folders, no more bytes than the manifest declares. */
async function unpack(archive: string, staging: string, manifest: Manifest): Promise<void> {
  let budget = manifest.database.bytes + manifest.uploads.bytes + (manifest.secretKey?.bytes ?? 0);
  let refused: string | undefined;
  try {
    await tar.x({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      // The byte budget below bounds what is written, whatever the compression ratio.
      maxDecompressionRatio: Number.POSITIVE_INFINITY,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        const name = entryPath.replace(/^\.\//, '');
        const isUpload = name === UPLOADS_NAME || name.startsWith(`${UPLOADS_NAME}/`);
        if (type === 'Directory') return isUpload;
        const isKey = manifest.secretKey !== undefined && name === SECRET_KEY_FILE;
        if (type !== 'File' || !(isUpload || isKey || name === DATABASE_NAME)) return false;
        budget -= entry.size;
        if (budget < 0) refused ??= `${name} makes it larger than its ${MANIFEST_NAME} says`;
        return budget >= 0;
      },
    });
  } catch (error) {
    throw unreadable(archive, error as Error);
  }
  if (refused) throw notBackup(archive, refused);
}

async function checkUnpacked(archive: string, staging: string, manifest: Manifest): Promise<void> {
  const file = path.join(staging, DATABASE_NAME);
  if (!fs.existsSync(file)) throw notBackup(archive, `it holds no ${DATABASE_NAME}`);
  if ((await sha256File(file)) !== manifest.database.sha256) {
    throw notBackup(archive, `its ${DATABASE_NAME} differs from the one its ${MANIFEST_NAME} describes`);
  }
  if (manifest.secretKey) {
    const key = path.join(staging, SECRET_KEY_FILE);
    if (!fs.existsSync(key) || (await sha256File(key)) !== manifest.secretKey.sha256)
      throw notBackup(
        archive,
        `its ${SECRET_KEY_FILE} is missing or differs from the one its ${MANIFEST_NAME} describes`,
      );
  }
  const uploads = await listFiles(path.join(staging, UPLOADS_NAME));
  const bytes = uploads.reduce((sum, f) => sum + f.bytes, 0);
  if (uploads.length !== manifest.uploads.files || bytes !== manifest.uploads.bytes) {
    throw notBackup(
      archive,
      `it holds ${uploads.length} uploaded files (${bytes} bytes), its ${MANIFEST_NAME} says ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`,
    );
  }
  const db = new SQLite(file, { readonly: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw notBackup(archive, `its database fails SQLite's check (${String(check)})`);
  } finally {
    db.close();
  }
  if (latestMigration(file) !== manifest.database.migration) {
    throw notBackup(archive, `its database is not at the schema migration its ${MANIFEST_NAME} names`);
  }
}
