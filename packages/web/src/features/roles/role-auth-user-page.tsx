import { CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { personName } from '../../lib/person-name.ts';
import { DictTag } from '../dicts/index.ts';
import { cancelUser, cancelUsers, getRole, listAllocatedUsers, roleKeys } from './roles.api.ts';
import { SelectUserDialog } from './select-user-dialog.tsx';

const FILTERS = ['userName', 'phoneNumber'] as const;

/**
 * Users holding one role. A platform role is granted to more users here, or taken away one by one
 * or in bulk; a team or project role comes with a membership, so its holders are only listed.
 */
export default function RoleAuthUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const list = useListParams(FILTERS);
  const [isPicking, setPicking] = useState(false);
  const params = { ...list.query, roleId };
  const query = useQuery({ queryKey: roleKeys.allocated(params), queryFn: () => listAllocatedUsers(params) });
  const role = useQuery({ queryKey: roleKeys.detail(roleId), queryFn: () => getRole(roleId) }).data?.data;
  const membership = role?.isTeamRole ? 'team' : role?.isProjectRole ? 'project' : undefined;
  const isEditable = role !== undefined && membership === undefined;
  const table = useSelectableTable(query, list, 'userId');
  const revoke = useConfirmRemove({
    content: () => t('role.confirm-cancel-users'),
    success: t('cancel-success'),
    remove: (ids) =>
      ids.length === 1 && ids[0] !== undefined ? cancelUser(roleId, ids[0]) : cancelUsers(roleId, ids),
    onRemoved: () => {
      table.clearSelection();
      return query.refetch();
    },
  });

  const columns: TableColumnsType<User> = [
    { title: t('account'), dataIndex: 'userName' },
    { title: t('nick-name'), render: (_v, u: User) => personName(u) },
    { title: t('email'), dataIndex: 'email' },
    { title: t('phone-number'), dataIndex: 'phoneNumber' },
    { title: t('status'), render: (_v, u) => <DictTag type="sys_normal_disable" value={u.status} /> },
    { title: t('create-time'), dataIndex: 'createTime', width: 170 },
  ];
  const revokeColumn: TableColumnsType<User>[number] = {
    title: t('operate'),
    fixed: 'right',
    render: (_v, u) => (
      <RowAction permi={['system:role:edit']} danger onClick={() => revoke([u.userId])}>
        {t('role.cancel-auth')}
      </RowAction>
    ),
  };

  return (
    <Card title={t('role.assign-users')} extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}>
      {membership ? (
        <Alert
          type="info"
          showIcon
          title={t(`role.held-by-membership.${membership}`)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <SearchInput name="userName" label={t('account')} />
        <SearchInput name="phoneNumber" label={t('phone-number')} />
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()}>
        {isEditable ? (
          <>
            <PermiButton
              permi={['system:role:edit']}
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setPicking(true)}
            >
              {t('role.add-users')}
            </PermiButton>
            <PermiButton
              permi={['system:role:edit']}
              danger
              icon={<CloseCircleOutlined />}
              onClick={() => revoke(table.selectedIds)}
            >
              {t('role.cancel-batch')}
            </PermiButton>
          </>
        ) : null}
      </ListToolbar>
      <Table<User>
        {...table.tableProps}
        rowSelection={isEditable ? table.tableProps.rowSelection : undefined}
        columns={isEditable ? [...columns, revokeColumn] : columns}
      />
      <SelectUserDialog
        roleId={roleId}
        open={isPicking}
        onClose={(isChanged) => {
          setPicking(false);
          if (isChanged) void query.refetch();
        }}
      />
    </Card>
  );
}
