import { createHash, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@buglet/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { kvCount } from '../../db/kv.ts';
import { AppError } from '../../http/errors.ts';
import { PlacesPerKey } from '../../lib/places-per-key.ts';
import { sendKeyedNotice } from '../notices/keyed-notice.ts';
import type { Hub } from '../realtime/hub.ts';

/*
 * A share link's 4-digit password, guessed by strangers once a link leaks. Three limits, each
 * counted before the password is compared (one statement each), so guesses sent at once do no
 * better than guesses sent in turn:
 * - per link and address (an IPv6 address by its /64): GUESS_LIMIT wrong ones in GUESS_WINDOW_MS;
 * - per link, from everyone: SHARE_WRONG_BUDGET wrong ones since it was last shared, then it is
 *   locked until its owner shares it again, and the owner is told;
 * - per link in this process: CHECKS_AT_ONCE checks at a time; more are refused, not queued.
 */

/** Wrong passwords one address may try on a link in GUESS_WINDOW_MS. */
const GUESS_LIMIT = 5;
const GUESS_WINDOW_MS = 10 * 60_000;
/**
 * Wrong passwords a link takes from everyone together before it locks: a 4-digit password falls
 * to 10,000 guesses, so a leaked link's odds stay at 0.2 % however many addresses guess (the
 * outside probe found one in 10.5 s from 65 addresses).
 */
export const SHARE_WRONG_BUDGET = 20;
const CHECKS_AT_ONCE = 2;

const checking = new PlacesPerKey(CHECKS_AT_ONCE);
/** Tells the public page to show its password form, whatever the message's language. */
export const PASSWORD_REQUIRED = { passwordRequired: true };

export const sharePasswordHash = (shardId: string, password: string) =>
  createHash('sha256').update(`${shardId}:${password}`).digest('hex');

function isSamePassword(shardId: string, password: string, stored: string): boolean {
  const a = Buffer.from(sharePasswordHash(shardId, password), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface GuardedShare {
  defectShardId: string;
  defectId: number;
  createById: number;
  passwordHash: string;
  lockedAt: number | null;
  projectId: number;
  defectNumber: number;
  defectName: string;
}

/** Passes when the password is right; otherwise throws the refusal the public page shows. */
export async function checkSharePassword(
  deps: { db: Db; hub: Hub; config: { signInSlowdownMs: number } },
  share: GuardedShare,
  password: string,
  address: string,
): Promise<void> {
  if (share.lockedAt !== null) throw new AppError('shard.locked');
  const id = share.defectShardId;
  if (!checking.take(id)) throw new AppError('shard.busy', [], ResultCode.error, PASSWORD_REQUIRED);
  let wrong: { delayMs: number } | undefined;
  try {
    wrong = await checkCounted(deps, share, password, address);
  } finally {
    checking.give(id);
  }
  // Answered late, after the check's place is given back: slowed guesses hold no places.
  if (!wrong) return;
  if (wrong.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, wrong.delayMs));
  throw new AppError('shard.password-error', [], ResultCode.error, PASSWORD_REQUIRED);
}

async function checkCounted(
  deps: { db: Db; hub: Hub; config: { signInSlowdownMs: number } },
  share: GuardedShare,
  password: string,
  address: string,
): Promise<{ delayMs: number } | undefined> {
  const { db } = deps;
  const addressKey = `shard_guess:${share.defectShardId}:${address}`;
  const mine = await kvCount(db, addressKey, GUESS_WINDOW_MS);
  if (mine > GUESS_LIMIT)
    throw new AppError('shard.too-many-guesses', [10], ResultCode.error, PASSWORD_REQUIRED);
  // The link's count, taken while the link is open and has budget left; none: it is used up.
  const taken = await sql<{ wrongGuesses: number }>`
    update sys_defect_shard set wrong_guesses = wrong_guesses + 1
    where defect_shard_id = ${share.defectShardId} and locked_at is null
      and wrong_guesses < ${SHARE_WRONG_BUDGET}
    returning wrong_guesses`.execute(db);
  const count = taken.rows[0]?.wrongGuesses;
  if (count === undefined) {
    await lockShare(deps, share);
    throw new AppError('shard.locked');
  }
  if (isSamePassword(share.defectShardId, password, share.passwordHash)) {
    // A right password takes its place back in both counts.
    await sql`update sys_defect_shard set wrong_guesses = wrong_guesses - 1
      where defect_shard_id = ${share.defectShardId} and wrong_guesses > 0`.execute(db);
    await kvCount(db, addressKey, GUESS_WINDOW_MS, -1);
    return undefined;
  }
  if (count >= SHARE_WRONG_BUDGET) {
    await lockShare(deps, share);
    throw new AppError('shard.locked');
  }
  return { delayMs: slowdownSteps(count) * deps.config.signInSlowdownMs };
}

/** Past half the budget, each wrong guess is answered later, a step more each time (at most five). */
export const slowdownSteps = (wrongGuesses: number) =>
  Math.min(5, Math.max(0, wrongGuesses - SHARE_WRONG_BUDGET / 2));

/** Locks the link (once: whoever locks it tells the owner). */
async function lockShare(deps: { db: Db; hub: Hub }, share: GuardedShare): Promise<void> {
  const locked = await deps.db
    .updateTable('sysDefectShard')
    .set({ lockedAt: Date.now() })
    .where('defectShardId', '=', share.defectShardId)
    .where('lockedAt', 'is', null)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) return;
  await sendKeyedNotice(
    deps,
    share.createById,
    {
      title: 'shard.locked.notice-title',
      content: 'shard.locked.notice-content',
      args: [share.defectNumber, share.defectName, SHARE_WRONG_BUDGET],
    },
    {
      groupName: 'defect',
      projectId: share.projectId,
      src: `/project/defect?defectId=${share.defectId}&projectId=${share.projectId}`,
    },
  );
}
