import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { DictType } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Auth, usePermi } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { DictTag } from './dict-tag.tsx';
import { DictTypeDialog } from './dict-type-dialog.tsx';
import { deleteDictTypes, dictTypeKeys, listDictTypes, refreshDictCache } from './dicts.api.ts';
import { useDict } from './use-dict.ts';

const FILTERS = ['dictName', 'dictType', 'status'] as const;

export default function DictTypeListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_normal_disable');
  const canOpenData = usePermi(['system:dict:list']);
  const [isSearchShown, setSearchShown] = useState(true);
  const [selected, setSelected] = useState<DictType[]>([]);
  const [editing, setEditing] = useState<DictType | null | undefined>(undefined);
  const query = useQuery({
    queryKey: dictTypeKeys.list(list.query),
    queryFn: () => listDictTypes(list.query),
  });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const remove = (rows: DictType[]) => {
    if (rows.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    const ids = rows.map((r) => r.dictId);
    confirm({
      content: t('dict.confirm-delete-type', { ids: ids.join(',') }),
      action: async () => {
        await deleteDictTypes(ids);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: dictTypeKeys.all });
      },
    });
  };

  const refreshCache = async () => {
    await refreshDictCache();
    message.success(t('dict.refresh-success'));
    await queryClient.invalidateQueries({ queryKey: ['dict-data-by-type'] });
  };

  const columns: TableColumnsType<DictType> = [
    { title: t('id'), dataIndex: 'dictId', width: 80 },
    { title: t('dict.name'), dataIndex: 'dictName', ellipsis: true },
    {
      title: t('dict.type'),
      dataIndex: 'dictType',
      render: (value: string, row) =>
        canOpenData ? <Link to={`/system/dict-data/index/${row.dictId}`}>{value}</Link> : value,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (v: string) => <DictTag type="sys_normal_disable" value={v} />,
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('create-time'), dataIndex: 'createTime', width: 170 },
    {
      title: t('operate'),
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Auth permi={['system:dict:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
              {t('modify')}
            </Button>
          </Auth>
          <Auth permi={['system:dict:remove']}>
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
          <Form.Item name="dictName" label={t('dict.name')}>
            <Input allowClear placeholder={t('dict.name')} />
          </Form.Item>
          <Form.Item name="dictType" label={t('dict.type')}>
            <Input allowClear placeholder={t('dict.type')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={statusDict.options}
              placeholder={t('status')}
            />
          </Form.Item>
        </SearchForm>
      ) : null}
      <ListToolbar
        onRefresh={() => void query.refetch()}
        isSearchShown={isSearchShown}
        onToggleSearch={() => setSearchShown((v) => !v)}
      >
        <Auth permi={['system:dict:add']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        </Auth>
        <Auth permi={['system:dict:edit']}>
          <Button
            icon={<EditOutlined />}
            disabled={selected.length !== 1}
            onClick={() => setEditing(selected[0])}
          >
            {t('modify')}
          </Button>
        </Auth>
        <Auth permi={['system:dict:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        </Auth>
        <Auth permi={['system:dict:remove']}>
          <Button icon={<SyncOutlined />} onClick={() => void refreshCache().catch(() => {})}>
            {t('refresh-cache')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<DictType>
        rowKey="dictId"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.dictId),
          onChange: (_keys, rows) => setSelected(rows),
        }}
      />
      <DictTypeDialog target={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
