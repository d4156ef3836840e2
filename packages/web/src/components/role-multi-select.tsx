import type { RoleSummary } from '@buglet/contracts';
import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateOr } from '../lib/i18n.ts';

/** Select options from role rows, labelled by their i18n key when the locale has it. */
export function roleOptions(roles: readonly RoleSummary[], excludeIds: readonly number[] = []) {
  return roles
    .filter((role) => !excludeIds.includes(role.roleId))
    .map((role) => ({ value: role.roleId, label: translateOr(role.roleNameI18nKey, role.roleName) }));
}

interface RoleMultiSelectProps {
  value: number[];
  options: { value: number; label: string }[];
  disabled?: boolean;
  onChange: (roleIds: number[]) => void;
}

/** The roles of one member in a table row; a member keeps at least one role. */
export function RoleMultiSelect({ value, options, disabled, onChange }: RoleMultiSelectProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Select
      mode="multiple"
      value={value}
      options={options}
      disabled={disabled}
      maxTagCount="responsive"
      style={{ width: 230 }}
      aria-label={t('role')}
      onChange={(next: number[]) => {
        if (next.length === 0) message.warning(t('member.role-required'));
        else onChange(next);
      }}
    />
  );
}
