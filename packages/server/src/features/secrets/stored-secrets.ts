import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { KV_FOREVER_MS, kvGet, kvPut } from '../../db/kv.ts';
import {
  chatPlatformPlace,
  listStoredCredentials,
  replaceStoredCredential,
  totpSecretPlace,
  webhookSecretPlace,
} from '../../db/sealed-places.ts';
import {
  isKeyOf,
  isSealed,
  KEY_CHECK_PLACE,
  loadSecretKey,
  placeName,
  ROTATED_KEY_FILE,
  readKeyFile,
  SEALED_PREFIX,
  SECRET_KEY_CHECK,
  type SealedPlace,
  SecretBox,
  UNBOUND_PREFIX,
} from '../../lib/secrets.ts';

export const KEY_CHECK_TEXT = 'buglet';

export class SecretKeyMismatch extends Error {}

type Log = { warn(o: object, message: string): void };

/**
 * The server's SecretBox, once the key is known to be the one the database's credentials are
 * sealed with; then whatever is still in an older form (in the clear, or sealed without its place)
 * is sealed for its place. The first start writes a sealed known value; any later start under
 * another key (a database from elsewhere, restored without its key file, an instance with a data
 * folder or SECRET_KEY of its own) stops with what to do, unless FORGET_SEALED_SECRETS is set:
 * then the credentials this key cannot open are erased (two-factor sign-in off for those who had
 * it, chat platforms, webhook secrets and the SMTP settings to be entered again) and the database
 * takes this key.
 */
export async function openStoredSecrets(config: AppConfig, db: Db, log?: Log): Promise<SecretBox> {
  const { key, source } = loadSecretKey(config);
  const box = new SecretBox(key);
  if (source === 'file' && config.database.kind === 'postgres')
    log?.warn(
      { keyFile: `${config.dataDir}/secret.key` },
      'SECRET_KEY is not set: every instance sharing this PostgreSQL database needs this key file',
    );
  // Written only if absent (two first starts at once: one value wins), then read back.
  await db
    .insertInto('sysKv')
    .values({
      k: SECRET_KEY_CHECK,
      v: box.seal(KEY_CHECK_TEXT, KEY_CHECK_PLACE),
      expireAt: Date.now() + KV_FOREVER_MS,
    })
    .onConflict((oc) => oc.column('k').doNothing())
    .execute();
  const check = (await kvGet(db, SECRET_KEY_CHECK)) ?? '';
  if (!isKeyOf(box, check)) {
    if (!config.forgetSealedSecrets) throw await mismatch(config, db, source, check);
    const erased = await forgetUnopenable(db, box);
    await kvPut(db, SECRET_KEY_CHECK, box.seal(KEY_CHECK_TEXT, KEY_CHECK_PLACE), KV_FOREVER_MS);
    log?.warn(
      { erased },
      'FORGET_SEALED_SECRETS: credentials sealed with a lost key were erased; unset it now',
    );
  }
  const { unopened } = await bindStoredCredentials(db, box);
  if (unopened.length > 0)
    log?.warn(
      { places: unopened.map(placeName) },
      'stored credentials sealed without their place do not open under this key: left as they are, they are refused where used; set them again',
    );
  return box;
}

async function mismatch(
  config: AppConfig,
  db: Db,
  source: 'environment' | 'file',
  check: string,
): Promise<SecretKeyMismatch> {
  const rotated = path.join(config.dataDir, ROTATED_KEY_FILE);
  if (source === 'file' && fs.existsSync(rotated) && isKeyOf(new SecretBox(readKeyFile(rotated)), check))
    return new SecretKeyMismatch(
      `A key rotation stopped after it had sealed the database's stored credentials with the new key, ${rotated}, before putting it in place of ${config.dataDir}/secret.key: run npm run rotate-secret-key again to finish it.`,
    );
  const sealed = await countSealed(db);
  return new SecretKeyMismatch(
    `${source === 'environment' ? 'SECRET_KEY' : `${config.dataDir}/secret.key`} is not the key this database’s stored credentials (${sealed} now) are sealed with: ${
      source === 'environment'
        ? 'set the one the other instances (or the previous start) used'
        : 'restore the secret.key that came with the database (npm run restore puts back the one of its backup), or set SECRET_KEY to the key in use (every instance sharing a PostgreSQL database needs the same)'
    }. If that key is lost, start once with FORGET_SEALED_SECRETS=true: the sealed credentials are erased (two-factor sign-in, chat platforms, webhook secrets and the SMTP settings are set up again).`,
  );
}

