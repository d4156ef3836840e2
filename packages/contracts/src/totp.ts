import { z } from 'zod';

/**
 * Two-factor sign-in with a time-based one-time password (RFC 6238, as authenticator apps make
 * them): six digits every 30 seconds, accepted one step either side of now, each step once.
 */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the current one (clock drift, a code typed as it turned). */
  window: 1,
  issuer: 'Buglet',
  recoveryCodeCount: 10,
  /** How long the password step's ticket waits for the code. */
  ticketMinutes: 5,
  /** Wrong codes one ticket takes before it dies (the password is asked again). */
  ticketMaxFailures: 5,
} as const;

/** Six digits; spaces an app shows in the middle ("123 456") are dropped. */
export const totpCode = z
  .string({ error: 'totp.code.not_empty' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'totp.code.not_empty' })
      .regex(/^\d{6}$/, { error: 'totp.code.format' }),
  );

/** A one-time recovery code as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: 'totp.recovery.not_empty' })
  .trim()
  .min(1, { error: 'totp.recovery.not_empty' })
  .max(40, { error: 'totp.recovery.format' });

export const totpConfirmBody = z.object({ code: totpCode });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

/** Turning it off takes the password and a current code or one of the recovery codes. */
export const totpDisableBody = z.object({
  password: z.string({ error: 'user.password.not_empty' }).min(1, { error: 'user.password.not_empty' }),
  code: recoveryCode,
});
export type TotpDisableBody = z.infer<typeof totpDisableBody>;

/** The second step of a sign-in: the ticket of the password step and a code or a recovery code. */
export const loginTotpBody = z
  .object({
    ticket: z
      .string({ error: 'totp.ticket.not_empty' })
      .min(1, { error: 'totp.ticket.not_empty' })
      .max(100, { error: 'totp.ticket.invalid' }),
    code: z.string().max(40, { error: 'totp.code.format' }).optional(),
    recoveryCode: z.string().max(40, { error: 'totp.recovery.format' }).optional(),
  })
  .refine((b) => Boolean(b.code?.trim() || b.recoveryCode?.trim()), {
    error: 'totp.code.not_empty',
    path: ['code'],
  });
export type LoginTotpBody = z.infer<typeof loginTotpBody>;

export const totpResetBody = z.object({ userId: z.coerce.number().int().min(1) });

/** What the profile shows; never the secret. */
export const totpStatus = z.object({
  enabled: z.boolean(),
  /** Enrolment started (secret shown) but not yet confirmed with a code. */
  pending: z.boolean(),
  enabledTime: z.string().nullable(),
  recoveryCodesLeft: z.number(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** The one answer that carries the secret: the start of an enrolment, for the QR code. */
export const totpEnrolment = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** Shown once, when the enrolment is confirmed. */
export const totpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpRecoveryCodes = z.infer<typeof totpRecoveryCodes>;

/** POST /login for an account with two-factor sign-in: no token yet, a ticket for the second step. */
export interface LoginTwoFactorResponse {
  code: number;
  msg: string;
  twoFactor: true;
  ticket: string;
}
