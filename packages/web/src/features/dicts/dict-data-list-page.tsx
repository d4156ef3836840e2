import type { DictData } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { DictDataDialog } from './dict-data-dialog.tsx';
import { DictSearchSelect } from './dict-fields.tsx';
import { DictTag } from './dict-tag.tsx';
import { deleteDictData, dictDataKeys, dictTypeKeys, getDictType, listDictData } from './dicts.api.ts';
import { dictKeys, dictLabel } from './use-dict.ts';

const FILTERS = ['dictLabel', 'status'] as const;
const PERMI_PREFIX = 'system:dict';
const TAG_COLORS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** Values of one dictionary type; the page learns the type from its id first. */
export default function DictDataListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dictId = Number(useParams().dictId);
  const list = useListParams(FILTERS);
  const dialog = useEditTarget<DictData>();
  const typeQuery = useQuery({ queryKey: dictTypeKeys.detail(dictId), queryFn: () => getDictType(dictId) });
  const dictType = typeQuery.data?.data?.dictType ?? '';
  const params = { ...list.query, dictType };
  const query = useQuery({
    queryKey: dictDataKeys.list(params),
    queryFn: () => listDictData(params),
    enabled: dictType !== '',
  });
  const table = useSelectableTable(query, list, 'dictCode');
  const remove = useConfirmRemove({
    content: (ids) => t('dict.confirm-delete-data', { ids }),
    remove: deleteDictData,
    onRemoved: table.clearSelection,
    invalidate: [dictDataKeys.all, dictKeys.type(dictType)],
  });

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
        <RowActions
          permiPrefix={PERMI_PREFIX}
          onEdit={() => dialog.openEdit(row)}
          onDelete={() => remove([row.dictCode])}
        />
      ),
    },
  ];

  return (
    <Card
      title={`${t('dict.data')}: ${dictType}`}
      extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}
    >
      <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
        <SearchInput name="dictLabel" label={t('dict.label')} />
        <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
      </SearchForm>
      <CrudToolbar
        onRefresh={() => void query.refetch()}
        permiPrefix={PERMI_PREFIX}
        selectedCount={table.selected.length}
        onAdd={dialog.openCreate}
        isAddDisabled={!dictType}
        onEdit={() => dialog.openEdit(table.selected[0])}
        onDelete={() => remove(table.selectedIds)}
      />
      <Table<DictData> {...table.tableProps} columns={columns} />
      <DictDataDialog dictType={dictType} target={dialog.target} onClose={dialog.close} />
    </Card>
  );
}
