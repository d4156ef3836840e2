import { LIMITS, type LoginTotpBody, ResultCode, TOTP } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/route.ts';
import { addressKey } from '../../lib/client-address.ts';
import { encodeLogMessage } from '../login-log/login-log.repository.ts';
import { beginAttempt } from '../session/login-guard.ts';
import { logAttempt, openSession } from '../session/session.service.ts';
import { findUser } from '../users/users.repository.ts';
import { deleteTicket, failTicket, findTicket } from './totp.repository.ts';
import { acceptSecondFactor } from './totp.service.ts';
import { digest } from './totp-codes.ts';

/** A refusal after which the ticket is gone: the client asks for the password again. */
const ticketGone = (
  key: 'totp.ticket.invalid' | 'totp.ticket.exhausted' | 'user.blocked' | 'user.password.delete',
) => new AppError(key, [], ResultCode.error, { ticketExpired: true });

/**
 * The second step of a sign-in: the ticket of the password step and a code (or a recovery code)
 * give the session. A wrong code counts against the ticket (it dies after a few) and, as a wrong
 * password does, against the account from this address (features/session/login-guard.ts).
 */
export async function completeTotpLogin(
  deps: AppDeps,
  req: FastifyRequest,
  body: LoginTotpBody,
): Promise<string> {
  const { db, config } = deps;
  const ticketHash = digest(body.ticket);
  const ticket = await findTicket(db, ticketHash, Date.now());
  if (!ticket) throw ticketGone('totp.ticket.invalid');
  const user = await findUser(db, ticket.userId);
  if (!user) {
    await deleteTicket(db, ticketHash);
    throw ticketGone('user.password.delete');
  }
  const attempt = await beginAttempt(db, user.userName, addressKey(req.ip), config.signInSlowdownMs);
  try {
    if (user.status === '1') {
      await deleteTicket(db, ticketHash);
      throw ticketGone('user.blocked');
    }
    if (attempt.isLocked) {
      await deleteTicket(db, ticketHash);
      throw new AppError(
        'user.password.retry.limit.exceed',
        [LIMITS.loginMaxRetry, LIMITS.loginLockMinutes],
        ResultCode.error,
        { ticketExpired: true },
      );
    }
    if (!(await acceptSecondFactor(db, deps.secrets, user.userId, body))) {
      const left = await failTicket(db, ticketHash, TOTP.ticketMaxFailures);
      attempt.release();
      if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
      throw left === 0 ? ticketGone('totp.ticket.exhausted') : new AppError('totp.code.wrong-left', [left]);
    }
    // The ticket is taken once: of two requests with a right code, one signs in.
    if (!(await deleteTicket(db, ticketHash))) throw ticketGone('totp.ticket.invalid');
    await attempt.succeeded({ isComplete: true });
    const token = await openSession(deps, req, user.userId, ticket.isDefaultPassword === 1);
    const isRecovery =
      Boolean(body.recoveryCode?.trim()) || !/^\d{6}$/.test(body.code?.replace(/\s+/g, '') ?? '');
    await logAttempt(
      deps,
      req,
      user.userName,
      true,
      isRecovery ? 'user.login.success.recovery' : 'user.login.success',
    );
    return token;
  } catch (error) {
    if (error instanceof AppError) await logAttempt(deps, req, user.userName, false, encodeLogMessage(error));
    throw error;
  } finally {
    attempt.release();
  }
}
