import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import { kvGet } from '../db/kv.ts';
import { isMigrated } from '../db/migrate.ts';
import { listStoredCredentials, replaceStoredCredential } from '../db/sealed-places.ts';
import { openInAnyForm, opensInAnyForm } from '../features/secrets/stored-secrets.ts';
import {
  existingSecretKey,
  isKeyOf,
  loadSecretKey,
  placeName,
  ROTATED_KEY_FILE,
  readKeyFile,
  SECRET_KEY_CHECK,
  SECRET_KEY_FILE,
  SecretBox,
} from '../lib/secrets.ts';
import { CliError } from './data-archive.ts';

/** Where a test interrupts a rotation, as a crash would. */
export interface RotationHooks {
  /** After each credential is sealed again, before the transaction commits. */
  resealed?(count: number): void;
  /** After the commit, before the new key file is put in place. */
  committed?(): void;
}

export type RotationResult =
  | { outcome: 'rotated'; resealed: number; keyFile?: string }
  | { outcome: 'finished'; keyFile: string }
  | { outcome: 'already' };

/**
 * Seals every stored credential again under a new key, in one transaction, while the server is
 * stopped. With the data folder's key file, the new key is written beside it (secret.key.new)
 * before the database is touched and renamed over secret.key after the commit, so the key the
 * database is sealed with is on disk at every moment; a run stopped after the commit is finished
 * by the next run (and the server's start says so). With SECRET_KEY, the new key is NEW_SECRET_KEY,
 * and the operator sets SECRET_KEY to it afterwards.
 */
export async function rotateSecretKey(
  config: AppConfig,
  newSecretKey: string | undefined,
  hooks: RotationHooks = {},
): Promise<RotationResult> {
  if (
    config.database.kind === 'sqlite' &&
    config.database.file !== ':memory:' &&
    !fs.existsSync(config.database.file)
  )
    throw new CliError(
      `There is no database at ${config.database.file}. Check DATA_DIR and DATABASE_URL: the command reads them as the server does.`,
    );
  const db = await connectDatabase(config.database);
  try {
    if (!(await isMigrated(db)))
      throw new CliError(
        'The database is not at the schema of this version: start the server of this version once (it migrates the database), stop it, then rotate the key.',
      );
    const check = await kvGet(db, SECRET_KEY_CHECK);
    if (check === undefined)
      throw new CliError(
        'The database holds no key check yet: start the server once (it seals the stored credentials), stop it, then rotate the key.',
      );
    const rotation = { config, db, check, newSecretKey, hooks };
    return config.secretKey ? await rotateGivenKey(rotation) : await rotateKeyFile(rotation);
  } finally {
    await db.destroy();
  }
}

/** What both ways of rotating work on: the database open, its key check read. */
interface Rotation {
  config: AppConfig;
  db: Db;
  check: string;
  newSecretKey: string | undefined;
  hooks: RotationHooks;
}

async function rotateGivenKey({ config, db, check, newSecretKey, hooks }: Rotation): Promise<RotationResult> {
  if (!newSecretKey || newSecretKey.length < 32)
    throw new CliError(
      'SECRET_KEY gives the key: set NEW_SECRET_KEY to the new one (32 characters or more) for this command.',
    );
  if (newSecretKey === config.secretKey) throw new CliError('NEW_SECRET_KEY is the same as SECRET_KEY.');
  const to = new SecretBox(loadSecretKey({ secretKey: newSecretKey, dataDir: config.dataDir }).key);
  if (isKeyOf(to, check)) return { outcome: 'already' };
  const from = new SecretBox(loadSecretKey(config).key);
  if (!isKeyOf(from, check))
    throw new CliError(
      'SECRET_KEY is not the key the database’s stored credentials are sealed with: set the one the server uses.',
    );
  return { outcome: 'rotated', resealed: await resealAll(db, from, to, hooks) };
}

async function rotateKeyFile({ config, db, check, newSecretKey, hooks }: Rotation): Promise<RotationResult> {
  if (newSecretKey)
    throw new CliError(
      'NEW_SECRET_KEY is for a key given as SECRET_KEY; with the data folder’s secret.key the command makes the new key itself. Unset NEW_SECRET_KEY.',
    );
  const keyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  const rotated = path.join(config.dataDir, ROTATED_KEY_FILE);
  if (fs.existsSync(rotated)) {
    // The database already sealed with it: a run stopped between its commit and the rename.
    if (isKeyOf(new SecretBox(readKeyFile(rotated)), check)) {
      await putInPlace(rotated, keyFile);
      return { outcome: 'finished', keyFile };
    }
    // A run stopped before its commit: the database never used that key.
    await fs.promises.rm(rotated);
  }
  const current = existingSecretKey(config);
  if (!current || !isKeyOf(new SecretBox(current), check))
    throw new CliError(
      `${keyFile} is ${current ? 'not the key' : 'missing, and is the key'} the database’s stored credentials are sealed with: put back the server’s key file (npm run restore puts back the one of a backup).`,
    );
  const key = randomBytes(32);
  await writeKeyFile(rotated, key);
  let resealed: number;
  try {
    resealed = await resealAll(db, new SecretBox(current), new SecretBox(key), hooks);
  } catch (error) {
    await fs.promises.rm(rotated, { force: true });
    throw error;
  }
  hooks.committed?.();
  await putInPlace(rotated, keyFile);
  return { outcome: 'rotated', resealed, keyFile };
}

/**
 * Opens every stored credential (in whatever form it is stored) with `from` and seals it for its
 * place with `to`, in one transaction: all of them or none. One that does not open stops it.
 */
async function resealAll(db: Db, from: SecretBox, to: SecretBox, hooks: RotationHooks): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stored = await listStoredCredentials(trx);
    const unopened = stored.filter((c) => !opensInAnyForm(from, c.value, c.place));
    if (unopened.length > 0)
      throw new CliError(
        `${unopened.length === 1 ? 'A stored credential does' : `${unopened.length} stored credentials do`} not open with the current key (sealed for another row, or changed): ${unopened
          .map((c) => placeName(c.place))
          .join(
            ', ',
          )}. Nothing was changed. Set ${unopened.length === 1 ? 'it' : 'them'} again in Buglet (a two-factor secret: reset by an administrator), then rotate the key.`,
      );
    let resealed = 0;
    for (const c of stored) {
      if (!(await replaceStoredCredential(trx, c, to.seal(openInAnyForm(from, c.value, c.place), c.place))))
        throw new CliError(
          `${placeName(c.place)} changed while the key was rotated: stop the server (every instance) and run the command again. Nothing was changed.`,
        );
      resealed++;
      hooks.resealed?.(resealed);
    }
    return resealed;
  });
}

/** Written aside and renamed into place, readable by the server's user only, flushed to the disk. */
async function writeKeyFile(file: string, key: Buffer): Promise<void> {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const handle = await fs.promises.open(aside, 'wx', 0o600);
  try {
    await handle.writeFile(`${key.toString('base64')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await putInPlace(aside, file);
}

/** An atomic rename, then the folder flushed, so the new name survives a crash. */
async function putInPlace(from: string, to: string): Promise<void> {
  await fs.promises.rename(from, to);
  const folder = await fs.promises.open(path.dirname(to), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
