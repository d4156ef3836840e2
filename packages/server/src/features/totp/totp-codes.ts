import { createHash, randomBytes, randomInt } from 'node:crypto';
import { TOTP } from '@buglet/contracts';
import { Secret, TOTP as Totp } from 'otpauth';

/**
 * The codes of two-factor sign-in, as pure functions over otpauth (RFC 6238, SHA-1, the
 * parameters every authenticator app reads from the QR code): secrets, the time step a code
 * belongs to, recovery codes and tickets. Nothing here reads or writes the database.
 */

const params = { algorithm: 'SHA1', digits: TOTP.digits, period: TOTP.periodSeconds } as const;

/** 160 random bits, Base32 (what the QR code and the manual entry carry). */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** `otpauth://totp/Buglet:alice?secret=…&issuer=Buglet…`: the QR code's content. */
export function otpauthUrl(secret: string, account: string): string {
  return new Totp({
    ...params,
    issuer: TOTP.issuer,
    label: account,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The time step of `now` (for tests and the code that accepts a code). */
export const stepAt = (now: number): number => Totp.counter({ period: TOTP.periodSeconds, timestamp: now });

/**
 * The time step a code was made for, if it is the code of a step within the window around `now`;
 * null otherwise. The caller refuses a step not after the last one accepted (no replay).
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = Totp.validate({
    ...params,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now,
    window: TOTP.window,
  });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code of a step (tests; an authenticator app does the same). */
export const codeAt = (secret: string, now: number): string =>
  Totp.generate({ ...params, secret: Secret.fromBase32(secret), timestamp: now });

/** No 0/o, 1/l/i: read off a screen or paper without doubt. 31 signs, 10 of them: about 49 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** `abcde-fghjk`, as shown once to the person. */
export function newRecoveryCodes(count: number = TOTP.recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is compared: lower case, without the dash or spaces a person may type. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Recovery codes and tickets are kept as SHA-256 digests: long random values need no slow hash. */
export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The ticket of a sign-in's password step: 256 random bits, URL-safe. */
export const newTicket = (): string => randomBytes(32).toString('base64url');
