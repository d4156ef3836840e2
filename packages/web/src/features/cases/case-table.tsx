import {
  BugOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOutlined,
  OrderedListOutlined,
} from '@ant-design/icons';
import type { TestCase } from '@buglet/contracts';
import { Button, Flex, Space, Table, type TableColumnType, type TableProps, Tooltip, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/auth.tsx';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { type CaseSortField, DEFAULT_SORT } from './case-query.ts';
import { CaseStateTag, DefectCountBadges, LevelRing } from './case-tags.tsx';

export interface CaseSort {
  sort?: string;
  order?: string;
}

type PagedProps = Required<
  Pick<TableProps<TestCase>, 'rowKey' | 'loading' | 'dataSource' | 'scroll' | 'pagination'>
>;

export interface CaseActions {
  onOpen: (caseId: number) => void;
  onEdit: (testCase: TestCase) => void;
  onDelete: (testCase: TestCase) => void;
  onReportDefect: (testCase: TestCase) => void;
}

interface CaseTableProps extends CaseActions {
  table: PagedProps;
  sort: CaseSort;
  onSort: (next: CaseSort) => void;
}

const TABLE_MIN_WIDTH = 700;
/** Long titles wrap once, then end in an ellipsis (the whole title is in the tooltip). */
const TWO_LINES: CSSProperties = {
  minWidth: 0,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
};
const DESCEND_FIRST: TableColumnType<TestCase>['sortDirections'] = ['descend', 'ascend'];

/** Where a case sits: its deliverable's path, small under the title. */
export function ModulePath({ path }: { path: string | null }) {
  if (!path) return null;
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: path }} style={{ fontSize: 12, maxWidth: '100%' }}>
      <FolderOutlined /> {path}
    </Typography.Text>
  );
}

/** How many steps a case has: a list icon and the number. */
export function StepCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = t('case.step-count-n', { count });
  return (
    <Tooltip title={label}>
      <Typography.Text type="secondary" aria-label={label} style={{ fontSize: 12, flex: 'none' }}>
        <OrderedListOutlined /> {count}
      </Typography.Text>
    </Tooltip>
  );
}

interface IconActionProps {
  permi: readonly string[];
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

/** A row action as an icon with its name in the tooltip, so the column stays narrow. */
function IconAction({ permi, label, icon, onClick, danger }: IconActionProps) {
  return (
    <Auth permi={permi}>
      <Tooltip title={label}>
        <Button type="text" size="small" aria-label={label} icon={icon} danger={danger} onClick={onClick} />
      </Tooltip>
    </Auth>
  );
}

/** The cases as a table, sorted on the server (last updated first unless a column is chosen). */
export function CaseTable({ table, sort, onSort, onOpen, onEdit, onDelete, onReportDefect }: CaseTableProps) {
  const { t } = useTranslation();
  const current = sort.sort || DEFAULT_SORT;
  const isAscending = Boolean(sort.sort) && sort.order === 'asc';
  const sorted = (field: CaseSortField): TableColumnType<TestCase> => ({
    key: field,
    sorter: true,
    sortOrder: current === field ? (isAscending ? 'ascend' : 'descend') : null,
    // The default column already shows descending, so its first click ascends (antd's would cancel).
    ...(field === DEFAULT_SORT ? { sortDirections: DESCEND_FIRST } : {}),
  });

  const columns: TableColumnType<TestCase>[] = [
    { ...sorted('caseNum'), title: t('case.num'), width: 80, render: (_v, c) => `#${c.caseNum}` },
    {
      ...sorted('caseName'),
      title: t('case.title'),
      render: (_v, c) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <FocusAvatars moduleName="case" dataId={c.caseId} />
            <Typography.Link onClick={() => onOpen(c.caseId)} title={c.caseName} style={TWO_LINES}>
              {c.caseName}
            </Typography.Link>
          </Flex>
          <Flex gap={10} style={{ minWidth: 0 }}>
            <StepCount count={c.caseStep.length} />
            <ModulePath path={c.modulePath} />
          </Flex>
        </Flex>
      ),
    },
    {
      ...sorted('caseLevel'),
      title: t('case.level'),
      // "Level" and its sorter on one line (at 80 px the word broke: "Leve/l").
      width: 100,
      render: (_v, c) => <LevelRing level={c.caseLevel} />,
    },
    {
      key: 'state',
      title: t('case.state'),
      width: 88,
      render: (_v, c) => <CaseStateTag state={c.caseState} />,
    },
    {
      key: 'defects',
      title: t('case.defects'),
      width: 104,
      render: (_v, c) => <DefectCountBadges counts={c} empty="–" />,
    },
    {
      ...sorted('updateTime'),
      title: t('update-time'),
      width: 108,
      render: (_v, c) => (
        <Tooltip title={c.updateTime}>
          <span>{c.updateTime.slice(0, 10)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'operate',
      title: t('operate'),
      fixed: 'right',
      width: 104,
      render: (_v, c) => (
        <Space size={0}>
          <IconAction
            permi={['system:defect:add']}
            label={t('case.report-defect')}
            icon={<BugOutlined />}
            onClick={() => onReportDefect(c)}
          />
          <IconAction
            permi={['system:case:edit']}
            label={t('modify')}
            icon={<EditOutlined />}
            onClick={() => onEdit(c)}
          />
          <IconAction
            permi={['system:case:remove']}
            label={t('delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() => onDelete(c)}
          />
        </Space>
      ),
    },
  ];

  // Paging is handled by the pager itself; this only turns a header click into the URL's sort.
  const onChange: TableProps<TestCase>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey) : '';
    const next = { sort: field, order: field && one?.order === 'ascend' ? 'asc' : '' };
    if (next.sort !== (sort.sort ?? '') || next.order !== (sort.order ?? '')) onSort(next);
  };

  return (
    <Table<TestCase>
      {...table}
      // The title takes what the other columns leave; narrower than this, the table scrolls.
      scroll={{ x: TABLE_MIN_WIDTH }}
      columns={columns}
      onChange={onChange}
      locale={{ emptyText: t('case.empty') }}
    />
  );
}
