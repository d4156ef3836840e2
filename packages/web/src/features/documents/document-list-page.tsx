import { DownloadOutlined, FolderAddOutlined, HomeOutlined, UploadOutlined } from '@ant-design/icons';
import type { DocumentNode } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Flex, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RecycleBinButton } from '../../components/recycle-bin-drawer.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { useSession } from '../../stores/session.store.ts';
import { useCurrentProject } from '../projects/index.ts';
import { DocumentDialog, type DocumentEditTarget } from './document-dialog.tsx';
import { DocumentIcon } from './document-icon.tsx';
import { DocumentMoveDialog } from './document-move-dialog.tsx';
import { DocumentPreviewDrawer } from './document-preview-drawer.tsx';
import {
  documentKeys,
  downloadDocument,
  exportDocuments,
  getDocument,
  isFolder,
  listDocuments,
  previewKindOf,
} from './documents.api.ts';
import { useRemoveDocument } from './use-remove-document.ts';

const LIST_KEYS = ['docPid', 'docName'] as const;

/**
 * The project's documents: one folder at a time (the folder in the URL, a breadcrumb above), folders
 * first then newest; a name search looks through the whole project.
 */
export default function DocumentListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { projectId } = useCurrentProject();
  const myId = useSession((s) => s.user?.userId);
  const canRemoveAny = usePermi(['system:document:remove']);
  const canDownload = usePermi(['system:document:export']);
  const list = useListParams(LIST_KEYS);
  const folderId = Number(list.filters.docPid) || 0;
  const search = list.filters.docName ?? '';
  const [editing, setEditing] = useState<DocumentEditTarget>();
  const [moving, setMoving] = useState<DocumentNode>();
  const [previewing, setPreviewing] = useState<DocumentNode>();
  const remove = useRemoveDocument();

  const filterQuery = { projectId, ...(search ? { docName: search } : { docPid: folderId }) };
  const tableQuery = { ...filterQuery, pageNum: list.pageNum, pageSize: list.pageSize };
  const query = useQuery({
    queryKey: documentKeys.list(tableQuery),
    queryFn: () => listDocuments(tableQuery),
    enabled: projectId > 0,
  });
  const folder = useQuery({
    queryKey: documentKeys.detail(folderId),
    queryFn: () => getDocument(folderId),
    enabled: folderId > 0,
  });
  const tableProps = usePagedTable(query, list, 'docId');
  const reload = () => queryClient.invalidateQueries({ queryKey: documentKeys.all });
  const openFolder = (docPid: number) => list.search(docPid > 0 ? { docPid: String(docPid) } : {});

  const open = (doc: DocumentNode) => {
    if (isFolder(doc)) openFolder(doc.docId);
    else if (previewKindOf(doc)) setPreviewing(doc);
    else if (canDownload) void downloadDocument(doc);
  };

  const here = folder.data?.data;
  const trail = here ? [...(here.ancestors ?? []), { docId: here.docId, docName: here.docName }] : [];

  const columns: TableColumnsType<DocumentNode> = [
    {
      title: t('doc.name'),
      dataIndex: 'docName',
      render: (_, doc) => (
        <Flex gap={8} align="center">
          <DocumentIcon doc={doc} />
          <Typography.Link onClick={() => open(doc)} data-doc-name={doc.docName}>
            {doc.docName}
          </Typography.Link>
        </Flex>
      ),
    },
    {
      title: t('doc.type'),
      dataIndex: 'fileExtension',
      width: 120,
      render: (ext: string | null, doc) => (isFolder(doc) ? t('doc.folder') : (ext ?? '')),
    },
    { title: t('doc.update-by'), dataIndex: 'updateBy', width: 150 },
    { title: t('doc.update-time'), dataIndex: 'updateTime', width: 180 },
    {
      title: t('operate'),
      width: 240,
      render: (_, doc) => (
        <Space size={0} wrap>
          {!isFolder(doc) && previewKindOf(doc) ? (
            <Button type="link" size="small" onClick={() => setPreviewing(doc)}>
              {t('doc.preview')}
            </Button>
          ) : null}
          {isFolder(doc) ? null : (
            <RowAction permi={['system:document:export']} onClick={() => void downloadDocument(doc)}>
              {t('doc.download')}
            </RowAction>
          )}
          <RowAction permi={['system:document:edit']} onClick={() => setMoving(doc)}>
            {t('doc.move')}
          </RowAction>
          <RowAction permi={['system:document:edit']} onClick={() => setEditing({ mode: 'rename', doc })}>
            {t('doc.rename')}
          </RowAction>
          {canRemoveAny || doc.createById === myId ? (
            <Button type="link" size="small" danger onClick={() => remove(doc)}>
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Breadcrumb
          data-testid="document-breadcrumb"
          items={[
            {
              title: (
                <Typography.Link onClick={() => openFolder(0)}>
                  <HomeOutlined /> {t('doc.root-folder')}
                </Typography.Link>
              ),
            },
            ...(search
              ? [{ title: t('doc.search-results', { name: search }) }]
              : trail.map((item, i) => ({
                  title:
                    i === trail.length - 1 ? (
                      item.docName
                    ) : (
                      <Typography.Link onClick={() => openFolder(item.docId)}>{item.docName}</Typography.Link>
                    ),
                }))),
          ]}
        />
        <DebouncedSearch
          width={240}
          value={search}
          placeholder={t('doc.search-placeholder')}
          onSearch={(docName) => list.search(docName ? { docName } : { docPid: list.filters.docPid ?? '' })}
        />
      </Flex>
      <ListToolbar onRefresh={() => void reload()}>
        <PermiButton
          permi={['system:document:add']}
          icon={<FolderAddOutlined />}
          disabled={search !== ''}
          onClick={() => setEditing({ mode: 'folder', docPid: folderId })}
        >
          {t('doc.add-folder')}
        </PermiButton>
        <PermiButton
          permi={['system:document:add']}
          type="primary"
          icon={<UploadOutlined />}
          disabled={search !== ''}
          onClick={() => setEditing({ mode: 'file', docPid: folderId })}
        >
          {t('doc.add-file')}
        </PermiButton>
        <PermiButton
          permi={['system:document:export']}
          icon={<DownloadOutlined />}
          onClick={() => void exportDocuments(filterQuery, `${t('doc.export-file')}.xlsx`)}
        >
          {t('doc.export')}
        </PermiButton>
        <RecycleBinButton
          base="/system/document"
          projectId={projectId}
          permi={['system:document:list']}
          onRestored={reload}
        />
      </ListToolbar>
      <Table<DocumentNode>
        {...tableProps}
        columns={columns}
        locale={{ emptyText: t(search ? 'doc.none-found' : 'doc.empty-folder') }}
        onRow={(doc) => ({ onDoubleClick: () => open(doc) })}
        data-testid="document-table"
      />
      <DocumentDialog projectId={projectId} target={editing} onClose={() => setEditing(undefined)} />
      <DocumentMoveDialog projectId={projectId} doc={moving} onClose={() => setMoving(undefined)} />
      <DocumentPreviewDrawer doc={previewing} onClose={() => setPreviewing(undefined)} />
    </Card>
  );
}
