import { LIMITS } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { kvDelete, kvGet, kvPut } from './session.repository.ts';

/** Counts consecutive wrong passwords per account; the fifth locks it for ten minutes. */

const key = (userName: string) => `pwd_err_cnt:${userName.toLowerCase()}`;
const LOCK_MS = LIMITS.loginLockMinutes * 60_000;

export async function isLocked(db: Db, userName: string): Promise<boolean> {
  const count = Number((await kvGet(db, key(userName))) ?? 0);
  return count >= LIMITS.loginMaxRetry;
}

/** Records a failure and answers how many attempts remain (0 = now locked). */
export async function recordFailure(db: Db, userName: string): Promise<number> {
  const count = Number((await kvGet(db, key(userName))) ?? 0) + 1;
  await kvPut(db, key(userName), String(count), LOCK_MS);
  return Math.max(0, LIMITS.loginMaxRetry - count);
}

export async function clearFailures(db: Db, userName: string): Promise<void> {
  await kvDelete(db, key(userName));
}
