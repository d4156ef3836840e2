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
 * The server's SecretBox, once the key is known to be the one the database's secrets were sealed
 * with (a database from elsewhere, restored without its key file, or an instance started with
 * another SECRET_KEY stops the start with what to do); then whatever was stored in the clear
 * (before sealing began, or by hand) is sealed.
 */
export async function openStoredSecrets(config: AppConfig, db: Db): Promise<SecretBox> {
  const { key, source } = loadSecretKey(config);
  const box = new SecretBox(key);
  const check = await kvGet(db, SECRET_KEY_CHECK);
  if (check === undefined) await kvPut(db, SECRET_KEY_CHECK, box.seal(KEY_CHECK_TEXT), FOREVER_MS);
  else if (!box.opens(check))
    throw new SecretKeyMismatch(
      source === 'environment'
        ? 'SECRET_KEY is not the key this database’s stored credentials were sealed with: set the one the other instances (or the previous start) used.'
        : `${config.dataDir}/secret.key is not the key this database’s stored credentials were sealed with: restore the secret.key that came with the database (npm run restore puts back the one of its backup), or set SECRET_KEY to the key in use.`,
    );
  await sealLeftovers(db, box);
  return box;
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
