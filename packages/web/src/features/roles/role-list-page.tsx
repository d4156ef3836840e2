import { UserAddOutlined } from '@ant-design/icons';
import type { Role } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { RowAction, RowActions } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { translateOr } from '../../lib/i18n.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { RoleStatusSwitch } from './role-status-switch.tsx';
import { deleteRoles, listRoles, roleKeys } from './roles.api.ts';

const FILTERS = ['roleName', 'roleKey', 'status'] as const;
const PERMI_PREFIX = 'system:role';
const isAdminRole = (role: Role) => role.admin;

export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<number>();
  const query = useQuery({ queryKey: roleKeys.list(list.query), queryFn: () => listRoles(list.query) });
  const table = useSelectableTable(query, list, 'roleId', isAdminRole);
  const remove = useConfirmRemove({
    content: (ids) => t('role.confirm-delete', { ids }),
    remove: deleteRoles,
    onRemoved: table.clearSelection,
    invalidate: [roleKeys.all],
  });

  const columns: TableColumnsType<Role> = [
    { title: t('id'), dataIndex: 'roleId', width: 80 },
    { title: t('role.name'), render: (_v, r) => translateOr(r.roleNameI18nKey, r.roleName), ellipsis: true },
    { title: t('role.key'), dataIndex: 'roleKey', ellipsis: true },
    { title: t('role.sort'), dataIndex: 'roleSort', width: 80 },
    { title: t('status'), width: 100, render: (_v, role) => <RoleStatusSwitch role={role} /> },
    { title: t('create-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      key: 'actions',
      fixed: 'right',
      render: (_v, role) =>
        role.admin ? null : (
          <RowActions
            permiPrefix={PERMI_PREFIX}
            onEdit={() => dialog.openEdit(role.roleId)}
            onDelete={() => remove([role.roleId])}
            isWrapped
          >
            <RowAction
              permi={['system:role:edit']}
              icon={<UserAddOutlined />}
              onClick={() => navigate(`/system/role-auth/member/${role.roleId}`)}
            >
              {t('role.assign-users')}
            </RowAction>
          </RowActions>
        ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="roleName" label={t('role.name')} />
          <SearchInput name="roleKey" label={t('role.key')} />
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
      <Table<Role> {...table.tableProps} columns={columns} />
      <RoleDialog roleId={dialog.target} onClose={dialog.close} />
    </Card>
  );
}
