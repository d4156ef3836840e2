import { CloudDownloadOutlined, ImportOutlined } from '@ant-design/icons';
import type { GenTable } from '@buglet/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import {
  deleteGenTables,
  downloadCode,
  downloadCodes,
  genKeys,
  listGenTables,
  syncTable,
  writeCode,
} from './gen.api.ts';
import { GenImportDialog } from './gen-import-dialog.tsx';
import { GenPreviewDialog } from './gen-preview-dialog.tsx';

const FILTERS = ['tableName', 'tableComment'] as const;

/**
 * Code generation: the imported tables, each previewed, edited, synchronised with the database,
 * generated (a zip, or the server's data folder when so set) or deleted.
 */
export default function GenListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [isImportOpen, setImportOpen] = useState(false);
  const [previewId, setPreviewId] = useState<number>();

  const generate = async (row: GenTable) => {
    if (row.genType !== '1') return downloadCode(row.tableName);
    const answer = await writeCode(row.tableName);
    message.success(answer.msg);
  };
  const sync = (row: GenTable, refetch: () => void) =>
    confirm({
      content: t('gen.confirm-sync', { name: row.tableName }),
      action: async () => {
        await syncTable(row.tableName);
        refetch();
      },
      success: t('gen.sync-success'),
      isDanger: false,
    });

  return (
    <>
      <AdminListPage<GenTable, (typeof FILTERS)[number]>
        filters={FILTERS}
        dateRange={t('create-time')}
        rowKey="tableId"
        permiPrefix="tool:gen"
        keys={genKeys}
        list={listGenTables}
        remove={{ call: deleteGenTables, confirm: (ids) => t('gen.confirm-delete', { ids }) }}
        search={
          <>
            <SearchInput name="tableName" label={t('gen.table-name')} />
            <SearchInput name="tableComment" label={t('gen.table-comment')} />
          </>
        }
        columns={(list) => [
          { title: t('gen.table-name'), dataIndex: 'tableName', ellipsis: true },
          { title: t('gen.table-comment'), dataIndex: 'tableComment', ellipsis: true },
          { title: t('gen.class-name'), dataIndex: 'className', ellipsis: true },
          { title: t('create-time'), dataIndex: 'createTime', width: 170 },
          { title: t('update-time'), dataIndex: 'updateTime', width: 170 },
          {
            title: t('operate'),
            fixed: 'right',
            render: (_v, row) =>
              list.rowActions(
                row,
                <>
                  <RowAction permi={['tool:gen:preview']} onClick={() => setPreviewId(row.tableId)}>
                    {t('gen.preview')}
                  </RowAction>
                  <RowAction
                    permi={['tool:gen:edit']}
                    onClick={() => navigate(`/tool/gen-edit/index/${row.tableId}`)}
                  >
                    {t('modify')}
                  </RowAction>
                  <RowAction permi={['tool:gen:edit']} onClick={() => sync(row, list.refetch)}>
                    {t('gen.sync')}
                  </RowAction>
                  <RowAction permi={['tool:gen:code']} onClick={() => void generate(row).catch(() => {})}>
                    {t('gen.generate')}
                  </RowAction>
                </>,
              ),
          },
        ]}
        toolbar={(list) => (
          <>
            <PermiButton
              permi={['tool:gen:import']}
              icon={<ImportOutlined />}
              onClick={() => setImportOpen(true)}
            >
              {t('gen.import')}
            </PermiButton>
            <PermiButton
              permi={['tool:gen:code']}
              icon={<CloudDownloadOutlined />}
              disabled={list.selected.length === 0}
              onClick={() => void downloadCodes(list.selected.map((row) => row.tableName))}
            >
              {t('gen.generate')}
            </PermiButton>
          </>
        )}
      />
      <GenImportDialog isOpen={isImportOpen} onClose={() => setImportOpen(false)} />
      <GenPreviewDialog tableId={previewId} onClose={() => setPreviewId(undefined)} />
    </>
  );
}
