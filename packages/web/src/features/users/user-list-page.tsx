import { KeyOutlined, SafetyCertificateOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { App, Checkbox, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { usePermi } from '../../components/auth.tsx';
import { ImportDialog } from '../../components/import-dialog.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { personName } from '../../lib/person-name.ts';
import { DeptTreeFilter, deptLabel } from '../depts/index.ts';
import { DictSearchSelect } from '../dicts/index.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UserStatusSwitch } from './user-status-switch.tsx';
import {
  deleteUsers,
  downloadUserTemplate,
  importUsers,
  listUsers,
  resetUserTotp,
  userKeys,
} from './users.api.ts';

const FILTERS = ['userName', 'phoneNumber', 'status', 'deptId'] as const;
const isSuperAdmin = (user: User) => user.userId === SUPER_ADMIN_ID;

export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = usePermi(['system:user:edit']);
  const { modal, message } = App.useApp();
  const [resetting, setResetting] = useState<User | undefined>(undefined);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isUpdateSupported, setUpdateSupported] = useState(false);
  // The department tree sets the same URL filter the list reads (the subtree is listed).
  const urlList = useListParams(FILTERS);
  const deptId = urlList.filters.deptId ? Number(urlList.filters.deptId) : undefined;

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
      exportTo={{ url: '/system/user/export', fileName: `${t('user.export-file')}_${Date.now()}.xlsx` }}
      asideFrom="xl"
      aside={
        <DeptTreeFilter
          value={deptId}
          onChange={(next) =>
            urlList.search({ ...urlList.filters, deptId: next === undefined ? undefined : String(next) })
          }
        />
      }
      search={
        <>
          <Form.Item name="deptId" hidden>
            <Input />
          </Form.Item>
          <SearchInput name="userName" label={t('account')} />
          <SearchInput name="phoneNumber" label={t('phone-number')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        {
          title: t('account'),
          dataIndex: 'userName',
          ellipsis: true,
          render: (_v, u) => (
            <>
              {u.userName}
              {u.totpEnabled ? (
                <Tag color="green" style={{ marginInlineStart: 6 }} title={t('totp.title')}>
                  {t('totp.tag')}
                </Tag>
              ) : null}
            </>
          ),
        },
        { title: t('nick-name'), ellipsis: true, render: (_v, u) => personName(u) },
        {
          title: t('dept.user'),
          ellipsis: true,
          render: (_v, u) => (u.dept ? deptLabel(u.dept.deptName) : null),
        },
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
                    {user.totpEnabled ? (
                      <RowAction
                        permi={['system:user:edit']}
                        icon={<SafetyCertificateOutlined />}
                        onClick={() =>
                          modal.confirm({
                            title: t('totp.reset'),
                            content: t('totp.reset.confirm', { account: user.userName }),
                            okText: t('ok'),
                            cancelText: t('cancel'),
                            onOk: async () => {
                              await resetUserTotp(user.userId);
                              message.success(t('totp.reset.done', { account: user.userName }));
                              list.refetch();
                            },
                          })
                        }
                      >
                        {t('totp.reset')}
                      </RowAction>
                    ) : null}
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
      toolbar={() => (
        <PermiButton
          permi={['system:user:import']}
          icon={<UploadOutlined />}
          onClick={() => setImportOpen(true)}
        >
          {t('user.import')}
        </PermiButton>
      )}
      dialog={(list) => (
        <>
          <UserDialog userId={list.target} onClose={list.closeDialog} />
          <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
          <ImportDialog
            open={isImportOpen}
            title={t('user.import.title')}
            hint={t('user.import.hint')}
            testId="user-import"
            downloadTemplate={() => downloadUserTemplate(`${t('user.import.template-file')}.xlsx`)}
            importFile={(file) => importUsers(file, isUpdateSupported)}
            onClose={() => setImportOpen(false)}
            onImported={list.refetch}
            extra={
              <Checkbox checked={isUpdateSupported} onChange={(e) => setUpdateSupported(e.target.checked)}>
                {t('user.import.update-support')}
              </Checkbox>
            }
          />
        </>
      )}
    />
  );
}
