import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { Config } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
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
import { ConfigDialog } from './config-dialog.tsx';
import { configKeys, deleteConfigs, listConfigs, refreshConfigCache } from './configs.api.ts';

const FILTERS = ['configName', 'configKey', 'configType'] as const;

/** Built-in (Y) records cannot be deleted: the server refuses and its message is shown. */
export default function ConfigListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const yesNo = useDict('sys_yes_no');
  const [isSearchShown, setSearchShown] = useState(true);
  const [selected, setSelected] = useState<Config[]>([]);
  const [editing, setEditing] = useState<Config | null | undefined>(undefined);
  const query = useQuery({ queryKey: configKeys.list(list.query), queryFn: () => listConfigs(list.query) });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const remove = (rows: Config[]) => {
    if (rows.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    const ids = rows.map((r) => r.configId);
    confirm({
      content: t('config.confirm-delete', { ids: ids.join(',') }),
      action: async () => {
        await deleteConfigs(ids);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: configKeys.all });
      },
    });
  };

  const refreshCache = async () => {
    await refreshConfigCache();
    message.success(t('config.refresh-success'));
  };

  const columns: TableColumnsType<Config> = [
    { title: t('id'), dataIndex: 'configId', width: 80 },
    { title: t('config.name'), dataIndex: 'configName', ellipsis: true },
    { title: t('config.key'), dataIndex: 'configKey', ellipsis: true },
    { title: t('config.value'), dataIndex: 'configValue', ellipsis: true },
    {
      title: t('config.built-in'),
      dataIndex: 'configType',
      width: 100,
      render: (v: string) => <DictTag type="sys_yes_no" value={v} />,
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('create-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Auth permi={['system:config:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
              {t('modify')}
            </Button>
          </Auth>
          <Auth permi={['system:config:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {t('delete')}
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
          <Form.Item name="configName" label={t('config.name')}>
            <Input allowClear placeholder={t('config.name')} />
          </Form.Item>
          <Form.Item name="configKey" label={t('config.key')}>
            <Input allowClear placeholder={t('config.key')} />
          </Form.Item>
          <Form.Item name="configType" label={t('config.built-in')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={yesNo.options}
              placeholder={t('config.built-in')}
            />
          </Form.Item>
        </SearchForm>
      ) : null}
      <ListToolbar
        onRefresh={() => void query.refetch()}
        isSearchShown={isSearchShown}
        onToggleSearch={() => setSearchShown((v) => !v)}
      >
        <Auth permi={['system:config:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        </Auth>
        <Auth permi={['system:config:edit']}>
          <Button
            icon={<EditOutlined />}
            disabled={selected.length !== 1}
            onClick={() => setEditing(selected[0])}
          >
            {t('modify')}
          </Button>
        </Auth>
        <Auth permi={['system:config:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        </Auth>
        <Auth permi={['system:config:remove']}>
          <Button icon={<SyncOutlined />} onClick={() => void refreshCache().catch(() => {})}>
            {t('refresh-cache')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<Config>
        rowKey="configId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.configId),
          onChange: (_k, rows) => setSelected(rows),
        }}
      />
      <ConfigDialog target={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
