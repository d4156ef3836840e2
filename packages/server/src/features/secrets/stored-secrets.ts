import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { isSealed, loadSecretKey, SEALED_PREFIX, SecretBox } from '../../lib/secrets.ts';
import { MAIL_CONFIG_KEY } from '../notices/outbox.ts';
import { kvGet, kvPut } from '../session/session.repository.ts';

/** A sealed known text: which key the database's secrets were sealed with. */
export const SECRET_KEY_CHECK = 'secrets.key-check';
const KEY_CHECK_TEXT = 'buglet';
const FOREVER_MS = 100 * 365 * 24 * 3600 * 1000;

export class SecretKeyMismatch extends Error {}

/**
 * The server's SecretBox, once the key is known to be the one the database's credentials were
 * sealed with; then whatever was stored in the clear (before sealing began, or by hand) is sealed.
 * Another key (a database from elsewhere, restored without its key file, an instance started with
 * another SECRET_KEY) stops the start with what to do, unless nothing is sealed yet (then the
 * database takes this key), or FORGET_SEALED_SECRETS is set: the sealed credentials are erased
 * (two-factor sign-in off for everyone who had it, chat platforms, webhook secrets and the SMTP
 * settings to be entered again) and the database takes this key.
 */
export async function openStoredSecrets(
  config: AppConfig,
  db: Db,
  log?: { warn(o: object, message: string): void },
): Promise<SecretBox> {
  const { key, source } = loadSecretKey(config);
  const box = new SecretBox(key);
  const check = await kvGet(db, SECRET_KEY_CHECK);
  if (check !== undefined && !box.opens(check)) {
    const sealed = await countSealed(db);
    if (sealed > 0 && !config.forgetSealedSecrets)
      throw new SecretKeyMismatch(
        `${source === 'environment' ? 'SECRET_KEY' : `${config.dataDir}/secret.key`} is not the key this database’s ${sealed} stored credentials were sealed with: ${
          source === 'environment'
            ? 'set the one the other instances (or the previous start) used'
            : 'restore the secret.key that came with the database (npm run restore puts back the one of its backup), or set SECRET_KEY to the key in use'
        }. If that key is lost, start once with FORGET_SEALED_SECRETS=true: the sealed credentials are erased (two-factor sign-in, chat platforms, webhook secrets and the SMTP settings are set up again).`,
      );
    if (sealed > 0) {
      await forgetSealed(db);
      log?.warn({ erased: sealed }, 'FORGET_SEALED_SECRETS: credentials sealed with a lost key were erased');
    }
  }
  if (check === undefined || !box.opens(check))
    await kvPut(db, SECRET_KEY_CHECK, box.seal(KEY_CHECK_TEXT), FOREVER_MS);
  await sealLeftovers(db, box);
  return box;
}

const sealedWhere = (column: string) => sql`${sql.ref(column)} like ${`${SEALED_PREFIX}%`}`;

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

/** Erases what a lost key sealed: rows that are nothing without their secret go, others keep the rest. */
async function forgetSealed(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from sys_user_recovery_code where user_id in (
      select user_id from sys_user_totp where ${sealedWhere('secret')})`.execute(trx);
    await sql`delete from sys_user_totp where ${sealedWhere('secret')}`.execute(trx);
    await sql`update sys_project_webhook set secret = null where ${sealedWhere('secret')}`.execute(trx);
    await sql`delete from im_project_config where ${sealedWhere('config_params')}`.execute(trx);
    await sql`delete from sys_kv where k = ${MAIL_CONFIG_KEY} and ${sealedWhere('v')}`.execute(trx);
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
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${box.seal(row.value)}
          where ${sql.ref(id)} = ${row.id}`.execute(trx);
        sealed++;
      }
    }
    const mail = await kvGet(trx, MAIL_CONFIG_KEY);
    if (mail !== undefined && !isSealed(mail)) {
      await kvPut(trx, MAIL_CONFIG_KEY, box.seal(mail), FOREVER_MS);
      sealed++;
    }
    return sealed;
  });
}
