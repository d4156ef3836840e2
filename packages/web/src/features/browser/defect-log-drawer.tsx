import type { Defect } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defectKeys } from '../../lib/query-keys.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { DefectStateTag, DefectTypeTag, listDefects, useLevelText } from '../defects/index.ts';

const PAGE_SIZE = 10;
const WIDTHS = ['30%', '50%', '80%', '100%'] as const;

/** The project's defects beside the page under test, newest change first; a title opens the defect in a new tab. */
export function DefectLogDrawer({
  projectId,
  isOpen,
  onClose,
}: {
  projectId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const isMobile = useLayout((s) => s.isMobile);
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>('50%');
  const [pageNum, setPageNum] = useState(1);
  const query = { projectId, pageNum, pageSize: PAGE_SIZE, orderByColumn: 'updateTime', isAsc: 'desc' };
  const list = useQuery({
    queryKey: defectKeys.list(query),
    queryFn: () => listDefects(query),
    enabled: isOpen && projectId > 0,
  });

  const columns: TableColumnsType<Defect> = [
    { title: t('id'), width: 70, render: (_v, d) => `#${d.projectNum}` },
    { title: t('defect.type'), width: 90, render: (_v, d) => <DefectTypeTag type={d.defectType} /> },
    {
      title: t('defect.title'),
      ellipsis: true,
      render: (_v, d) => (
        <Typography.Link href={`#/project/defect?defectId=${d.defectId}`} target="_blank">
          {d.defectName}
        </Typography.Link>
      ),
    },
    { title: t('defect.level'), width: 80, render: (_v, d) => levelText(d.defectLevel) },
    { title: t('defect.state'), width: 100, render: (_v, d) => <DefectStateTag state={d.defectState} /> },
  ];

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={t('browser.defect-log')}
      size={isMobile ? '100%' : width}
      extra={
        isMobile ? null : (
          <Segmented
            size="small"
            value={width}
            onChange={setWidth}
            options={WIDTHS.map((w) => ({ value: w, label: w }))}
          />
        )
      }
    >
      {projectId > 0 ? (
        <Table<Defect>
          size="small"
          rowKey="defectId"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          columns={columns}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageNum,
            showSizeChanger: false,
          }}
        />
      ) : (
        <Typography.Text type="secondary">{t('browser.no-project')}</Typography.Text>
      )}
    </Drawer>
  );
}
