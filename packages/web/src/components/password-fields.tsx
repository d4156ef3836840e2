import { LIMITS } from '@buglet/contracts';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/** Length rule shared by every new-password field, from the limits the server also applies. */
export function usePasswordRules(): Rule[] {
  const { t } = useTranslation();
  return [
    { required: true, message: t('please-enter-your-password') },
    {
      min: LIMITS.password.min,
      max: LIMITS.password.max,
      message: t('password-size-exception', { min: LIMITS.password.min, max: LIMITS.password.max }),
    },
  ];
}

/** Old / new / confirm fields; the new one must differ from the old and the confirmation must match. */
export function ChangePasswordFields() {
  const { t } = useTranslation();
  const passwordRules = usePasswordRules();
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
