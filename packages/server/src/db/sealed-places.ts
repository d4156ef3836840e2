import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEALED_PREFIX, SECRET_KEY_CHECK, type SealedPlace } from '../lib/secrets.ts';
import type { Db } from './connect.ts';

/** The SMTP settings (features/notices), one sys_kv row: sealed whole, as they hold the password. */
export const MAIL_CONFIG_KEY = 'notice.mail-config';
/** A new Open API key kept to be listed whole for a while (features/open-api), one row per key. */
export const API_KEY_SHOWN_PREFIX = 'api-key-shown:';

/** A column that holds sealed credentials, and the columns naming its rows (their values joined by '/'). */
interface SealedColumn {
  table: string;
  column: string;
  keys: readonly string[];
  /** Only these rows hold credentials. */
  rows?: RawBuilder<SqlBool>;
}

const startsWith = (column: string, prefix: string) =>
  // substr, not LIKE: LIKE ignores case on SQLite and takes '_' for any character.
  sql<SqlBool>`substr(${sql.ref(column)}, 1, ${prefix.length}) = ${prefix}`;

const TOTP: SealedColumn = { table: 'sys_user_totp', column: 'secret', keys: ['user_id'] };
const WEBHOOK: SealedColumn = { table: 'sys_project_webhook', column: 'secret', keys: ['webhook_id'] };
// Saved by an upsert on (project, platform): the row's natural key, known before the row exists.
const CHAT: SealedColumn = {
  table: 'im_project_config',
  column: 'config_params',
  keys: ['project_id', 'system_code'],
};
const KV: SealedColumn = {
  table: 'sys_kv',
  column: 'v',
  keys: ['k'],
  rows: sql<SqlBool>`(k in (${SECRET_KEY_CHECK}, ${MAIL_CONFIG_KEY}) or ${startsWith('k', API_KEY_SHOWN_PREFIX)})`,
};

/**
 * Every column where the server stores sealed credentials (lib/secrets.ts). The start-up upgrade,
 * FORGET_SEALED_SECRETS and the key rotation walk this list: a credential stored anywhere else
 * would be missed by them, so a new one is sealed through a place named here.
 */
const SEALED_COLUMNS = [TOTP, WEBHOOK, CHAT, KV] as const;

const placeIn = (c: SealedColumn, keys: readonly (string | number)[]): SealedPlace => ({
  table: c.table,
  column: c.column,
  row: keys.join('/'),
});

export const totpSecretPlace = (userId: number) => placeIn(TOTP, [userId]);
export const webhookSecretPlace = (webhookId: number) => placeIn(WEBHOOK, [webhookId]);
export const chatPlatformPlace = (projectId: number, systemCode: string) =>
  placeIn(CHAT, [projectId, systemCode]);
export const kvPlace = (k: string) => placeIn(KV, [k]);

/** One stored credential: where it is, and what is stored there (sealed, or from before, clear). */
export interface StoredCredential {
  place: SealedPlace;
  value: string;
  column: SealedColumn;
  keys: readonly (string | number)[];
}

/**
 * The stored credentials, every one or only those not yet sealed for their place (`enc2:`): values
 * sealed without their place (`enc1:`) and values in the clear.
 */
export async function listStoredCredentials(
  db: Db,
  which: 'all' | 'unbound' = 'all',
): Promise<StoredCredential[]> {
  const found: StoredCredential[] = [];
  for (const c of SEALED_COLUMNS) {
    const keys = c.keys.map((k, i) => sql`${sql.ref(k)} as ${sql.ref(`k${i}`)}`);
    const { rows } = await sql<Record<string, string | number>>`
      select ${sql.join(keys)}, ${sql.ref(c.column)} as value from ${sql.table(c.table)}
      where ${sql.ref(c.column)} is not null
      ${c.rows ? sql`and ${c.rows}` : sql``}
      ${which === 'unbound' ? sql`and not ${startsWith(c.column, SEALED_PREFIX)}` : sql``}
      order by ${sql.join(c.keys.map((k) => sql.ref(k)))}`.execute(db);
    for (const row of rows) {
      const keyValues = c.keys.map((_, i) => row[`k${i}`] as string | number);
      found.push({ place: placeIn(c, keyValues), value: String(row.value), column: c, keys: keyValues });
    }
  }
  return found;
}

/** Writes `next` over a stored credential if it is still the value read; whether it was. */
export async function replaceStoredCredential(
  db: Db,
  stored: StoredCredential,
  next: string,
): Promise<boolean> {
  const { column: c } = stored;
  const sameRow = c.keys.map((k, i) => sql`${sql.ref(k)} = ${stored.keys[i]}`);
  const result = await sql`
    update ${sql.table(c.table)} set ${sql.ref(c.column)} = ${next}
    where ${sql.join(sameRow, sql` and `)} and ${sql.ref(c.column)} = ${stored.value}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
