import { MailOutlined, SyncOutlined } from '@ant-design/icons';
import type { Config } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/auth.tsx';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { seededText } from '../../lib/i18n.ts';
import { DictSearchSelect } from '../dicts/dict-fields.tsx';
import { DictTag } from '../dicts/dict-tag.tsx';
import { MailConfigDialog } from '../notices/mail-config-dialog.tsx';
import { ConfigDialog } from './config-dialog.tsx';
import { configKeys, deleteConfigs, listConfigs, refreshConfigCache } from './configs.api.ts';

const FILTERS = ['configName', 'configKey', 'configType'] as const;
const PERMI_PREFIX = 'system:config';

/** Built-in (Y) records cannot be deleted: the server refuses and its message is shown. */
export default function ConfigListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<Config>();
  const [isMailOpen, setMailOpen] = useState(false);
  const query = useQuery({ queryKey: configKeys.list(list.query), queryFn: () => listConfigs(list.query) });
  const table = useSelectableTable(query, list, 'configId');
  const remove = useConfirmRemove({
    content: (ids) => t('config.confirm-delete', { ids }),
    remove: deleteConfigs,
    onRemoved: table.clearSelection,
    invalidate: [configKeys.all],
  });

  const refreshCache = async () => {
    await refreshConfigCache();
    message.success(t('config.refresh-success'));
  };

  const columns: TableColumnsType<Config> = [
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
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, row) => (
        <RowActions
          permiPrefix={PERMI_PREFIX}
          onEdit={() => dialog.openEdit(row)}
          onDelete={() => remove([row.configId])}
        />
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="configName" label={t('config.name')} />
          <SearchInput name="configKey" label={t('config.key')} />
          <DictSearchSelect type="sys_yes_no" name="configType" label={t('config.built-in')} width={120} />
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={() => void query.refetch()}
        permiPrefix={PERMI_PREFIX}
        selectedCount={table.selected.length}
        onAdd={dialog.openCreate}
        onEdit={() => dialog.openEdit(table.selected[0])}
        onDelete={() => remove(table.selectedIds)}
      >
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
      </CrudToolbar>
      <Table<Config> {...table.tableProps} columns={columns} />
      <ConfigDialog target={dialog.target} onClose={dialog.close} />
      <MailConfigDialog isOpen={isMailOpen} onClose={() => setMailOpen(false)} />
    </Card>
  );
}
