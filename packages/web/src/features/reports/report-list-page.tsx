import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Report } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Card,
  DatePicker,
  Flex,
  Select,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { personName } from '../../lib/person-name.ts';
import { useProjectMembers } from '../defects/index.ts';
import { useCurrentProject } from '../projects/index.ts';
import { GenerateReportPopover } from './generate-report-popover.tsx';
import { ReportTypeTag } from './report-type-tag.tsx';
import { ReportViewDrawer } from './report-view-drawer.tsx';
import { deleteReports, exportReports, listReports, reportKeys } from './reports.api.ts';

const LIST_KEYS = ['reportTitle', 'begin', 'end', 'author'] as const;

/** The project's reports: title, time and author filters in the URL, a viewer, generation from templates. */
export default function ReportListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { projectId } = useCurrentProject();
  const { members } = useProjectMembers(projectId);
  const canRemove = usePermi(['system:report:remove']);
  const list = useListParams(LIST_KEYS);
  const f = list.filters;
  const [searchParams] = useSearchParams();
  // ?reportId= (from a notice) opens that report at once.
  const [viewId, setViewId] = useState<number | undefined>(
    () => Number(searchParams.get('reportId')) || undefined,
  );

  const filterQuery = {
    projectId,
    ...(f.reportTitle ? { reportTitle: f.reportTitle } : {}),
    ...(f.begin ? { 'params[beginReportTime]': f.begin } : {}),
    ...(f.end ? { 'params[endReportTime]': f.end } : {}),
    ...(f.author ? { 'params[createByIds]': f.author } : {}),
  };
  const tableQuery = { ...filterQuery, pageNum: list.pageNum, pageSize: list.pageSize };
  const query = useQuery({
    queryKey: reportKeys.list(tableQuery),
    queryFn: () => listReports(tableQuery),
    enabled: projectId > 0,
  });
  const { tableProps, selectedIds, clearSelection } = useSelectableTable(query, list, 'reportId');
  const reload = () => queryClient.invalidateQueries({ queryKey: reportKeys.all });

  const removeMany = (ids: number[]) => {
    if (ids.length === 0) {
      message.error(t('report.select-first'));
      return;
    }
    confirm({
      content: t(ids.length > 1 ? 'report.delete-many-confirm' : 'report.delete-confirm'),
      action: async () => {
        await deleteReports(ids);
        clearSelection();
        await reload();
      },
    });
  };

  const columns: TableColumnsType<Report> = [
    {
      title: t('report.type'),
      dataIndex: 'reportType',
      width: 120,
      render: (_, r) => <ReportTypeTag type={r.reportType} />,
    },
    {
      title: t('report.title'),
      dataIndex: 'reportTitle',
      render: (_, r) => (
        <Flex gap={6} align="center">
          <FocusAvatars moduleName="report" dataId={r.reportId} />
          <Typography.Link onClick={() => setViewId(r.reportId)}>{r.reportTitle}</Typography.Link>
        </Flex>
      ),
    },
    { title: t('report.time'), dataIndex: 'reportTime', width: 180 },
    { title: t('report.source'), dataIndex: 'reportSource', width: 200, ellipsis: true },
    {
      title: t('report.author'),
      dataIndex: 'createBy',
      width: 150,
      render: (name: string | null) => (
        <Tooltip title={name}>
          <Avatar size="small">{(name ?? '?').slice(0, 2)}</Avatar>
        </Tooltip>
      ),
    },
    ...(canRemove
      ? [
          {
            title: t('operate'),
            width: 90,
            render: (_: unknown, r: Report) => (
              <Typography.Link type="danger" onClick={() => removeMany([r.reportId])}>
                {t('delete')}
              </Typography.Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="report-filters">
        <DebouncedSearch
          width={240}
          value={f.reportTitle ?? ''}
          placeholder={t('report.search-placeholder')}
          onSearch={(reportTitle) => list.search({ ...f, reportTitle })}
        />
        <DatePicker.RangePicker
          style={{ width: 240 }}
          placeholder={[t('start-time'), t('end-time')]}
          value={f.begin && f.end ? [dayjs(f.begin), dayjs(f.end)] : null}
          onChange={(range) =>
            list.search({
              ...f,
              begin: range?.[0]?.format('YYYY-MM-DD') ?? '',
              end: range?.[1]?.format('YYYY-MM-DD') ?? '',
            })
          }
        />
        <Select
          allowClear
          mode="multiple"
          style={{ minWidth: 200 }}
          aria-label={t('report.author-placeholder')}
          placeholder={t('report.author-placeholder')}
          value={f.author ? f.author.split(',').map(Number) : []}
          onChange={(ids: number[]) => list.search({ ...f, author: ids.join(',') })}
          options={members.map((m) => ({ value: m.userId, label: personName(m) }))}
          optionFilterProp="label"
        />
      </Flex>
      <ListToolbar onRefresh={() => void reload()}>
        <GenerateReportPopover
          projectId={projectId}
          onCreated={async (reportId) => {
            await reload();
            setViewId(reportId);
          }}
        />
        <PermiButton
          permi={['system:report:remove']}
          danger
          icon={<DeleteOutlined />}
          disabled={selectedIds.length === 0}
          onClick={() => removeMany(selectedIds)}
        >
          {t('report.delete-many')}
        </PermiButton>
        <PermiButton
          permi={['system:report:export']}
          icon={<DownloadOutlined />}
          onClick={() => void exportReports(filterQuery, `${t('report.export-file')}.xlsx`)}
        >
          {t('report.export')}
        </PermiButton>
      </ListToolbar>
      <Table<Report>
        {...tableProps}
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => setViewId(r.reportId) })}
        data-testid="report-table"
      />
      <ReportViewDrawer reportId={viewId} onClose={() => setViewId(undefined)} onChanged={reload} />
    </Card>
  );
}
