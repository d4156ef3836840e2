import { ClearOutlined, DeleteOutlined, UnlockOutlined } from '@ant-design/icons';
import type { LoginLog } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { DictTag } from '../dicts/dict-tag.tsx';
import { useDict } from '../dicts/use-dict.ts';
import { cleanLoginLogs, deleteLoginLogs, listLoginLogs, monitorKeys, unlockUser } from './monitor.api.ts';

const FILTERS = ['ipaddr', 'userName', 'status', 'beginTime', 'endTime'] as const;
const DAY = 'YYYY-MM-DD';

interface SearchValues {
  ipaddr?: string;
  userName?: string;
  status?: string;
  range?: [Dayjs, Dayjs] | null;
}

export default function LoginLogPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_common_status');
  const [isSearchShown, setSearchShown] = useState(true);
  const [selected, setSelected] = useState<LoginLog[]>([]);
  const { beginTime, endTime, ...plain } = list.filters;
  // The date range travels as params[beginTime] / params[endTime], as the original API expects.
  const params = { ...plain, pageNum: list.pageNum, pageSize: list.pageSize, params: { beginTime, endTime } };
  const query = useQuery({ queryKey: monitorKeys.loginLogs(params), queryFn: () => listLoginLogs(params) });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const initial: SearchValues = {
    ...plain,
    range: beginTime && endTime ? [dayjs(beginTime), dayjs(endTime)] : null,
  };
  const search = ({ range, ...rest }: SearchValues) =>
    list.search({ ...rest, beginTime: range?.[0].format(DAY), endTime: range?.[1].format(DAY) });

  const remove = () => {
    if (selected.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    const ids = selected.map((r) => r.infoId);
    confirm({
      content: t('logininfor.confirm-delete', { ids: ids.join(',') }),
      action: async () => {
        await deleteLoginLogs(ids);
        setSelected([]);
        await query.refetch();
      },
    });
  };

  const clean = () =>
    confirm({
      content: t('logininfor.confirm-clean'),
      success: t('logininfor.clean-success'),
      action: async () => {
        await cleanLoginLogs();
        await query.refetch();
      },
    });

  const unlock = () => {
    const userName = selected[0]?.userName;
    if (!userName) return;
    confirm({
      content: t('logininfor.confirm-unlock', { account: userName }),
      success: t('logininfor.unlock-success', { account: userName }),
      isDanger: false,
      action: () => unlockUser(userName),
    });
  };

  const columns: TableColumnsType<LoginLog> = [
    { title: t('id'), dataIndex: 'infoId', width: 80 },
    { title: t('account'), dataIndex: 'userName' },
    { title: t('logininfor.ipaddr'), dataIndex: 'ipaddr' },
    { title: t('logininfor.location'), dataIndex: 'loginLocation', ellipsis: true },
    { title: t('logininfor.browser'), dataIndex: 'browser' },
    { title: t('logininfor.os'), dataIndex: 'os' },
    {
      title: t('status'),
      dataIndex: 'status',
      render: (v: string) => <DictTag type="sys_common_status" value={v} />,
    },
    { title: t('logininfor.msg'), dataIndex: 'msg', ellipsis: true },
    { title: t('logininfor.time'), dataIndex: 'loginTime', width: 170 },
  ];

  return (
    <Card>
      {isSearchShown ? (
        <SearchForm<SearchValues> initialValues={initial} onSearch={search} onReset={list.reset}>
          <Form.Item name="ipaddr" label={t('logininfor.ipaddr')}>
            <Input allowClear placeholder={t('logininfor.ipaddr')} />
          </Form.Item>
          <Form.Item name="userName" label={t('account')}>
            <Input allowClear placeholder={t('account')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={statusDict.options}
              placeholder={t('status')}
            />
          </Form.Item>
          <Form.Item name="range" label={t('logininfor.time')}>
            <DatePicker.RangePicker placeholder={[t('start-time'), t('end-time')]} />
          </Form.Item>
        </SearchForm>
      ) : null}
      <ListToolbar
        onRefresh={() => void query.refetch()}
        isSearchShown={isSearchShown}
        onToggleSearch={() => setSearchShown((v) => !v)}
      >
        <Auth permi={['monitor:logininfor:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={remove}>
            {t('delete')}
          </Button>
        </Auth>
        <Auth permi={['monitor:logininfor:remove']}>
          <Button danger icon={<ClearOutlined />} onClick={clean}>
            {t('clear')}
          </Button>
        </Auth>
        <Auth permi={['monitor:logininfor:unlock']}>
          <Button icon={<UnlockOutlined />} disabled={selected.length !== 1} onClick={unlock}>
            {t('unlock')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<LoginLog>
        rowKey="infoId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.infoId),
          onChange: (_k, rows) => setSelected(rows),
        }}
      />
    </Card>
  );
}
