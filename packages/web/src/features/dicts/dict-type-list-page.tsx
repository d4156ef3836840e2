import { SyncOutlined } from '@ant-design/icons';
import type { DictType } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
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
import { DictSearchSelect } from './dict-fields.tsx';
import { DictTag } from './dict-tag.tsx';
import { DictTypeDialog } from './dict-type-dialog.tsx';
import { deleteDictTypes, dictTypeKeys, listDictTypes, refreshDictCache } from './dicts.api.ts';

const FILTERS = ['dictName', 'dictType', 'status'] as const;
const PERMI_PREFIX = 'system:dict';

export default function DictTypeListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<DictType>();
  const canOpenData = usePermi(['system:dict:list']);
  const query = useQuery({
    queryKey: dictTypeKeys.list(list.query),
    queryFn: () => listDictTypes(list.query),
  });
  const table = useSelectableTable(query, list, 'dictId');
  const remove = useConfirmRemove({
    content: (ids) => t('dict.confirm-delete-type', { ids }),
    remove: deleteDictTypes,
    onRemoved: table.clearSelection,
    invalidate: [dictTypeKeys.all],
  });

  const refreshCache = async () => {
    await refreshDictCache();
    message.success(t('dict.refresh-success'));
    await queryClient.invalidateQueries({ queryKey: ['dict-data-by-type'] });
  };

  const columns: TableColumnsType<DictType> = [
    { title: t('id'), dataIndex: 'dictId', width: 80 },
    {
      title: t('dict.name'),
      ellipsis: true,
      render: (_v, row) => seededText(`dict.name.${row.dictType}`, row.dictName),
    },
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
        <RowActions
          permiPrefix={PERMI_PREFIX}
          onEdit={() => dialog.openEdit(row)}
          onDelete={() => remove([row.dictId])}
        />
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="dictName" label={t('dict.name')} />
          <SearchInput name="dictType" label={t('dict.type')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
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
          permi={['system:dict:remove']}
          icon={<SyncOutlined />}
          onClick={() => void refreshCache().catch(() => {})}
        >
          {t('refresh-cache')}
        </PermiButton>
      </CrudToolbar>
      <Table<DictType> {...table.tableProps} columns={columns} />
      <DictTypeDialog target={dialog.target} onClose={dialog.close} />
    </Card>
  );
}
