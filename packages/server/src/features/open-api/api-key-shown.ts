import type { Db } from '../../db/connect.ts';
import { kvDelete, kvPut } from '../../db/kv.ts';
import { API_KEY_SHOWN_PREFIX, kvPlace } from '../../db/sealed-places.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/**
 * How long after its creation a key is listed whole, unless it is used before. The original's
 * web client copies a new key from its list (the list's id column is the key there), and never
 * reads the create answer; so the list shows it until the key's first call, or for this long, and
 * then only its public id. The key is kept sealed meanwhile (keys are stored as hashes only).
 */
export const API_KEY_SHOWN_MS = 24 * 3600 * 1000;

const kvKey = (apiId: string) => `${API_KEY_SHOWN_PREFIX}${apiId}`;

export async function keepKeyShown(db: Db, secrets: SecretBox, apiId: string, key: string): Promise<void> {
  await kvPut(db, kvKey(apiId), secrets.seal(key, kvPlace(kvKey(apiId))), API_KEY_SHOWN_MS);
}

/** The keys still listed whole among these ids, with when each stops being shown. */
export async function shownKeys(
  db: Db,
  secrets: SecretBox,
  apiIds: readonly string[],
  now = Date.now(),
): Promise<Map<string, { key: string; until: number }>> {
  const shown = new Map<string, { key: string; until: number }>();
  if (apiIds.length === 0) return shown;
  const rows = await db
    .selectFrom('sysKv')
    .select(['k', 'v', 'expireAt'])
    .where('k', 'in', apiIds.map(kvKey))
    .where('expireAt', '>', now)
    .execute();
  for (const row of rows) {
    // Sealed for its row: a value copied under another key's id does not open there.
    if (!secrets.opens(row.v, kvPlace(row.k))) continue;
    const key = secrets.open(row.v, kvPlace(row.k));
    shown.set(row.k.slice(API_KEY_SHOWN_PREFIX.length), { key, until: Number(row.expireAt) });
  }
  return shown;
}

/** At the key's first call (or its deletion), the list stops showing it whole. */
export async function stopShowingKey(db: Db, apiId: string): Promise<void> {
  await kvDelete(db, kvKey(apiId));
}
