import { MailOutlined, SyncOutlined } from '@ant-design/icons';
import type { Config } from '@buglet/contracts';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { Auth } from '../../components/auth.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { seededText } from '../../lib/i18n.ts';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { MailConfigDialog } from '../notices/index.ts';
import { ConfigDialog } from './config-dialog.tsx';
import { configKeys, deleteConfigs, listConfigs, refreshConfigCache } from './configs.api.ts';

const FILTERS = ['configName', 'configKey', 'configType'] as const;

/** Built-in (Y) records cannot be deleted: the server refuses and its message is shown. */
export default function ConfigListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isMailOpen, setMailOpen] = useState(false);

  const refreshCache = async () => {
    await refreshConfigCache();
    message.success(t('config.refresh-success'));
  };

  return (
    <AdminListPage<Config, (typeof FILTERS)[number]>
      filters={FILTERS}
      rowKey="configId"
      permiPrefix="system:config"
      keys={configKeys}
      list={listConfigs}
      remove={{ call: deleteConfigs, confirm: (ids) => t('config.confirm-delete', { ids }) }}
      exportTo={{ url: '/system/config/export', fileName: `config_${Date.now()}.xlsx` }}
      search={
        <>
          <SearchInput name="configName" label={t('config.name')} />
          <SearchInput name="configKey" label={t('config.key')} />
          <DictSearchSelect type="sys_yes_no" name="configType" label={t('config.built-in')} width={120} />
        </>
      }
      columns={(list) => [
        { title: t('id'), dataIndex: 'configId', width: 80 },
        {
          title: t('config.name'),
          ellipsis: true,
          render: (_v, row) => seededText(`config.name.${row.configKey}`, row.configName),
        },
        { title: t('config.key'), dataIndex: 'configKey', ellipsis: true },
        { title: t('config.value'), dataIndex: 'configValue', ellipsis: true },
        {
          title: t('config.built-in'),
          dataIndex: 'configType',
          width: 100,
          render: (v: string) => <DictTag type="sys_yes_no" value={v} />,
        },
        {
          title: t('remark'),
          ellipsis: true,
          render: (_v, row) => (row.remark ? seededText(`config.remark.${row.configKey}`, row.remark) : null),
        },
        { title: t('create-time'), dataIndex: 'createTime', width: 170 },
        { title: t('operate'), fixed: 'right', render: (_v, row) => list.rowActions(row) },
      ]}
      toolbar={() => (
        <>
          <PermiButton
            permi={['system:config:remove']}
            icon={<SyncOutlined />}
            onClick={() => void refreshCache().catch(() => {})}
          >
            {t('refresh-cache')}
          </PermiButton>
          <Auth role={['admin']}>
            <Button icon={<MailOutlined />} onClick={() => setMailOpen(true)}>
              {t('mail.server')}
            </Button>
          </Auth>
          <MailConfigDialog isOpen={isMailOpen} onClose={() => setMailOpen(false)} />
        </>
      )}
      dialog={(list) => <ConfigDialog target={list.target} onClose={list.closeDialog} />}
    />
  );
}
