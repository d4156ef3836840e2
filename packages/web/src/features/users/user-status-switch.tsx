import { SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { DictTag } from '../dicts/index.ts';
import { changeUserStatus, userKeys } from './users.api.ts';

/** "0" is active. The built-in administrator cannot be disabled, so it only shows its state. */
export function UserStatusSwitch({ user, canEdit }: { user: User; canEdit: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  if (user.userId === SUPER_ADMIN_ID || !canEdit)
    return <DictTag type="sys_normal_disable" value={user.status} />;
  const next = user.status === '0' ? '1' : '0';
  return (
    <Switch
      aria-label={`${t('status')}: ${user.userName}`}
      checked={user.status === '0'}
      onChange={() =>
        confirm({
          content: t('user.confirm-status', {
            action: t(next === '0' ? 'enable' : 'deactivate'),
            account: user.userName,
          }),
          isDanger: next === '1',
          success: t('modify-success'),
          action: async () => {
            await changeUserStatus(user.userId, next);
            await queryClient.invalidateQueries({ queryKey: userKeys.all });
          },
        })
      }
    />
  );
}
