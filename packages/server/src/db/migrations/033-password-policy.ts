import { PASSWORD_POLICY_KEYS } from '@buglet/contracts';
import { formatDateTime } from '../../lib/time.ts';
import { CONFIGS } from '../seed/reference-data.ts';
import type { AnyDb } from './helpers.ts';

/**
 * The password policy's config records (contracts/password-policy.ts): a database seeded before
 * gets the records a new one is seeded with (002), so the administrator finds them in the list.
 * A record already there (someone's own) is left as it is.
 */
export async function up(db: AnyDb): Promise<void> {
  const keys: string[] = Object.values(PASSWORD_POLICY_KEYS);
  const missing = [];
  for (const seeded of CONFIGS.filter((c) => keys.includes(c.key))) {
    const found = await db
      .selectFrom('sys_config')
      .select('config_id')
      .where('config_key', '=', seeded.key)
      .executeTakeFirst();
    if (!found) missing.push(seeded);
  }
  if (missing.length === 0) return;
  const now = formatDateTime();
  await db
    .insertInto('sys_config')
    .values(
      missing.map((c) => ({
        config_name: c.name,
        config_key: c.key,
        config_value: c.value,
        config_type: 'Y',
        remark: c.remark,
        create_by: 'admin',
        create_time: now,
      })),
    )
    .execute();
}
