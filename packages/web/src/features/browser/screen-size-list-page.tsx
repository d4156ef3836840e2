import type { ScreenSize } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudToolbar } from '../../components/crud-toolbar.tsx';
import { useSearchToggle } from '../../components/list-toolbar.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchForm, SearchInput } from '../../components/search-form.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useEditTarget } from '../../hooks/use-edit-target.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { deleteScreenSizes, listScreenSizes, screenSizeKeys } from './browser.api.ts';
import { ScreenSizeDialog } from './screen-size-dialog.tsx';

const FILTERS = ['name'] as const;
const PERMI_PREFIX = 'system:ScreenSize';

/** The browser tool's screen sizes (administration): the sizes every pane offers. */
export default function ScreenSizeListPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<ScreenSize>();
  const query = useQuery({
    queryKey: screenSizeKeys.list(list.query),
    queryFn: () => listScreenSizes(list.query),
  });
  const table = useSelectableTable(query, list, 'screenSizeId');
  const remove = useConfirmRemove({
    content: (ids) => t('browser.screen-size.confirm-delete', { ids }),
    remove: deleteScreenSizes,
    onRemoved: table.clearSelection,
    invalidate: [screenSizeKeys.all],
  });

  const columns: TableColumnsType<ScreenSize> = [
    { title: t('id'), dataIndex: 'screenSizeId', width: 80 },
    { title: t('browser.screen-size.name'), dataIndex: 'name', ellipsis: true },
    { title: t('browser.width'), dataIndex: 'width', width: 110 },
    { title: t('browser.height'), dataIndex: 'height', width: 110 },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('operate'),
      fixed: 'right',
      width: 160,
      render: (_v, row) => (
        <RowActions
          permiPrefix={PERMI_PREFIX}
          onEdit={() => dialog.openEdit(row)}
          onDelete={() => remove([row.screenSizeId])}
        />
      ),
    },
  ];

  return (
    <Card>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={list.filters} onSearch={list.search} onReset={list.reset}>
          <SearchInput name="name" label={t('browser.screen-size.name')} />
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
      />
      <Table<ScreenSize> {...table.tableProps} columns={columns} />
      <ScreenSizeDialog target={dialog.target} onClose={dialog.close} />
    </Card>
  );
}
