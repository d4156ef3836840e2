import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Auth, usePermi } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { useDict } from '../dicts/use-dict.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import { UserStatusSwitch } from './user-status-switch.tsx';
import { deleteUsers, listUsers, userKeys } from './users.api.ts';

const FILTERS = ['userName', 'phoneNumber', 'status'] as const;

export default function UserListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_normal_disable');
  const canEdit = usePermi(['system:user:edit']);
  const [isSearchShown, setSearchShown] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [resetting, setResetting] = useState<User | undefined>(undefined);

  const query = useQuery({ queryKey: userKeys.list(list.query), queryFn: () => listUsers(list.query) });
  const rows = query.data?.rows ?? [];
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const remove = (ids: number[]) => {
    if (ids.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    confirm({
      content: t('user.confirm-delete', { ids: ids.join(',') }),
      action: async () => {
        await deleteUsers(ids);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
      },
    });
  };

  const columns: TableColumnsType<User> = [
    { title: t('account'), dataIndex: 'userName', ellipsis: true },
    { title: t('nick-name'), dataIndex: 'nickName', ellipsis: true },
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
        user.userId === SUPER_ADMIN_ID ? null : (
          <Space size={0} wrap>
            <Auth permi={['system:user:edit']}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(user.userId)}
              >
                {t('modify')}
              </Button>
            </Auth>
            <Auth permi={['system:user:remove']}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove([user.userId])}
              >
                {t('delete')}
              </Button>
            </Auth>
            <Auth permi={['system:user:resetPwd']}>
              <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(user)}>
                {t('reset-password')}
              </Button>
            </Auth>
            <Auth permi={['system:user:edit', 'system:member:edit']}>
              <Button
                type="link"
                size="small"
                icon={<TeamOutlined />}
                onClick={() => navigate(`/system/member-auth/role/${user.userId}`)}
              >
                {t('user.assign-roles')}
              </Button>
            </Auth>
          </Space>
        ),
    },
  ];

  return (
    <Card>
      {isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="userName" label={t('account')}>
            <Input allowClear placeholder={t('account')} />
          </Form.Item>
          <Form.Item name="phoneNumber" label={t('phone-number')}>
            <Input allowClear placeholder={t('phone-number')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={statusDict.options}
              placeholder={t('status')}
            />
          </Form.Item>
        </SearchForm>
      ) : null}
      <ListToolbar
        onRefresh={() => void query.refetch()}
        isSearchShown={isSearchShown}
        onToggleSearch={() => setSearchShown((v) => !v)}
      >
        <Auth permi={['system:user:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        </Auth>
        <Auth permi={['system:user:edit']}>
          <Button
            icon={<EditOutlined />}
            disabled={selected.length !== 1}
            onClick={() => setEditing(selected[0] ?? undefined)}
          >
            {t('modify')}
          </Button>
        </Auth>
        <Auth permi={['system:user:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<User>
        rowKey="userId"
        loading={query.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (user) => ({ disabled: user.userId === SUPER_ADMIN_ID }),
        }}
      />
      <UserDialog userId={editing} onClose={() => setEditing(undefined)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
