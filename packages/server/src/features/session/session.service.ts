import { LIMITS, type LoginBody, type RegisterBody, ROLE_IDS } from '@buglet/contracts';
import type { FastifyRequest } from 'fastify';
import { deleteSession, insertSession } from '../../access/sessions.repository.ts';
import { newToken } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/route.ts';
import { addressKey } from '../../lib/client-address.ts';
import { describeClient } from '../../lib/client-info.ts';
import { hashPassword, verifyAgainstNoOne, verifyPassword } from '../../lib/passwords.ts';
import { formatDateTime } from '../../lib/time.ts';
import { verifyCaptcha } from '../captcha/captcha.service.ts';
import { assertPasswordAllowed } from '../configs/password-policy.ts';
import {
  initialPassword,
  isCaptchaEnabled,
  isLoginIpBlocked,
  isRegisterEnabled,
} from '../configs/platform-settings.ts';
import { encodeLogMessage, insertLoginLog } from '../login-log/login-log.repository.ts';
import { issueLoginTicket, isTotpEnabled } from '../totp/totp-ticket.ts';
import {
  ensureUserConfig,
  findUserByName,
  findUserByPhone,
  insertUser,
  replaceUserRoles,
  updateUser,
} from '../users/users.repository.ts';
import { type Attempt, beginAttempt } from './login-guard.ts';

export const ORIGINAL_DEFAULT_PASSWORD = 'cat2bug';

function clientOf(req: FastifyRequest) {
  return { ipaddr: req.ip, ...describeClient(req.headers['user-agent']) };
}

/** Every login attempt, good or bad, lands in the login log with its reason. */
export async function logAttempt(
  deps: AppDeps,
  req: FastifyRequest,
  userName: string,
  isSuccess: boolean,
  msg: string,
) {
  await insertLoginLog(deps.db, { userName, isSuccess, msg, ...clientOf(req) });
}

function checkLengths(body: LoginBody): void {
  const { account, password } = LIMITS;
  if (body.username.length < account.min || body.username.length > account.max) {
    throw new AppError('user.account.size.exception');
  }
  if (body.password.length < password.min || body.password.length > password.max) {
    throw new AppError('user.password.size.exception');
  }
}

/** A session (its token), or, for an account with two-factor sign-in, the ticket for the code step. */
export type LoginResult = { token: string } | { ticket: string };

export async function login(deps: AppDeps, req: FastifyRequest, body: LoginBody): Promise<LoginResult> {
  const { db, config } = deps;
  try {
    if (await isCaptchaEnabled(deps)) await verifyCaptcha(db, body.uuid, body.code);
    checkLengths(body);
    if (await isLoginIpBlocked(deps, req.ip)) throw new AppError('login.blocked');
    const attempt = await beginAttempt(db, body.username, addressKey(req.ip), config.signInSlowdownMs);
    try {
      return await checkPassword(deps, req, body, attempt);
    } finally {
      attempt.release();
    }
  } catch (error) {
    if (error instanceof AppError) await logAttempt(deps, req, body.username, false, encodeLogMessage(error));
    throw error;
  }
}

/**
 * The password step of a counted attempt. An unknown account and a wrong password get the same
 * answer after the same work (a check against no one's hash); whether the account is disabled or
 * deleted is told only to whoever gave its right password.
 */
