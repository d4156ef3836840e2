import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The sys_kv key of a sealed known text: which key the database's credentials are sealed with. */
export const SECRET_KEY_CHECK = 'secrets.key-check';
/** The file in the data folder that holds the key when SECRET_KEY is not set. */
export const SECRET_KEY_FILE = 'secret.key';
/**
 * A new key while `npm run rotate-secret-key` runs: written before the database is sealed with it,
 * renamed over secret.key after, so the key the database needs is on disk at every moment.
 */
export const ROTATED_KEY_FILE = 'secret.key.new';
/** What a sealed value starts with: AES-256-GCM with its place (table, column, row) as associated data. */
export const SEALED_PREFIX = 'enc2:';
/** Sealed before values were bound to their place: opened only to be sealed again (features/secrets). */
export const UNBOUND_PREFIX = 'enc1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Where a sealed value is stored: its table and column as SQL names them, and its row by its key
 * (the key's columns joined by '/'). The value opens only there, so a sealed value copied into
 * another row, column or table does not open. db/sealed-places.ts names every place.
 */
export interface SealedPlace {
  readonly table: string;
  readonly column: string;
  readonly row: string | number;
}

export const placeName = (place: SealedPlace) => `${place.table}/${place.column}/${place.row}`;

/** A stored value this box will not open at the place asked: the operator's words, in English. */
export class SealedValueRefused extends Error {
  constructor(
    readonly place: SealedPlace,
    reason: string,
  ) {
    super(`The credential stored at ${placeName(place)} ${reason}`);
  }
}

/**
 * Credentials the server must use again (TOTP secrets, chat-robot tokens and secrets, webhook
 * signing secrets, the SMTP password) are stored sealed: AES-256-GCM under a key that is not in
 * the database, so a copy of the database alone (a dump, a stolen file) does not give them away,
 * and with their place as associated data, so someone who can write to the database cannot make
 * the server use one where it does not belong (a project's robot token in another project's row).
 * Sealing twice gives different texts (a random IV); a changed byte fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret key is 32 bytes');
    this.#key = key;
  }

  seal(text: string, place: SealedPlace): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(placeName(place), 'utf8'));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /**
   * The text of a value sealed for this place. Anything else is refused: a value sealed for
   * another place or under another key, a changed one, and values in the older forms (unbound or
   * clear), which the server seals for their place when it starts.
   */
  open(stored: string, place: SealedPlace): string {
    if (!stored.startsWith(SEALED_PREFIX))
      throw new SealedValueRefused(
        place,
        stored.startsWith(UNBOUND_PREFIX)
          ? 'is sealed without its place (enc1:), as before values were bound to their rows: the server binds such values when it starts, so restart it.'
          : 'is not sealed: the server seals credentials stored in the clear when it starts, so restart it.',
      );
    try {
      return this.#decrypt(stored.slice(SEALED_PREFIX.length), place);
    } catch {
      throw new SealedValueRefused(
        place,
        'does not open there: it was sealed for another row, column or table, or changed. Set that credential again.',
      );
    }
  }

  /** Whether `stored` is a value sealed for this place under this key. */
  opens(stored: string, place: SealedPlace): boolean {
    try {
      this.open(stored, place);
      return true;
    } catch {
      return false;
    }
  }

  /** The text of a value sealed before values were bound to their place (`enc1:`). */
  openUnbound(stored: string): string {
    if (!stored.startsWith(UNBOUND_PREFIX)) throw new Error('not a value sealed without its place (enc1:)');
    return this.#decrypt(stored.slice(UNBOUND_PREFIX.length));
  }

  #decrypt(text: string, place?: SealedPlace): string {
    const raw = Buffer.from(text, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed value too short to hold its IV and tag');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    if (place) decipher.setAAD(Buffer.from(placeName(place), 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * `read`'s answer, or undefined when a stored credential it opens is refused: where a setting
 * that does not open counts as not set (it is to be entered again); anything else still throws.
 */
export async function unlessRefused<T>(read: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SealedValueRefused) return undefined;
    throw error;
  }
}

/** Whether a stored value is sealed (for its place or, from before, without it), under whatever key. */
export const isSealed = (stored: string): boolean =>
  stored.startsWith(SEALED_PREFIX) || stored.startsWith(UNBOUND_PREFIX);

/** The sys_kv row of the key check. */
export const KEY_CHECK_PLACE: SealedPlace = { table: 'sys_kv', column: 'v', row: SECRET_KEY_CHECK };

/** Whether this box's key is the one the stored key check was sealed with (in either form). */
export function isKeyOf(box: SecretBox, check: string): boolean {
  if (!check.startsWith(UNBOUND_PREFIX)) return box.opens(check, KEY_CHECK_PLACE);
  try {
    box.openUnbound(check);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key: SECRET_KEY when set (any text of 32 characters or more, hashed to 32 bytes: the same
 * on every instance sharing a database), else the data folder's secret.key, made on the first
 * start (32 random bytes, readable by the server's user only) and carried by `npm run backup`.
 */
export function loadSecretKey(config: { secretKey: string | undefined; dataDir: string }): {
  key: Buffer;
  source: 'environment' | 'file';
} {
  if (config.secretKey)
    return { key: createHash('sha256').update(config.secretKey, 'utf8').digest(), source: 'environment' };
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Written aside, then linked into place: a process starting at the same moment reads a whole
    // key or finds none (and keeps the one linked first).
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  return { key: readKeyFile(file), source: 'file' };
}

/** The key as loadSecretKey finds it, without making a key file: undefined when there is none. */
export function existingSecretKey(config: {
  secretKey: string | undefined;
  dataDir: string;
}): Buffer | undefined {
  if (config.secretKey) return loadSecretKey(config).key;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  return fs.existsSync(file) ? readKeyFile(file) : undefined;
}

export function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`${file} does not hold a key (32 bytes in base64): restore it from the backup`);
  return key;
}
