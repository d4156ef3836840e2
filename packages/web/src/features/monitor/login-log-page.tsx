import { UnlockOutlined } from '@ant-design/icons';
import type { LoginLog } from '@buglet/contracts';
import { useTranslation } from 'react-i18next';
import { type AdminList, AdminListPage } from '../../components/admin-list-page.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { cleanLoginLogs, deleteLoginLogs, listLoginLogs, monitorKeys, unlockUser } from './monitor.api.ts';

const FILTERS = ['ipaddr', 'userName', 'status'] as const;
const KEYS = { all: ['login-logs'], list: (query: QueryObject) => monitorKeys.loginLogs(query) };

export default function LoginLogPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();

  const unlock = (list: AdminList<LoginLog, LoginLog>) => {
    const userName = list.selected[0]?.userName;
    if (!userName) return;
    confirm({
      content: t('logininfor.confirm-unlock', { account: userName }),
      success: t('logininfor.unlock-success', { account: userName }),
      isDanger: false,
      action: () => unlockUser(userName),
    });
  };

  return (
    <AdminListPage<LoginLog, (typeof FILTERS)[number]>
      filters={FILTERS}
      dateRange={t('logininfor.time')}
      rowKey="infoId"
      permiPrefix="monitor:logininfor"
      keys={KEYS}
      list={listLoginLogs}
      remove={{ call: deleteLoginLogs, confirm: (ids) => t('logininfor.confirm-delete', { ids }) }}
      exportTo={{ url: '/monitor/logininfor/export', fileName: `logininfor_${Date.now()}.xlsx` }}
      clean={{
        call: cleanLoginLogs,
        confirm: t('logininfor.confirm-clean'),
        success: t('logininfor.clean-success'),
      }}
      search={
        <>
          <SearchInput name="ipaddr" label={t('logininfor.ipaddr')} />
          <SearchInput name="userName" label={t('account')} />
          <DictSearchSelect type="sys_common_status" name="status" label={t('status')} width={120} />
        </>
      }
      columns={() => [
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
      ]}
      toolbar={(list) => (
        <PermiButton
          permi={['monitor:logininfor:unlock']}
          icon={<UnlockOutlined />}
          disabled={list.selected.length !== 1}
          onClick={() => unlock(list)}
        >
          {t('unlock')}
        </PermiButton>
      )}
    />
  );
}