async function checkPassword(
  deps: AppDeps,
  req: FastifyRequest,
  body: LoginBody,
  attempt: Attempt,
): Promise<LoginResult> {
  const { db } = deps;
  if (attempt.isLocked) throw retryLimit();
  const user = await findUserByName(db, body.username);
  const isRight = user
    ? await verifyPassword(body.password, user.password)
    : await verifyAgainstNoOne(body.password);
  if (!user || !isRight) {
    // The check is done: its place goes to the next one before the slow answer, so a few slowed
    // guesses cannot hold the account's places (and keep its owner out) for seconds.
    attempt.release();
    if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    throw attempt.left === 0 ? retryLimit() : new AppError('user.password.not.match', [attempt.left]);
  }
  if (user.delFlag === '2') throw new AppError('user.password.delete');
  if (user.status === '1') throw new AppError('user.blocked');
  const isDefaultPassword = body.password === ORIGINAL_DEFAULT_PASSWORD;
  const initial = await initialPassword(deps);
  if (initial !== undefined && body.password === initial && user.passwordChangeRequired !== 1)
    await updateUser(db, user.userId, { passwordChangeRequired: 1 });
  if (await isTotpEnabled(db, user.userId)) {
    // This address's failures are cleared by the code step, so wrong codes add up with them.
    await attempt.succeeded({ isComplete: false });
    const ticket = await issueLoginTicket(db, user.userId, isDefaultPassword);
    await logAttempt(deps, req, body.username, true, 'user.login.totp-required');
    return { ticket };
  }
  await attempt.succeeded({ isComplete: true });
  const token = await openSession(deps, req, user.userId, isDefaultPassword);
  await logAttempt(deps, req, body.username, true, 'user.login.success');
  return { token };
}

const retryLimit = () =>
  new AppError('user.password.retry.limit.exceed', [LIMITS.loginMaxRetry, LIMITS.loginLockMinutes]);

/** The session of a completed sign-in; answers its token. */
export async function openSession(
  deps: AppDeps,
  req: FastifyRequest,
  userId: number,
  isDefaultPassword: boolean,
): Promise<string> {
  const { db, config } = deps;
  const { token, tokenId } = newToken();
  const client = clientOf(req);
  const now = new Date();
  await insertSession(db, {
    tokenId,
    userId,
    loginTime: formatDateTime(now),
    expireAt: now.getTime() + config.sessionTtlMinutes * 60_000,
    ipaddr: client.ipaddr,
    browser: client.browser,
    os: client.os,
    isDefaultPassword: isDefaultPassword ? 1 : 0,
  });
  await updateUser(db, userId, { loginIp: client.ipaddr, loginDate: formatDateTime(now) });
  return token;
}

export async function logout(deps: AppDeps, req: FastifyRequest, tokenId: string, userName: string) {
  await deleteSession(deps.db, tokenId);
  await logAttempt(deps, req, userName, true, 'user.logout.success');
}

export async function register(deps: AppDeps, req: FastifyRequest, body: RegisterBody): Promise<void> {
  const { db } = deps;
  if (!(await isRegisterEnabled(deps))) throw new AppError('user.register.disabled');
  // Before the captcha, so a refused password does not use up the captcha typed.
  await assertPasswordAllowed(db, body.password);
  if (await isCaptchaEnabled(deps)) await verifyCaptcha(db, body.uuid, body.code);
  // Hashed before the look-ups, and one answer for a taken name or phone number: neither the
  // time nor the words tell a stranger which accounts or numbers exist.
  const hash = await hashPassword(body.password);
  const [byName, byPhone] = await Promise.all([
    findUserByName(db, body.username),
    findUserByPhone(db, body.phoneNumber),
  ]);
  if (byName || byPhone) throw new AppError('user.register.fail.taken');
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      deptId: null,
      userName: body.username,
      nickName: body.nickName || body.username,
      userType: '00',
      email: null,
      phoneNumber: body.phoneNumber,
      sex: '2',
      avatar: null,
      password: hash,
      status: '0',
      delFlag: '0',
      loginIp: null,
      loginDate: null,
      createBy: body.username,
      createTime: now,
      updateBy: null,
      updateTime: null,
      remark: null,
      dingUserId: null,
      wechatUserId: null,
      passwordChangeRequired: 0,
    });
    await replaceUserRoles(trx, userId, [ROLE_IDS.default]);
    await ensureUserConfig(trx, userId);
  });
  await logAttempt(deps, req, body.username, true, 'user.register.success');
}
