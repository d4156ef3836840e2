import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Role } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { translateOr } from '../../lib/i18n.ts';
import { useDict } from '../dicts/use-dict.ts';
import { RoleDialog } from './role-dialog.tsx';
import { RoleStatusSwitch } from './role-status-switch.tsx';
import { deleteRoles, listRoles, roleKeys } from './roles.api.ts';

const FILTERS = ['roleName', 'roleKey', 'status'] as const;

export default function RoleListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_normal_disable');
  const [isSearchShown, setSearchShown] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const query = useQuery({ queryKey: roleKeys.list(list.query), queryFn: () => listRoles(list.query) });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const remove = (ids: number[]) => {
    if (ids.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    confirm({
      content: t('role.confirm-delete', { ids: ids.join(',') }),
      action: async () => {
        await deleteRoles(ids);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      },
    });
  };

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
          <Space size={0} wrap>
            <Auth permi={['system:role:edit']}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(role.roleId)}
              >
                {t('modify')}
              </Button>
            </Auth>
            <Auth permi={['system:role:remove']}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove([role.roleId])}
              >
                {t('delete')}
              </Button>
            </Auth>
            <Auth permi={['system:role:edit']}>
              <Button
                type="link"
                size="small"
                icon={<UserAddOutlined />}
                onClick={() => navigate(`/system/role-auth/member/${role.roleId}`)}
              >
                {t('role.assign-users')}
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
          <Form.Item name="roleName" label={t('role.name')}>
            <Input allowClear placeholder={t('role.name')} />
          </Form.Item>
          <Form.Item name="roleKey" label={t('role.key')}>
            <Input allowClear placeholder={t('role.key')} />
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
        <Auth permi={['system:role:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        </Auth>
        <Auth permi={['system:role:edit']}>
          <Button
            icon={<EditOutlined />}
            disabled={selected.length !== 1}
            onClick={() => setEditing(selected[0])}
          >
            {t('modify')}
          </Button>
        </Auth>
        <Auth permi={['system:role:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<Role>
        rowKey="roleId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (role) => ({ disabled: role.admin }),
        }}
      />
      <RoleDialog roleId={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
