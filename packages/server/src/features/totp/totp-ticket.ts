import { TOTP } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { findTotp, insertTicket } from './totp.repository.ts';
import { digest, newTicket } from './totp-codes.ts';

/** Whether the person's sign-in takes a code after the password. */
export async function isTotpEnabled(db: Db, userId: number): Promise<boolean> {
  return (await findTotp(db, userId))?.isEnabled === 1;
}

/**
 * The password was right and a code is needed: a ticket for the second step, valid a few minutes
 * and kept only as its digest. What the session would have known (the default password) waits
 * with it.
 */
export async function issueLoginTicket(db: Db, userId: number, isDefaultPassword: boolean): Promise<string> {
  const ticket = newTicket();
  await insertTicket(db, {
    ticketHash: digest(ticket),
    userId,
    expireAt: Date.now() + TOTP.ticketMinutes * 60_000,
    failures: 0,
    isDefaultPassword: isDefaultPassword ? 1 : 0,
  });
  return ticket;
}
