import { LogoutOutlined } from '@ant-design/icons';
import type { OnlineSession } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { forceLogout, listOnline, monitorKeys } from './monitor.api.ts';

const FILTERS = ['ipaddr', 'userName'] as const;

export default function OnlinePage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const query = useQuery({ queryKey: monitorKeys.online(list.query), queryFn: () => listOnline(list.query) });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const kick = (session: OnlineSession) =>
    confirm({
      content: t('online.confirm-force-logout', { account: session.userName }),
      success: t('online.force-logout-success'),
      action: async () => {
        await forceLogout(session.tokenId);
        await query.refetch();
      },
    });

  const columns: TableColumnsType<OnlineSession> = [
    { title: t('online.token'), dataIndex: 'tokenId', ellipsis: true, width: 200 },
    { title: t('account'), dataIndex: 'userName' },
    { title: t('logininfor.ipaddr'), dataIndex: 'ipaddr' },
    { title: t('logininfor.location'), dataIndex: 'loginLocation' },
    { title: t('logininfor.browser'), dataIndex: 'browser' },
    { title: t('logininfor.os'), dataIndex: 'os' },
    { title: t('logininfor.time'), dataIndex: 'loginTime', width: 170 },
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, session) => (
        <Auth permi={['monitor:online:forceLogout']}>
          <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => kick(session)}>
            {t('online.force-logout')}
          </Button>
        </Auth>
      ),
    },
  ];

  return (
    <Card>
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="ipaddr" label={t('logininfor.ipaddr')}>
          <Input allowClear placeholder={t('logininfor.ipaddr')} />
        </Form.Item>
        <Form.Item name="userName" label={t('account')}>
          <Input allowClear placeholder={t('account')} />
        </Form.Item>
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()} />
      <Table<OnlineSession>
        rowKey="tokenId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
      />
    </Card>
  );
}
