import { LIMITS } from '@buglet/contracts/limits';
import { brokenPasswordRule } from '@buglet/contracts/password-policy';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { usePasswordPolicy } from './password-policy.ts';

/**
 * Rules shared by every new-password field: the fixed limits and the server's password policy,
 * with the server's own words, so a password is refused here before it is sent.
 */
export function usePasswordRules(): Rule[] {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const min = policy.minLength;
  const max = LIMITS.password.max;
  return [
    { required: true, message: t('please-enter-your-password') },
    { max, message: t('password-size-exception', { min, max }) },
    {
      validator: (_rule, value: string | undefined) => {
        const broken = value ? brokenPasswordRule(policy, value) : undefined;
        if (!broken) return Promise.resolve();
        const text =
          broken === 'length' ? t('password-size-exception', { min, max }) : t(`password-policy.${broken}`);
        return Promise.reject(new Error(text));
      },
    },
  ];
}

/** The policy in a line, shown under every new-password field. */
export function usePasswordHint(): string {
  const { t } = useTranslation();
  const { minLength, requireLetter, requireDigit } = usePasswordPolicy();
  const key =
    requireLetter && requireDigit
      ? 'password-policy.hint-both'
      : requireLetter
        ? 'password-policy.hint-letter'
        : requireDigit
          ? 'password-policy.hint-digit'
          : 'password-policy.hint';
  return t(key, { min: minLength, max: LIMITS.password.max });
}

/** Old / new / confirm fields; the new one must differ from the old and the confirmation must match. */
export function ChangePasswordFields() {
  const { t } = useTranslation();
  const passwordRules = usePasswordRules();
  const passwordHint = usePasswordHint();
  return (
    <>
      <Form.Item
        name="oldPassword"
        label={t('old-password')}
        rules={[{ required: true, message: t('old-password-required') }]}
      >
        <Input.Password maxLength={LIMITS.password.max} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('new-password')}
        extra={passwordHint}
        dependencies={['oldPassword']}
        rules={[
          ...passwordRules,
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              value && value === getFieldValue('oldPassword')
                ? Promise.reject(new Error(t('password-same-as-old')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password maxLength={LIMITS.password.max} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirm-password')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('please-enter-your-password-again') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('entered-passwords-differ'))),
          }),
        ]}
      >
        <Input.Password maxLength={LIMITS.password.max} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
