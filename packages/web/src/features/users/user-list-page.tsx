import { KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { RowAction, RowActions } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { personName } from '../../lib/person-name.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UserStatusSwitch } from './user-status-switch.tsx';
import { deleteUsers, listUsers, userKeys } from './users.api.ts';

const FILTERS = ['userName', 'phoneNumber', 'status'] as const;
const PERMI_PREFIX = 'system:user';
const isSuperAdmin = (user: User) => user.userId === SUPER_ADMIN_ID;

export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<number>();
  const canEdit = usePermi(['system:user:edit']);
  const [resetting, setResetting] = useState<User | undefined>(undefined);
  const query = useQuery({ queryKey: userKeys.list(list.query), queryFn: () => listUsers(list.query) });
  const table = useSelectableTable(query, list, 'userId', isSuperAdmin);
  const remove = useConfirmRemove({
    content: (ids) => t('user.confirm-delete', { ids }),
    remove: deleteUsers,
    onRemoved: table.clearSelection,
    invalidate: [userKeys.all],
  });

  const columns: TableColumnsType<User> = [
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
        isSuperAdmin(user) ? null : (
          <RowActions
            permiPrefix={PERMI_PREFIX}
            onEdit={() => dialog.openEdit(user.userId)}
            onDelete={() => remove([user.userId])}
            isWrapped
          >
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
          </RowActions>
        ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="userName" label={t('account')} />
          <SearchInput name="phoneNumber" label={t('phone-number')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix={PERMI_PREFIX}
        selectedCount={table.selected.length}
        onAdd={dialog.openCreate}
        onEdit={() => dialog.openEdit(table.selectedIds[0])}
        onDelete={() => remove(table.selectedIds)}
      />
      <Table<User> {...table.tableProps} columns={columns} />
      <UserDialog userId={dialog.target} onClose={dialog.close} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
