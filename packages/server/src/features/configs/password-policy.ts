import {
  brokenPasswordRule,
  LIMITS,
  PASSWORD_POLICY_KEYS,
  type PasswordPolicy,
  type PasswordRule,
  readPasswordPolicy,
} from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { MessageArg, MessageKey } from '../../http/i18n.ts';
import { findConfigValue } from './configs.repository.ts';

/**
 * The password policy as the config records hold it now (read per call, so a change applies at
 * once on every instance). Checked wherever a password is set: registration, the person's own
 * change, an administrator's create or reset, a team owner's new member, the import's initial
 * password.
 */
export async function loadPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  const [minLength, requireLetter, requireDigit] = await Promise.all([
    findConfigValue(db, PASSWORD_POLICY_KEYS.minLength),
    findConfigValue(db, PASSWORD_POLICY_KEYS.requireLetter),
    findConfigValue(db, PASSWORD_POLICY_KEYS.requireDigit),
  ]);
  return readPasswordPolicy({ minLength, requireLetter, requireDigit });
}

/** The message that names a broken rule (with its argument), as an error or a nested message. */
export function ruleMessage(
  rule: PasswordRule,
  policy: PasswordPolicy,
): { key: MessageKey; args: MessageArg[] } {
  if (rule === 'length')
    return { key: 'user.password.policy.length', args: [policy.minLength, LIMITS.password.max] };
  return { key: rule === 'letter' ? 'user.password.policy.letter' : 'user.password.policy.digit', args: [] };
}

/** The message naming the rule of the current policy the password breaks, or undefined. */
export async function passwordProblem(
  db: Db,
  password: string,
): Promise<{ key: MessageKey; args: MessageArg[] } | undefined> {
  const policy = await loadPasswordPolicy(db);
  const rule = brokenPasswordRule(policy, password);
  return rule ? ruleMessage(rule, policy) : undefined;
}

/** Refuses a new password that breaks the policy, naming the rule. */
export async function assertPasswordAllowed(db: Db, password: string): Promise<void> {
  const problem = await passwordProblem(db, password);
  if (problem) throw new AppError(problem.key, problem.args);
}
