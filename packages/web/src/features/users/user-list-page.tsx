import { KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { usePermi } from '../../components/auth.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { personName } from '../../lib/person-name.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UserStatusSwitch } from './user-status-switch.tsx';
import { deleteUsers, listUsers, userKeys } from './users.api.ts';

const FILTERS = ['userName', 'phoneNumber', 'status'] as const;
const isSuperAdmin = (user: User) => user.userId === SUPER_ADMIN_ID;

export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = usePermi(['system:user:edit']);
  const [resetting, setResetting] = useState<User | undefined>(undefined);

  return (
    <AdminListPage<User, (typeof FILTERS)[number], number>
      filters={FILTERS}
      rowKey="userId"
      permiPrefix="system:user"
      keys={userKeys}
      list={listUsers}
      isLocked={isSuperAdmin}
      remove={{ call: deleteUsers, confirm: (ids) => t('user.confirm-delete', { ids }) }}
      toTarget={(user) => user.userId}
      search={
        <>
          <SearchInput name="userName" label={t('account')} />
          <SearchInput name="phoneNumber" label={t('phone-number')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        { title: t('account'), dataIndex: 'userName', ellipsis: true },
        { title: t('nick-name'), ellipsis: true, render: (_v, u) => personName(u) },
        { title: t('phone-number'), dataIndex: 'phoneNumber', width: 140 },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 100,
          render: (_v, user) => <UserStatusSwitch user={user} canEdit={canEdit} />,
        },
        { title: t('create-time'), dataIndex: 'createTime', width: 170 },
        {
          title: t('operate'),
          key: 'actions',
          fixed: 'right',
          render: (_v, user) =>
            isSuperAdmin(user)
              ? null
              : list.rowActions(
                  user,
                  <>
                    <RowAction
                      permi={['system:user:resetPwd']}
                      icon={<KeyOutlined />}
                      onClick={() => setResetting(user)}
                    >
                      {t('reset-password')}
                    </RowAction>
                    <RowAction
                      permi={['system:user:edit', 'system:member:edit']}
                      icon={<TeamOutlined />}
                      onClick={() => navigate(`/system/member-auth/role/${user.userId}`)}
                    >
                      {t('user.assign-roles')}
                    </RowAction>
                  </>,
                ),
        },
      ]}
      dialog={(list) => (
        <>
          <UserDialog userId={list.target} onClose={list.closeDialog} />
          <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
        </>
      )}
    />
  );
}
