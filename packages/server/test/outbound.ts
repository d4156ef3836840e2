import { CONFIG_KEYS } from '@buglet/contracts';
import type { Db } from '../src/db/connect.ts';

/** Loopback, where the suites' protocol peers (AI server, chat robots) listen. */
export const LOOPBACK_RANGES = '127.0.0.0/8,::1/128';

/**
 * Sets the outbound guard's allow-list record, as the administrator does on the config page. The
 * guard stays on in every suite: one whose peers listen on loopback allows loopback, nothing more.
 */
export async function allowOutbound(db: Db, ranges: string): Promise<void> {
  await db
    .updateTable('sysConfig')
    .set({ configValue: ranges })
    .where('configKey', '=', CONFIG_KEYS.outboundAllowRanges)
    .execute();
}
