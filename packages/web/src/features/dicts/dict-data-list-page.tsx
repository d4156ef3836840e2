import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictData } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Auth } from '../../components/auth.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { SearchForm } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagination } from '../../hooks/use-pagination.ts';
import { DictDataDialog } from './dict-data-dialog.tsx';
import { DictTag } from './dict-tag.tsx';
import { deleteDictData, dictDataKeys, dictTypeKeys, getDictType, listDictData } from './dicts.api.ts';
import { dictKeys, dictLabel, useDict } from './use-dict.ts';

const FILTERS = ['dictLabel', 'status'] as const;
const TAG_COLORS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** Values of one dictionary type; the page learns the type from its id first. */
export default function DictDataListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const dictId = Number(useParams().dictId);
  const list = useListParams(FILTERS);
  const statusDict = useDict('sys_normal_disable');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DictData | null | undefined>(undefined);
  const typeQuery = useQuery({ queryKey: dictTypeKeys.detail(dictId), queryFn: () => getDictType(dictId) });
  const dictType = typeQuery.data?.data?.dictType ?? '';
  const params = { ...list.query, dictType };
  const query = useQuery({
    queryKey: dictDataKeys.list(params),
    queryFn: () => listDictData(params),
    enabled: dictType !== '',
  });
  const pagination = usePagination(query.data?.total ?? 0, list.pageNum, list.pageSize, list.setPage);

  const remove = (codes: number[]) => {
    if (codes.length === 0) {
      message.warning(t('select-at-least-one'));
      return;
    }
    confirm({
      content: t('dict.confirm-delete-data', { ids: codes.join(',') }),
      action: async () => {
        await deleteDictData(codes);
        setSelected([]);
        await queryClient.invalidateQueries({ queryKey: dictDataKeys.all });
        await queryClient.invalidateQueries({ queryKey: dictKeys.type(dictType) });
      },
    });
  };

  const columns: TableColumnsType<DictData> = [
    { title: t('dict.code'), dataIndex: 'dictCode', width: 80 },
    {
      title: t('dict.label'),
      render: (_v, row) => {
        const color = row.listClass ? TAG_COLORS[row.listClass] : undefined;
        const label = dictLabel(dictType, row);
        return color ? <Tag color={color}>{label}</Tag> : label;
      },
    },
    { title: t('dict.value'), dataIndex: 'dictValue' },
    { title: t('dict.sort'), dataIndex: 'dictSort', width: 80 },
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
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.dictCode])}
            >
              {t('delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={`${t('dict.data')}: ${dictType}`}
      extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}
    >
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="dictLabel" label={t('dict.label')}>
          <Input allowClear placeholder={t('dict.label')} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select allowClear style={{ width: 140 }} options={statusDict.options} placeholder={t('status')} />
        </Form.Item>
      </SearchForm>
      <ListToolbar onRefresh={() => void query.refetch()}>
        <Auth permi={['system:dict:add']}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!dictType}
            onClick={() => setEditing(null)}
          >
            {t('add')}
          </Button>
        </Auth>
        <Auth permi={['system:dict:edit']}>
          <Button
            icon={<EditOutlined />}
            disabled={selected.length !== 1}
            onClick={() => setEditing(query.data?.rows.find((r) => r.dictCode === selected[0]))}
          >
            {t('modify')}
          </Button>
        </Auth>
        <Auth permi={['system:dict:remove']}>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        </Auth>
      </ListToolbar>
      <Table<DictData>
        rowKey="dictCode"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      <DictDataDialog dictType={dictType} target={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
