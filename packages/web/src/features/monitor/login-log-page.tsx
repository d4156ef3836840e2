import { ClearOutlined, UnlockOutlined } from '@ant-design/icons';
import type { LoginLog } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Form, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { DictTag } from '../dicts/dict-tag.tsx';
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
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const { beginTime, endTime, ...plain } = list.filters;
  // The date range travels as params[beginTime] / params[endTime], as the original API expects.
  const params = { ...plain, pageNum: list.pageNum, pageSize: list.pageSize, params: { beginTime, endTime } };
  const query = useQuery({ queryKey: monitorKeys.loginLogs(params), queryFn: () => listLoginLogs(params) });
  const table = useSelectableTable(query, list, 'infoId');

  const initial: SearchValues = {
    ...plain,
    range: beginTime && endTime ? [dayjs(beginTime), dayjs(endTime)] : null,
  };
  const search = ({ range, ...rest }: SearchValues) =>
    list.search({ ...rest, beginTime: range?.[0].format(DAY), endTime: range?.[1].format(DAY) });

  const remove = useConfirmRemove({
    content: (ids) => t('logininfor.confirm-delete', { ids }),
    remove: deleteLoginLogs,
    onRemoved: () => {
      table.clearSelection();
      return query.refetch();
    },
  });

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
    const userName = table.selected[0]?.userName;
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
      {searchToggle.isSearchShown ? (
        <SearchForm<SearchValues> initialValues={initial} onSearch={search} onReset={list.reset}>
          <SearchInput name="ipaddr" label={t('logininfor.ipaddr')} />
          <SearchInput name="userName" label={t('account')} />
          <DictSearchSelect type="sys_common_status" name="status" label={t('status')} width={120} />
          <Form.Item name="range" label={t('logininfor.time')}>
            <DatePicker.RangePicker placeholder={[t('start-time'), t('end-time')]} />
          </Form.Item>
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix="monitor:logininfor"
        onDelete={() => remove(table.selectedIds)}
      >
        <PermiButton permi={['monitor:logininfor:remove']} danger icon={<ClearOutlined />} onClick={clean}>
          {t('clear')}
        </PermiButton>
        <PermiButton
          permi={['monitor:logininfor:unlock']}
          icon={<UnlockOutlined />}
          disabled={table.selected.length !== 1}
          onClick={unlock}
        >
          {t('unlock')}
        </PermiButton>
      </CrudToolbar>
      <Table<LoginLog> {...table.tableProps} columns={columns} />
    </Card>
  );
}
