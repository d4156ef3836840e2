import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The sys_kv key of a sealed known text: which key the database's credentials are sealed with. */
export const SECRET_KEY_CHECK = 'secrets.key-check';
/** The file in the data folder that holds the key when SECRET_KEY is not set. */
export const SECRET_KEY_FILE = 'secret.key';
/** What a sealed value starts with; anything else is a value stored before sealing began. */
export const SEALED_PREFIX = 'enc1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Credentials the server must use again (TOTP secrets, chat-robot tokens and secrets, webhook
 * signing secrets, the SMTP password) are stored sealed: AES-256-GCM under a key that is not in
 * the database, so a copy of the database alone (a dump, a stolen file) does not give them away.
 * Sealing twice gives different texts (a random IV); a changed byte fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret key is 32 bytes');
    this.#key = key;
  }

  seal(text: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The text of a sealed value; a value stored before sealing began comes back as it is. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed value too short to hold its IV and tag');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether this key opens `stored` (a sealed value). */
  opens(stored: string): boolean {
    try {
      this.open(stored);
      return true;
    } catch {
      return false;
    }
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

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

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`${file} does not hold a key (32 bytes in base64): restore it from the backup`);
  return key;
}
