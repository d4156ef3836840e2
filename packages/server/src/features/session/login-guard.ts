import { LIMITS } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { kvDelete, kvGet, kvPut } from './session.repository.ts';

/*
 * Wrong passwords, counted two ways. Per account and address: the fifth from one address locks
 * the account for ten minutes *for that address only*, so nobody can lock someone else out
 * (the administrator included) by failing on purpose from elsewhere. Per account: once an
 * account has failed often from anywhere, every further wrong password is answered slowly, so
 * spraying guesses from many addresses is slowed without locking anyone out.
 */

const byAddress = (userName: string, ip: string) => `pwd_err_cnt:${userName.toLowerCase()}:${ip}`;
const byAccount = (userName: string) => `pwd_err_all:${userName.toLowerCase()}`;
const LOCK_MS = LIMITS.loginLockMinutes * 60_000;
/** The pause grows a step with each failure past the limit, up to this many steps. */
const MAX_SLOWDOWN_STEPS = 5;

const countOf = async (db: Db, key: string) => Number((await kvGet(db, key)) ?? 0);

export async function isLocked(db: Db, userName: string, ip: string): Promise<boolean> {
  return (await countOf(db, byAddress(userName, ip))) >= LIMITS.loginMaxRetry;
}

/**
 * Records a failure; answers how many attempts this address has left (0 = now locked for it)
 * and how long to wait before answering.
 */
export async function recordFailure(
  db: Db,
  userName: string,
  ip: string,
  slowdownMs: number,
): Promise<{ left: number; delayMs: number }> {
  const mine = (await countOf(db, byAddress(userName, ip))) + 1;
  const all = (await countOf(db, byAccount(userName))) + 1;
  await kvPut(db, byAddress(userName, ip), String(mine), LOCK_MS);
  await kvPut(db, byAccount(userName), String(all), LOCK_MS);
  const steps = Math.min(MAX_SLOWDOWN_STEPS, Math.max(0, all - LIMITS.loginMaxRetry + 1));
  return { left: Math.max(0, LIMITS.loginMaxRetry - mine), delayMs: steps * slowdownMs };
}

/** A right password clears this address's count; the account's count runs out by itself. */
export async function clearFailures(db: Db, userName: string, ip: string): Promise<void> {
  await kvDelete(db, byAddress(userName, ip));
}

/** The administrator's unlock: every address's lock on the account and its count, gone. */
export async function unlockAccount(db: Db, userName: string): Promise<void> {
  const prefix = byAddress(userName, '');
  // A key range rather than LIKE, so an underscore in the name matches only itself.
  await db
    .deleteFrom('sysKv')
    .where((eb) =>
      eb.or([
        eb('k', '=', byAccount(userName)),
        eb.and([eb('k', '>=', prefix), eb('k', '<', `${prefix}\uffff`)]),
      ]),
    )
    .execute();
}
