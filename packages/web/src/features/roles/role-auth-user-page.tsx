import { CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { DictTag } from '../dicts/dict-tag.tsx';
import { cancelUser, cancelUsers, listAllocatedUsers, roleKeys } from './roles.api.ts';
import { SelectUserDialog } from './select-user-dialog.tsx';

const FILTERS = ['userName', 'phoneNumber'] as const;

/** Users holding one role: grant it to more users, or take it away one by one or in bulk. */
export default function RoleAuthUserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const roleId = Number(useParams().roleId);
  const list = useListParams(FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [isPicking, setPicking] = useState(false);
  const params = { ...list.query, roleId };
  const query = useQuery({ queryKey: roleKeys.allocated(params), queryFn: () => listAllocatedUsers(params) });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const revoke = (ids: number[]) => {
    if (ids.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    confirm({
      content: t('role.confirm-cancel-users'),
      success: t('cancel-success'),
      action: async () => {
        if (ids.length === 1 && ids[0] !== undefined) await cancelUser(roleId, ids[0]);
        else await cancelUsers(roleId, ids);
        setSelected([]);
        await query.refetch();
      },
    });
  };

  return (
    <Card title={t('role.assign-users')} extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}>
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="userName" label={t('account')}>
          <Input allowClear placeholder={t('account')} />
        </Form.Item>
        <Form.Item name="phoneNumber" label={t('phone-number')}>
          <Input allowClear placeholder={t('phone-number')} />
        </Form.Item>
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()}>
        <Auth permi={['system:role:edit']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('role.add-users')}
          </Button>
        </Auth>
        <Auth permi={['system:role:edit']}>
          <Button danger icon={<CloseCircleOutlined />} onClick={() => revoke(selected)}>
            {t('role.cancel-batch')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<User>
        rowKey="userId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: t('account'), dataIndex: 'userName' },
          { title: t('nick-name'), dataIndex: 'nickName' },
          { title: t('email'), dataIndex: 'email' },
          { title: t('phone-number'), dataIndex: 'phoneNumber' },
          { title: t('status'), render: (_v, u) => <DictTag type="sys_normal_disable" value={u.status} /> },
          { title: t('create-time'), dataIndex: 'createTime', width: 170 },
          {
            title: t('operate'),
            fixed: 'right',
            render: (_v, u) => (
              <Auth permi={['system:role:edit']}>
                <Button type="link" size="small" danger onClick={() => revoke([u.userId])}>
                  {t('role.cancel-auth')}
                </Button>
              </Auth>
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
