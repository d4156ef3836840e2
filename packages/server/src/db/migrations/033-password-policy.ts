import { PASSWORD_POLICY_KEYS } from '@buglet/contracts';
import { type AnyDb, addSeededConfigs } from './helpers.ts';

/**
 * The password policy's config records (contracts/password-policy.ts): a database seeded before
 * gets the records a new one is seeded with (002), so the administrator finds them in the list.
 * A record already there (someone's own) is left as it is.
 */
export async function up(db: AnyDb): Promise<void> {
  await addSeededConfigs(db, Object.values(PASSWORD_POLICY_KEYS));
}
