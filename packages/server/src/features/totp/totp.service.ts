import type { TotpEnrolment, TotpStatus } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { totpSecretPlace } from '../../db/sealed-places.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';
import { findUser } from '../users/users.repository.ts';
import { assertMayChange } from '../users/users.service.ts';
import {
  countRecoveryCodesLeft,
  deleteTotp,
  findTotp,
  putPendingTotp,
  replaceRecoveryCodes,
  takeStep,
  useRecoveryCode,
} from './totp.repository.ts';
import {
  digest,
  newRecoveryCodes,
  newSecret,
  normaliseRecoveryCode,
  otpauthUrl,
  stepOfCode,
} from './totp-codes.ts';

/** What the profile shows: on or not, since when, recovery codes left. Never the secret. */
export async function totpStatus(db: Db, userId: number): Promise<TotpStatus> {
  const row = await findTotp(db, userId);
  const isEnabled = row?.isEnabled === 1;
  return {
    enabled: isEnabled,
    pending: row !== undefined && !isEnabled,
    enabledTime: isEnabled ? (row?.enabledTime ?? null) : null,
    recoveryCodesLeft: isEnabled ? await countRecoveryCodesLeft(db, userId) : 0,
  };
}

/**
 * A new secret, pending until a code made from it is confirmed: the one answer that carries it
 * (for the QR code and the manual entry). Starting again replaces a pending secret.
 */
export async function startEnrolment(
  db: Db,
  secrets: SecretBox,
  userId: number,
  userName: string,
): Promise<TotpEnrolment> {
  const secret = newSecret();
  // Stored sealed for this person (lib/secrets.ts): a copy of the database alone makes no codes,
  // and the secret copied to another person's row does not open there.
  if (!(await putPendingTotp(db, userId, secrets.seal(secret, totpSecretPlace(userId)), formatDateTime())))
    throw new AppError('totp.already-enabled');
  return { secret, otpauthUrl: otpauthUrl(secret, userName) };
}

/** The first code proves the app holds the secret: on, with recovery codes shown this once. */
export async function confirmEnrolment(
  db: Db,
  secrets: SecretBox,
  userId: number,
  code: string,
  now = Date.now(),
) {
  const row = await findTotp(db, userId);
  if (!row) throw new AppError('totp.not-started');
  if (row.isEnabled === 1) throw new AppError('totp.already-enabled');
  const step = stepOfCode(secrets.open(row.secret, totpSecretPlace(userId)), code, now);
  if (step === null) throw new AppError('totp.code.wrong');
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    if (!(await takeStep(trx, userId, step, { now: formatDateTime(new Date(now)) })))
      throw new AppError('totp.code.wrong');
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => digest(normaliseRecoveryCode(c))),
    );
  });
  return codes;
}

export interface SecondFactor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * Accepts a current code (six digits, a step after the last one taken) or an unused recovery
 * code of a person with two-factor sign-in on, and uses it up. Anything else in `code` is tried
 * as a recovery code, so a client with one field works too.
 */
export async function acceptSecondFactor(
  db: Db,
  secrets: SecretBox,
  userId: number,
  input: SecondFactor,
  now = Date.now(),
): Promise<boolean> {
  const row = await findTotp(db, userId);
  if (row?.isEnabled !== 1) return false;
  const code = input.code?.replace(/\s+/g, '') ?? '';
  if (!input.recoveryCode?.trim() && /^\d{6}$/.test(code)) {
    const step = stepOfCode(secrets.open(row.secret, totpSecretPlace(userId)), code, now);
    return step !== null && (await takeStep(db, userId, step));
  }
  const recovery = normaliseRecoveryCode(input.recoveryCode?.trim() ? input.recoveryCode : code);
  if (recovery.length === 0) return false;
  return useRecoveryCode(db, userId, digest(recovery), formatDateTime(new Date(now)));
}

/** The person turns it off: their password and a code (or a recovery code). */
export async function disableTotp(
  db: Db,
  secrets: SecretBox,
  userId: number,
  password: string,
  code: string,
): Promise<void> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user.not-found');
  if (!(await verifyPassword(password, user.password))) throw new AppError('totp.password.wrong');
  const row = await findTotp(db, userId);
  if (row?.isEnabled !== 1) throw new AppError('totp.not-enabled');
  if (!(await acceptSecondFactor(db, secrets, userId, { code }))) throw new AppError('totp.code.wrong');
  await deleteTotp(db, userId);
}

/** An administrator turns someone's off (a lost phone and lost recovery codes). */
export async function resetTotp(db: Db, userId: number, callerId: number): Promise<string> {
  assertMayChange(userId, callerId);
  const user = await findUser(db, userId);
  if (!user) throw new AppError('user.not-found');
  if (!(await deleteTotp(db, userId))) throw new AppError('totp.reset.not-enabled', [user.userName]);
  return user.userName;
}
