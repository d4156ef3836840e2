import { LogoutOutlined } from '@ant-design/icons';
import type { OnlineSession } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { forceLogout, listOnline, monitorKeys } from './monitor.api.ts';

const FILTERS = ['ipaddr', 'userName'] as const;

/** A 64-character session id would push the other columns under the fixed Actions column. */
export function shortenId(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id;
}

export default function OnlinePage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const query = useQuery({ queryKey: monitorKeys.online(list.query), queryFn: () => listOnline(list.query) });
  const table = usePagedTable(query, list, 'tokenId');

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
    {
      title: t('online.token'),
      dataIndex: 'tokenId',
      width: 170,
      render: (tokenId: string) => (
        <Tooltip title={tokenId}>
          <Typography.Text code>{shortenId(tokenId)}</Typography.Text>
        </Tooltip>
      ),
    },
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
        <RowAction
          permi={['monitor:online:forceLogout']}
          danger
          icon={<LogoutOutlined />}
          onClick={() => kick(session)}
        >
          {t('online.force-logout')}
        </RowAction>
      ),
    },
  ];

  return (
    <Card>
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <SearchInput name="ipaddr" label={t('logininfor.ipaddr')} />
        <SearchInput name="userName" label={t('account')} />
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()} />
      <Table<OnlineSession> {...table} columns={columns} />
    </Card>
  );
}
