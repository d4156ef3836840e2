import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN } from '@buglet/contracts';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/*
 * Validation of account, phone and e-mail, shared by registration, the profile and the user dialog
 * so that all three accept what the server accepts (same limits and patterns from contracts).
 */

export function useAccountRules(): Rule[] {
  const { t } = useTranslation();
  const { min, max } = LIMITS.account;
  return [
    { required: true, whitespace: true, message: t('please-enter-your-account') },
    { min, max, message: t('account-size-exception', { min, max }) },
  ];
}

export function usePhoneRules(): Rule[] {
  const { t } = useTranslation();
  const { min, max } = LIMITS.phone;
  return [
    { required: true, whitespace: true, message: t('please-enter-phone') },
    { min, max, message: t('phone-size-exception', { min, max }) },
    { pattern: PHONE_PATTERN, message: t('phone-invalid') },
  ];
}

export function useEmailRules(): Rule[] {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('email-required') },
    { pattern: EMAIL_PATTERN, message: t('email-invalid') },
  ];
}
