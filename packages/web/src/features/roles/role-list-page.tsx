import { UserAddOutlined } from '@ant-design/icons';
import type { Role } from '@buglet/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { DictSearchSelect } from '../dicts/index.ts';
import { RoleDialog } from './role-dialog.tsx';
import { RoleStatusSwitch } from './role-status-switch.tsx';
import { deleteRoles, listRoles, roleKeys } from './roles.api.ts';

const FILTERS = ['roleName', 'roleKey', 'status'] as const;
const isAdminRole = (role: Role) => role.admin;

export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminListPage<Role, (typeof FILTERS)[number], number>
      filters={FILTERS}
      rowKey="roleId"
      permiPrefix="system:role"
      keys={roleKeys}
      list={listRoles}
      isLocked={isAdminRole}
      remove={{ call: deleteRoles, confirm: (ids) => t('role.confirm-delete', { ids }) }}
      exportTo={{ url: '/system/role/export', fileName: `role_${Date.now()}.xlsx` }}
      toTarget={(role) => role.roleId}
      search={
        <>
          <SearchInput name="roleName" label={t('role.name')} />
          <SearchInput name="roleKey" label={t('role.key')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        { title: t('id'), dataIndex: 'roleId', width: 80 },
        {
          title: t('role.name'),
          render: (_v, r) => translateOr(r.roleNameI18nKey, r.roleName),
          ellipsis: true,
        },
        { title: t('role.key'), dataIndex: 'roleKey', ellipsis: true },
        { title: t('role.sort'), dataIndex: 'roleSort', width: 80 },
        { title: t('status'), width: 100, render: (_v, role) => <RoleStatusSwitch role={role} /> },
        { title: t('create-time'), dataIndex: 'createTime', width: 170 },
        {
          title: t('operate'),
          key: 'actions',
          fixed: 'right',
          render: (_v, role) =>
            role.admin
              ? null
              : list.rowActions(
                  role,
                  <RowAction
                    permi={['system:role:edit']}
                    icon={<UserAddOutlined />}
                    onClick={() => navigate(`/system/role-auth/member/${role.roleId}`)}
                  >
                    {t('role.assign-users')}
                  </RowAction>,
                ),
        },
      ]}
      dialog={(list) => <RoleDialog roleId={list.target} onClose={list.closeDialog} />}
    />
  );
}
