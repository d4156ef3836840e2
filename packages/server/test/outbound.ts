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

/**
 * The guard's refusal of `origin` in English, naming the allow-list entry that would let it
 * through: the host's own address (a name resolves as `resolvesTo` says, localhost to 127.0.0.1).
 */
export function refusedText(origin: string, resolvesTo?: string): string {
  const host = new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1');
  const address = resolvesTo ?? (host === 'localhost' ? '127.0.0.1' : host);
  const range = address.includes(':') ? `${address}/128` : `${address}/32`;
  return `The address ${origin} is not allowed: it points to a private, loopback or link-local network. An administrator can allow it in Settings by adding ${range} to sys.outbound.allowRanges (Outbound calls: allowed internal ranges)`;
}
