import type { Role } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { translateOr } from '../../lib/i18n.ts';
import { DictTag } from '../dicts/index.ts';
import { changeRoleStatus, roleKeys } from './roles.api.ts';

export function RoleStatusSwitch({ role }: { role: Role }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const canEdit = usePermi(['system:role:edit']);
  if (!canEdit || role.admin) return <DictTag type="sys_normal_disable" value={role.status} />;
  const next = role.status === '0' ? '1' : '0';
  return (
    <Switch
      aria-label={`${t('status')}: ${translateOr(role.roleNameI18nKey, role.roleName)}`}
      checked={role.status === '0'}
      onChange={() =>
        confirm({
          content: t('role.confirm-status', {
            action: t(next === '0' ? 'enable' : 'deactivate'),
            name: translateOr(role.roleNameI18nKey, role.roleName),
          }),
          isDanger: next === '1',
          success: t('modify-success'),
          action: async () => {
            await changeRoleStatus(role.roleId, next);
            await queryClient.invalidateQueries({ queryKey: roleKeys.all });
          },
        })
      }
    />
  );
}
