import { LIMITS } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { kvCount, kvDelete } from '../../db/kv.ts';
import { AppError } from '../../http/errors.ts';
import { PlacesPerKey } from '../../lib/places-per-key.ts';

/*
 * Sign-in attempts, counted two ways, each counted *before* the password is checked (one atomic
 * statement), so attempts sent at once cannot all read the same count and all be checked. Per
 * account name and address (an IPv6 address by its /64): the fifth attempt from one address that
 * is not a right password locks the name for ten minutes *for that address only*, so nobody can
 * lock someone else out (the administrator included) by failing on purpose from elsewhere. Per
 * account name: once a name has failed often from anywhere, every further wrong password is
 * answered slowly, so spraying guesses from many addresses is slowed without locking anyone out.
 * Names are counted whether or not such an account exists, so the answers tell nobody which.
 */

const byAddress = (userName: string, address: string) => `pwd_err_cnt:${userName.toLowerCase()}:${address}`;
const byAccount = (userName: string) => `pwd_err_all:${userName.toLowerCase()}`;
const LOCK_MS = LIMITS.loginLockMinutes * 60_000;
/** The pause grows a step with each failure past the limit, up to this many steps. */
const MAX_SLOWDOWN_STEPS = 5;
/** Checks of one account's password at once in this process; more are refused, not queued. */
const CHECKS_AT_ONCE = 2;
const checking = new PlacesPerKey(CHECKS_AT_ONCE);

/** An attempt counted before its check: whether it may be checked, and what a failure answers. */
export interface Attempt {
  /** Past the limit for this address: refused unchecked. */
  isLocked: boolean;
  /** What a wrong password leaves this address (0: the name is now locked for it). */
  left: number;
  /** How long a wrong password is answered late. */
  delayMs: number;
  /**
   * A right password: the attempt taken back from both counts and, once the sign-in is complete
   * (not waiting for a two-factor code, whose wrong codes add up with wrong passwords), this
   * address's count cleared.
   */
  succeeded(how: { isComplete: boolean }): Promise<void>;
  /** Ends the attempt's hold on the account's checks. */
  release(): void;
}

/**
 * Counts an attempt on `userName` from `address` and holds one of the account's check places;
 * refused while CHECKS_AT_ONCE checks of it are running here.
 */
export async function beginAttempt(
  db: Db,
  userName: string,
  address: string,
  slowdownMs: number,
): Promise<Attempt> {
  const name = userName.toLowerCase();
  if (!checking.take(name)) throw new AppError('user.login.busy');
  let isReleased = false;
  const release = () => {
    if (isReleased) return;
    isReleased = true;
    checking.give(name);
  };
  try {
    const [mine, all] = await Promise.all([
      // The lock ends ten minutes after the failure that began it: attempts refused during it
      // (the owner's right password among them) do not push its end back.
      kvCount(db, byAddress(userName, address), LOCK_MS, 1, LIMITS.loginMaxRetry),
      kvCount(db, byAccount(userName), LOCK_MS),
    ]);
    const steps = Math.min(MAX_SLOWDOWN_STEPS, Math.max(0, all - LIMITS.loginMaxRetry + 1));
    return {
      isLocked: mine > LIMITS.loginMaxRetry,
      left: Math.max(0, LIMITS.loginMaxRetry - mine),
      delayMs: steps * slowdownMs,
      succeeded: async ({ isComplete }) => {
        await Promise.all([
          isComplete
            ? kvDelete(db, byAddress(userName, address))
            : kvCount(db, byAddress(userName, address), LOCK_MS, -1),
          kvCount(db, byAccount(userName), LOCK_MS, -1),
        ]);
      },
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
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
