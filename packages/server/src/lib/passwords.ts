import { availableParallelism } from 'node:os';
import { compare, hash } from '@node-rs/bcrypt';

/**
 * Password hashes: bcrypt (the original's, so its users' hashes stay valid), computed by the
 * native @node-rs/bcrypt on libuv's thread pool, never on the main thread: a flood of sign-ins
 * (each check ~50 ms of CPU) must not stall the requests of people already signed in. At most
 * one check per core but one runs at a time, so the main thread keeps a core of its own; the
 * others wait their turn in order.
 */

export const BCRYPT_COST = 10;
const AT_ONCE = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never drops and rises again.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  return inTurn(() => hash(password, { cost }));
}

/** Whether the password matches the hash; a hash that is no bcrypt hash matches nothing. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return inTurn(async () => {
    try {
      return await compare(password, stored);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of no one's password, checked when the account named does not exist, so an unknown
 * account costs the same time as a wrong password (the answer tells nobody which it was).
 */
const NO_ONE = '$2b$10$e7Cx80p.w6Xy7FzS45f8D.64plfggFNGriHeCFMkhHdtmHoDkUBKW';

export function verifyAgainstNoOne(password: string): Promise<boolean> {
  return verifyPassword(password, NO_ONE).then(() => false);
}