/**
 * The text of a stored credential in any of its forms: sealed for its place, sealed without it
 * (`enc1:`, before values were bound), or in the clear (before sealing began). Only the start-up
 * upgrade and the key rotation read the older forms; the features open with `SecretBox.open`.
 */
export function openInAnyForm(box: SecretBox, stored: string, place: SealedPlace): string {
  if (stored.startsWith(SEALED_PREFIX)) return box.open(stored, place);
  if (stored.startsWith(UNBOUND_PREFIX)) return box.openUnbound(stored);
  return stored;
}

export function opensInAnyForm(box: SecretBox, stored: string, place: SealedPlace): boolean {
  try {
    openInAnyForm(box, stored, place);
    return true;
  } catch {
    return false;
  }
}

/** How many credentials are stored sealed (under whatever key), the key check aside. */
async function countSealed(db: Db): Promise<number> {
  const stored = await listStoredCredentials(db);
  return stored.filter((c) => isSealed(c.value) && c.place.row !== SECRET_KEY_CHECK).length;
}

/**
 * Erases what this key cannot open: a TOTP enrolment (with its recovery codes) and a chat
 * platform's settings go; a webhook keeps its address without its secret; the SMTP settings and
 * the Open API keys kept to be shown go.
 */
async function forgetUnopenable(db: Db, box: SecretBox): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let erased = 0;
    const lost = (value: string | null, place: SealedPlace) =>
      value !== null && isSealed(value) && !opensInAnyForm(box, value, place);
    for (const row of await trx.selectFrom('sysUserTotp').select(['userId', 'secret']).execute()) {
      if (!lost(row.secret, totpSecretPlace(row.userId))) continue;
      await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', row.userId).execute();
      await trx.deleteFrom('sysUserTotp').where('userId', '=', row.userId).execute();
      erased++;
    }
    for (const row of await trx.selectFrom('sysProjectWebhook').select(['webhookId', 'secret']).execute()) {
      if (!lost(row.secret, webhookSecretPlace(row.webhookId))) continue;
      await trx
        .updateTable('sysProjectWebhook')
        .set({ secret: null })
        .where('webhookId', '=', row.webhookId)
        .execute();
      erased++;
    }
    for (const row of await trx
      .selectFrom('imProjectConfig')
      .select(['configId', 'projectId', 'systemCode', 'configParams'])
      .execute()) {
      if (!lost(row.configParams, chatPlatformPlace(row.projectId, row.systemCode))) continue;
      await trx.deleteFrom('imProjectConfig').where('configId', '=', row.configId).execute();
      erased++;
    }
    for (const { place, value } of await listStoredCredentials(trx)) {
      if (place.table !== 'sys_kv' || place.row === SECRET_KEY_CHECK || !lost(value, place)) continue;
      await trx.deleteFrom('sysKv').where('k', '=', String(place.row)).execute();
      erased++;
    }
    return erased;
  });
}

/**
 * Seals for its place every stored credential still in an older form: in the clear (stored before
 * sealing began, or by hand) or sealed without its place (`enc1:`); one transaction, each only if
 * still the value read (another instance may start at the same time). An `enc1:` value this key
 * does not open is left as it is (and refused where it is used): answered by its place.
 */
export async function bindStoredCredentials(
  db: Db,
  box: SecretBox,
): Promise<{ bound: number; unopened: SealedPlace[] }> {
  return db.transaction().execute(async (trx) => {
    let bound = 0;
    const unopened: SealedPlace[] = [];
    for (const stored of await listStoredCredentials(trx, 'unbound')) {
      let text: string;
      try {
        text = openInAnyForm(box, stored.value, stored.place);
      } catch {
        unopened.push(stored.place);
        continue;
      }
      if (await replaceStoredCredential(trx, stored, box.seal(text, stored.place))) bound++;
    }
    return { bound, unopened };
  });
}
