import type { ScreenSize } from '@buglet/contracts';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { deleteScreenSizes, listScreenSizes, screenSizeKeys } from './browser.api.ts';
import { ScreenSizeDialog } from './screen-size-dialog.tsx';

const FILTERS = ['name'] as const;

/** The browser tool's screen sizes (administration): the sizes every pane offers. */
export default function ScreenSizeListPage() {
  const { t } = useTranslation();
  return (
    <AdminListPage<ScreenSize, (typeof FILTERS)[number]>
      filters={FILTERS}
      rowKey="screenSizeId"
      permiPrefix="system:ScreenSize"
      keys={screenSizeKeys}
      list={listScreenSizes}
      remove={{ call: deleteScreenSizes, confirm: (ids) => t('browser.screen-size.confirm-delete', { ids }) }}
      search={<SearchInput name="name" label={t('browser.screen-size.name')} />}
      columns={(list) => [
        { title: t('id'), dataIndex: 'screenSizeId', width: 80 },
        { title: t('browser.screen-size.name'), dataIndex: 'name', ellipsis: true },
        { title: t('browser.width'), dataIndex: 'width', width: 110 },
        { title: t('browser.height'), dataIndex: 'height', width: 110 },
        { title: t('remark'), dataIndex: 'remark', ellipsis: true },
        { title: t('operate'), fixed: 'right', width: 160, render: (_v, row) => list.rowActions(row) },
      ]}
      dialog={(list) => <ScreenSizeDialog target={list.target} onClose={list.closeDialog} />}
    />
  );
}
