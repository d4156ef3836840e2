// No zod here: the registration page checks with it and stays small (the schema is in auth.ts).
import { LIMITS } from './limits.ts';

/**
 * The password policy: config records (System → Parameters) the server applies wherever a
 * password is set, and the web forms check before sending. The fixed limits (LIMITS.password,
 * 5 to 20 characters, bcrypt's reach) still hold; the policy can only ask for more.
 */
export const PASSWORD_POLICY_KEYS = {
  minLength: 'sys.account.passwordMinLength',
  requireLetter: 'sys.account.passwordRequireLetter',
  requireDigit: 'sys.account.passwordRequireDigit',
} as const;

export interface PasswordPolicy {
  minLength: number;
  requireLetter: boolean;
  requireDigit: boolean;
}

/**
 * As seeded: the administrator's first password (`cat2bug`) and the seeded initial password for
 * new members (`123456`) both pass, so nothing set up before is refused.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  requireLetter: false,
  requireDigit: true,
};

export type PasswordRule = 'length' | 'letter' | 'digit';

/** A letter of any alphabet (Chinese characters included); a digit is 0–9. */
const LETTER = /\p{L}/u;
const DIGIT = /[0-9]/;

/** The first rule of the policy the password breaks, or undefined when it passes. */
export function brokenPasswordRule(policy: PasswordPolicy, password: string): PasswordRule | undefined {
  if ([...password].length < policy.minLength) return 'length';
  if (policy.requireLetter && !LETTER.test(password)) return 'letter';
  if (policy.requireDigit && !DIGIT.test(password)) return 'digit';
  return undefined;
}

/** Why a value cannot be saved in one of the policy's records, or undefined when it can. */
export function invalidPolicyValue(key: string, value: string): 'min-length' | 'flag' | undefined {
  const v = value.trim();
  if (key === PASSWORD_POLICY_KEYS.minLength) {
    const n = Number(v);
    return /^\d+$/.test(v) && n >= LIMITS.password.min && n <= LIMITS.password.max ? undefined : 'min-length';
  }
  if (key === PASSWORD_POLICY_KEYS.requireLetter || key === PASSWORD_POLICY_KEYS.requireDigit) {
    return v.toLowerCase() === 'true' || v.toLowerCase() === 'false' ? undefined : 'flag';
  }
  return undefined;
}

/** The policy from the records' values; a missing or unreadable one keeps its default. */
export function readPasswordPolicy(values: {
  minLength?: string | undefined;
  requireLetter?: string | undefined;
  requireDigit?: string | undefined;
}): PasswordPolicy {
  const flag = (text: string | undefined, fallback: boolean) => {
    const v = text?.trim().toLowerCase();
    return v === 'true' ? true : v === 'false' ? false : fallback;
  };
  const length = values.minLength?.trim();
  const isLengthValid =
    length !== undefined && invalidPolicyValue(PASSWORD_POLICY_KEYS.minLength, length) === undefined;
  return {
    minLength: isLengthValid ? Number(length) : DEFAULT_PASSWORD_POLICY.minLength,
    requireLetter: flag(values.requireLetter, DEFAULT_PASSWORD_POLICY.requireLetter),
    requireDigit: flag(values.requireDigit, DEFAULT_PASSWORD_POLICY.requireDigit),
  };
}
