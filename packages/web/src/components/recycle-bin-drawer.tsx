import { DeleteOutlined, RestOutlined, UndoOutlined } from '@ant-design/icons';
import type { BinEntry, TableData } from '@buglet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactPagination } from '../lib/compact-pagination.ts';
import { http } from '../lib/http.ts';
import { PermiButton } from './permi-button.tsx';

const PAGE_SIZE = 10;

interface RecycleBinDrawerProps {
  /** The items' routes (`/system/case`, `/system/document`): the bin is `${base}/bin`. */
  base: string;
  projectId: number;
  /** Who may open it at all (the list's permission). */
  permi: string[];
  /** Shows the item's project number (cases), beside its name. */
  hasNumbers?: boolean;
  onRestored: () => unknown;
}

/**
 * A button and the drawer of one kind's recycle bin (cases, documents): what was deleted, by whom
 * and when, the last first; each restored where it was or deleted for good. The server judges who
 * may do either (as for the delete) and says why when it refuses.
 */
export function RecycleBinButton({ base, projectId, permi, hasNumbers, onRestored }: RecycleBinDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isOpen, setOpen] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [itemName, setItemName] = useState('');
  const query = { projectId, pageNum, pageSize: PAGE_SIZE, itemName: itemName || undefined };
  const list = useQuery({
    queryKey: ['recycle-bin', base, query],
    queryFn: () => http.get<TableData<BinEntry>>(`${base}/bin`, query),
    enabled: isOpen && projectId > 0,
    placeholderData: keepPreviousData,
  });
  const act = async (call: Promise<unknown>, done: string) => {
    try {
      await call;
      message.success(done);
      await Promise.all([list.refetch(), onRestored()]);
    } catch {
      // The refusal and its reason were shown by the HTTP layer.
    }
  };
  return (
    <>
      <PermiButton permi={permi} icon={<RestOutlined />} onClick={() => setOpen(true)}>
        {t('bin.title')}
      </PermiButton>
      <Drawer
        open={isOpen}
        onClose={() => setOpen(false)}
        title={t('bin.title')}
        size="large"
        destroyOnHidden
      >
        <Input.Search
          allowClear
          placeholder={t('bin.search')}
          aria-label={t('bin.search')}
          style={{ marginBottom: 12, maxWidth: 320 }}
          onSearch={(value) => {
            setItemName(value.trim());
            setPageNum(1);
          }}
        />
        <Table<BinEntry>
          size="small"
          rowKey="binId"
          data-testid="recycle-bin"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: t('bin.empty') }}
          scroll={{ x: 'max-content' }}
          columns={[
            ...(hasNumbers ? [{ title: '#', dataIndex: 'itemNum', width: 70 }] : []),
            { title: t('bin.name'), dataIndex: 'itemName', ellipsis: true },
            { title: t('bin.deleted-by'), dataIndex: 'deletedByName', width: 120, ellipsis: true },
            { title: t('bin.deleted-at'), dataIndex: 'deletedTime', width: 170 },
            {
              title: '',
              width: 190,
              render: (_, entry) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<UndoOutlined />}
                    onClick={() =>
                      void act(
                        http.put(`${base}/bin/${entry.binId}/restore`),
                        t('bin.restored', { name: entry.itemName }),
                      )
                    }
                  >
                    {t('bin.restore')}
                  </Button>
                  <Popconfirm
                    title={t('bin.purge-confirm', { name: entry.itemName })}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      act(
                        http.delete(`${base}/bin/${entry.binId}`),
                        t('bin.purged', { name: entry.itemName }),
                      )
                    }
                  >
                    <Button size="small" danger type="text" icon={<DeleteOutlined />}>
                      {t('bin.purge')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
          pagination={compactPagination(pageNum, PAGE_SIZE, list.data?.total, setPageNum)}
        />
      </Drawer>
    </>
  );
}
