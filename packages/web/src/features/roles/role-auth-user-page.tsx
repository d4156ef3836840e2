import { CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
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
import { DictTag } from '../dicts/dict-tag.tsx';
import { cancelUser, cancelUsers, listAllocatedUsers, roleKeys } from './roles.api.ts';
import { SelectUserDialog } from './select-user-dialog.tsx';

const FILTERS = ['userName', 'phoneNumber'] as const;

/** Users holding one role: grant it to more users, or take it away one by one or in bulk. */
export default function RoleAuthUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const list = useListParams(FILTERS);
  const [isPicking, setPicking] = useState(false);
  const params = { ...list.query, roleId };
  const query = useQuery({ queryKey: roleKeys.allocated(params), queryFn: () => listAllocatedUsers(params) });
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

  return (
    <Card title={t('role.assign-users')} extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}>
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <SearchInput name="userName" label={t('account')} />
        <SearchInput name="phoneNumber" label={t('phone-number')} />
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()}>
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
      </ListToolbar>
      <Table<User>
        {...table.tableProps}
        columns={[
          { title: t('account'), dataIndex: 'userName' },
          { title: t('nick-name'), render: (_v, u: User) => personName(u) },
          { title: t('email'), dataIndex: 'email' },
          { title: t('phone-number'), dataIndex: 'phoneNumber' },
          { title: t('status'), render: (_v, u) => <DictTag type="sys_normal_disable" value={u.status} /> },
          { title: t('create-time'), dataIndex: 'createTime', width: 170 },
          {
            title: t('operate'),
            fixed: 'right',
            render: (_v, u) => (
              <RowAction permi={['system:role:edit']} danger onClick={() => revoke([u.userId])}>
                {t('role.cancel-auth')}
              </RowAction>
            ),
          },
        ]}
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
