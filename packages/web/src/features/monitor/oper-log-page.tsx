import { EyeOutlined } from '@ant-design/icons';
import type { OperLog } from '@buglet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { cleanOperLogs, deleteOperLogs, listOperLogs, monitorKeys } from './monitor.api.ts';
import { OperLogDetail } from './oper-log-detail.tsx';

const FILTERS = ['operIp', 'title', 'operName', 'businessType', 'status'] as const;
const KEYS = { all: monitorKeys.operLogs, list: monitorKeys.operLogList };

/** The operation log (`/system/log/operlog`): who changed what, with the detail of each request. */
export default function OperLogPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<OperLog>();

  return (
    <>
      <AdminListPage<OperLog, (typeof FILTERS)[number]>
        filters={FILTERS}
        dateRange={t('operlog.time')}
        rowKey="operId"
        permiPrefix="monitor:operlog"
        keys={KEYS}
        list={listOperLogs}
        remove={{ call: deleteOperLogs, confirm: (ids) => t('operlog.confirm-delete', { ids }) }}
        exportTo={{ url: '/monitor/operlog/export', fileName: `operlog_${Date.now()}.xlsx` }}
        clean={{
          call: cleanOperLogs,
          confirm: t('operlog.confirm-clean'),
          success: t('operlog.clean-success'),
        }}
        search={
          <>
            <SearchInput name="operIp" label={t('operlog.address')} />
            <SearchInput name="title" label={t('operlog.title')} />
            <SearchInput name="operName" label={t('operlog.oper-name')} />
            <DictSearchSelect
              type="sys_oper_type"
              name="businessType"
              label={t('operlog.type')}
              width={130}
            />
            <DictSearchSelect type="sys_common_status" name="status" label={t('status')} width={110} />
          </>
        }
        columns={() => [
          { title: t('id'), dataIndex: 'operId', width: 80 },
          { title: t('operlog.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('operlog.type'),
            dataIndex: 'businessType',
            width: 100,
            render: (v: number) => <DictTag type="sys_oper_type" value={String(v)} />,
          },
          { title: t('operlog.oper-name'), dataIndex: 'operName', ellipsis: true },
          { title: t('operlog.address'), dataIndex: 'operIp', ellipsis: true, responsive: ['lg'] },
          { title: t('operlog.location'), dataIndex: 'operLocation', ellipsis: true, responsive: ['xl'] },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (v: number) => <DictTag type="sys_common_status" value={String(v)} />,
          },
          { title: t('operlog.time'), dataIndex: 'operTime', width: 165 },
          {
            title: t('operlog.cost'),
            dataIndex: 'costTime',
            width: 100,
            render: (ms: number) => t('operlog.cost-ms', { ms }),
          },
          {
            title: t('operate'),
            width: 90,
            fixed: 'right',
            render: (_v, row) => (
              <RowAction
                permi={['monitor:operlog:query']}
                icon={<EyeOutlined />}
                onClick={() => setShown(row)}
              >
                {t('operlog.detail-short')}
              </RowAction>
            ),
          },
        ]}
      />
      <OperLogDetail log={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
