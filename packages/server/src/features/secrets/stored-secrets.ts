import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { KV_FOREVER_MS, kvGet, kvPut } from '../../db/kv.ts';
import { isSealed, loadSecretKey, SEALED_PREFIX, SECRET_KEY_CHECK, SecretBox } from '../../lib/secrets.ts';
import { MAIL_CONFIG_KEY } from '../notices/outbox.ts';

const KEY_CHECK_TEXT = 'buglet';

export class SecretKeyMismatch extends Error {}

/**
 * The server's SecretBox, once the key is known to be the one the database's credentials are
 * sealed with; then whatever was stored in the clear (before sealing began, or by hand) is sealed.
 * The first start writes a sealed known value; any later start under another key (a database from
 * elsewhere, restored without its key file, an instance with a data folder or SECRET_KEY of its
 * own) stops with what to do, unless FORGET_SEALED_SECRETS is set: then the credentials this key
 * cannot open are erased (two-factor sign-in off for those who had it, chat platforms, webhook
 * secrets and the SMTP settings to be entered again) and the database takes this key.
 */
export async function openStoredSecrets(
  config: AppConfig,
  db: Db,
  log?: { warn(o: object, message: string): void },
): Promise<SecretBox> {
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
    .values({ k: SECRET_KEY_CHECK, v: box.seal(KEY_CHECK_TEXT), expireAt: Date.now() + KV_FOREVER_MS })
    .onConflict((oc) => oc.column('k').doNothing())
    .execute();
  const check = (await kvGet(db, SECRET_KEY_CHECK)) ?? '';
  if (!box.opens(check)) {
    if (!config.forgetSealedSecrets) {
      const sealed = await countSealed(db);
      throw new SecretKeyMismatch(
        `${source === 'environment' ? 'SECRET_KEY' : `${config.dataDir}/secret.key`} is not the key this database’s stored credentials (${sealed} now) are sealed with: ${
          source === 'environment'
            ? 'set the one the other instances (or the previous start) used'
            : 'restore the secret.key that came with the database (npm run restore puts back the one of its backup), or set SECRET_KEY to the key in use (every instance sharing a PostgreSQL database needs the same)'
        }. If that key is lost, start once with FORGET_SEALED_SECRETS=true: the sealed credentials are erased (two-factor sign-in, chat platforms, webhook secrets and the SMTP settings are set up again).`,
      );
    }
    const erased = await forgetUnopenable(db, box);
    await kvPut(db, SECRET_KEY_CHECK, box.seal(KEY_CHECK_TEXT), KV_FOREVER_MS);
    log?.warn(
      { erased },
      'FORGET_SEALED_SECRETS: credentials sealed with a lost key were erased; unset it now',
    );
  }
  await sealLeftovers(db, box);
  return box;
}

/** A stored value sealed (under whatever key): `enc1:` exactly (LIKE would ignore case on SQLite). */
const sealedWhere = (column: string) =>
  sql`substr(${sql.ref(column)}, 1, ${SEALED_PREFIX.length}) = ${SEALED_PREFIX}`;

/** How many credentials are stored sealed (under whatever key). */
async function countSealed(db: Db): Promise<number> {
  let n = 0;
  for (const { table, column } of SEALED_COLUMNS) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from ${sql.table(table)} where ${sealedWhere(column)}`.execute(db);
    n += Number(rows[0]?.n ?? 0);
  }
  const mail = await kvGet(db, MAIL_CONFIG_KEY);
  return n + (mail !== undefined && isSealed(mail) ? 1 : 0);
}

/**
 * Erases what this key cannot open: a TOTP enrolment (with its recovery codes) and a chat
 * platform's settings go; a webhook keeps its address without its secret; the SMTP settings go.
 */
async function forgetUnopenable(db: Db, box: SecretBox): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let erased = 0;
    const lost = (value: string | null) => value !== null && isSealed(value) && !box.opens(value);
    for (const row of await trx.selectFrom('sysUserTotp').select(['userId', 'secret']).execute()) {
      if (!lost(row.secret)) continue;
      await trx.deleteFrom('sysUserRecoveryCode').where('userId', '=', row.userId).execute();
      await trx.deleteFrom('sysUserTotp').where('userId', '=', row.userId).execute();
      erased++;
    }
    for (const row of await trx.selectFrom('sysProjectWebhook').select(['webhookId', 'secret']).execute()) {
      if (!lost(row.secret)) continue;
      await trx
        .updateTable('sysProjectWebhook')
        .set({ secret: null })
        .where('webhookId', '=', row.webhookId)
        .execute();
      erased++;
    }
    for (const row of await trx
      .selectFrom('imProjectConfig')
      .select(['configId', 'configParams'])
      .execute()) {
      if (!lost(row.configParams)) continue;
      await trx.deleteFrom('imProjectConfig').where('configId', '=', row.configId).execute();
      erased++;
    }
    if (lost((await kvGet(trx, MAIL_CONFIG_KEY)) ?? null)) {
      await trx.deleteFrom('sysKv').where('k', '=', MAIL_CONFIG_KEY).execute();
      erased++;
    }
    return erased;
  });
}

/** Where sealed credentials are kept: a table, its key and the column sealed whole. */
const SEALED_COLUMNS = [
  { table: 'sys_user_totp', id: 'user_id', column: 'secret' },
  { table: 'sys_project_webhook', id: 'webhook_id', column: 'secret' },
  { table: 'im_project_config', id: 'config_id', column: 'config_params' },
] as const;

/** Seals every stored credential still in the clear; one transaction, nothing sealed twice. */
export async function sealLeftovers(db: Db, box: SecretBox): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let sealed = 0;
    for (const { table, id, column } of SEALED_COLUMNS) {
      const { rows } = await sql<{ id: number; value: string }>`
        select ${sql.ref(id)} as id, ${sql.ref(column)} as value from ${sql.table(table)}
        where ${sql.ref(column)} is not null and ${sql.ref(column)} not like ${`${SEALED_PREFIX}%`}`.execute(
        trx,
      );
      for (const row of rows) {
        // Only if still the value read (another instance may have written meanwhile).
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${box.seal(row.value)}
          where ${sql.ref(id)} = ${row.id} and ${sql.ref(column)} = ${row.value}`.execute(trx);
        sealed++;
      }
    }
    const mail = await kvGet(trx, MAIL_CONFIG_KEY);
    if (mail !== undefined && !isSealed(mail)) {
      await kvPut(trx, MAIL_CONFIG_KEY, box.seal(mail), KV_FOREVER_MS);
      sealed++;
    }
    return sealed;
  });
}
