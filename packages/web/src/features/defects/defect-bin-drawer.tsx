import { UndoOutlined } from '@ant-design/icons';
import type { Defect } from '@buglet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Drawer, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { compactPagination } from '../../lib/compact-pagination.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { DefectStateTag } from './defect-tags.tsx';
import { bulkChangeDefects, listDefects, restoreDefect } from './defects.api.ts';

const PAGE_SIZE = 10;

/**
 * The project's recycle bin: its deleted defects, the last deleted first, found by words of their
 * title, each restored with one click (the server says why when it may not be).
 */
export function DefectBinDrawer({
  projectId,
  open,
  onClose,
  onRestored,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onRestored: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [ticked, setTicked] = useState<number[]>([]);
  const [name, setName] = useState('');
  const query = {
    projectId,
    pageNum,
    pageSize: PAGE_SIZE,
    defectName: name || undefined,
    params: { delFlag: '2' },
  };
  const list = useQuery({
    queryKey: [...defectKeys.all, 'bin', query],
    queryFn: () => listDefects(query),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const restore = async (defect: Defect) => {
    await restoreDefect(defect.defectId);
    message.success(t('defect.bin.restored', { num: defect.projectNum }));
    await Promise.all([list.refetch(), onRestored()]);
  };
  // The ticked ones in one request; those that may not come back are named with the reason.
  const restoreTicked = async () => {
    const res = await bulkChangeDefects({ projectId, action: 'restore', defectIds: ticked });
    const answer = res.data;
    if (!answer) return;
    setTicked([]);
    if (answer.succeeded > 0) message.success(t('defect.bin.restored-many', { count: answer.succeeded }));
    const refused = answer.results.filter((r) => !r.ok);
    if (refused.length > 0)
      modal.warning({
        title: t('defect.bulk.result-title'),
        content: refused.map((r) => (
          <div key={r.defectId}>{`#${r.projectNum ?? r.defectId} ${r.msg ?? ''}`}</div>
        )),
      });
    await Promise.all([list.refetch(), onRestored()]);
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('defect.bin.title')} size="large" destroyOnHidden>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('defect.bin.search')}
          aria-label={t('defect.bin.search')}
          style={{ maxWidth: 320 }}
          onSearch={(value) => {
            setName(value.trim());
            setPageNum(1);
          }}
        />
        {ticked.length > 0 ? (
          <PermiButton
            permi={['system:defect:remove', 'system:defect:edit', 'system:defect:add']}
            type="primary"
            icon={<UndoOutlined />}
            onClick={() => void restoreTicked().catch(() => {})}
          >
            {t('defect.bin.restore-ticked', { count: ticked.length })}
          </PermiButton>
        ) : null}
      </Flex>
      <Table<Defect>
        size="small"
        rowKey="defectId"
        rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(Number)) }}
        data-testid="defect-bin"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('defect.bin.empty') }}
        columns={[
          { title: '#', dataIndex: 'projectNum', width: 70 },
          { title: t('defect.bin.name'), dataIndex: 'defectName', ellipsis: true },
          {
            title: t('defect.bin.state'),
            width: 100,
            render: (_, d) => <DefectStateTag state={d.defectState} />,
          },
          { title: t('defect.bin.deleted-at'), dataIndex: 'updateTime', width: 170 },
          {
            title: '',
            width: 110,
            render: (_, d) => (
              <PermiButton
                permi={['system:defect:remove', 'system:defect:edit', 'system:defect:add']}
                size="small"
                icon={<UndoOutlined />}
                onClick={() => void restore(d)}
              >
                {t('defect.bin.restore')}
              </PermiButton>
            ),
          },
        ]}
        pagination={compactPagination(pageNum, PAGE_SIZE, list.data?.total, setPageNum)}
      />
    </Drawer>
  );
}
