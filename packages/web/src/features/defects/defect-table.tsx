import { customColumnKey, type Defect, type DefectFieldItem } from '@buglet/contracts';
import { Flex, Table, type TableColumnType, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { PersonLabel } from '../../components/person-label.tsx';
import { isOverlayOpen, isOwnedByFocus } from '../../lib/keyboard.ts';
import { CustomFieldValue } from '../defect-fields/index.ts';
import { COLUMN_TITLE_KEYS } from './defect-column-chooser.tsx';
import { type BuiltinColumn, type DefectColumn, isCustomColumn } from './defect-columns.ts';
import { DefectSeenText } from './defect-seen.tsx';
import { DefectStateTag, DefectTypeTag, FollowStar, useLevelText } from './defect-tags.tsx';
import { HandlerAvatars } from './handler-avatars.tsx';

/** Column -> the server's orderByColumn, for the columns it can sort by. */
const SORT_FIELD: Partial<Record<BuiltinColumn, string>> = {
  num: 'projectNum',
  state: 'defectState',
  level: 'defectLevel',
  planStart: 'planStartTime',
  planEnd: 'planEndTime',
  createTime: 'createTime',
  updateTime: 'updateTime',
};

const DESCEND_FIRST: TableColumnType<Defect>['sortDirections'] = ['descend', 'ascend'];

export interface DefectSort {
  sort?: string;
  order?: string;
}

type PagedProps = Required<
  Pick<TableProps<Defect>, 'rowKey' | 'loading' | 'dataSource' | 'scroll' | 'pagination'>
> &
  Pick<TableProps<Defect>, 'rowSelection'>;

interface DefectTableProps {
  table: PagedProps;
  columns: readonly DefectColumn[];
  /** The project's own fields: the `custom:<key>` columns show their values (a switched-off one none). */
  fields: readonly DefectFieldItem[];
  sort: DefectSort;
  /** The column shown as sorted descending while no sort is chosen (the server's own order). */
  defaultSort?: string;
  onSort: (next: DefectSort) => void;
  onOpen: (defectId: number) => void;
  onToggleFollow: (defect: Defect) => void;
}

/** The defects as a table of the chosen columns, sorted on the server (its own order unless one is chosen). */
export function DefectTable({
  table,
  columns,
  fields,
  sort,
  defaultSort,
  onSort,
  onOpen,
  onToggleFollow,
}: DefectTableProps) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  const cursor = useRowCursor(table.dataSource as readonly Defect[], (d) => onOpen(d.defectId));
  const current = sort.sort || defaultSort;
  const isAscending = Boolean(sort.sort) && sort.order === 'asc';
  const time = (value: string | null) => value ?? '';

  const cells: Record<BuiltinColumn, TableColumnType<Defect>> = {
    num: { width: 85, render: (_v, d) => `#${d.projectNum}` },
    type: { width: 100, render: (_v, d) => <DefectTypeTag type={d.defectType} /> },
    title: {
      width: 260,
      render: (_v, d) => (
        // The faces take room from the title, not from the column, so nothing moves when they come.
        <Flex gap={6} align="center" style={{ maxWidth: 240 }}>
          <FocusAvatars moduleName="defect" dataId={d.defectId} />
          <Typography.Link onClick={() => onOpen(d.defectId)} ellipsis style={{ minWidth: 0 }}>
            {d.defectName}
          </Typography.Link>
        </Flex>
      ),
    },
    state: { width: 100, render: (_v, d) => <DefectStateTag state={d.defectState} /> },
    level: { width: 90, render: (_v, d) => levelText(d.defectLevel) },
    handlers: { width: 120, render: (_v, d) => <HandlerAvatars people={d.handleByList} /> },
    module: { width: 140, ellipsis: true, render: (_v, d) => d.moduleName },
    version: { width: 100, ellipsis: true, render: (_v, d) => d.moduleVersion },
    sponsor: { width: 110, ellipsis: true, render: (_v, d) => d.sponsor },
    planStart: { width: 170, render: (_v, d) => time(d.planStartTime) },
    planEnd: { width: 170, render: (_v, d) => time(d.planEndTime) },
    creator: {
      width: 140,
      render: (_v, d) => <PersonLabel person={d.creator} fallback={d.createBy} />,
    },
    createTime: { width: 170, render: (_v, d) => d.createTime },
    updateTime: { width: 165, render: (_v, d) => d.updateTime },
    seen: { width: 110, render: (_v, d) => (d.seen ? <DefectSeenText seen={d.seen} short /> : null) },
  };

  const custom = new Map(fields.map((f) => [customColumnKey(f.fieldKey), f]));
  const shown = columns.flatMap((key): TableColumnType<Defect>[] => {
    if (isCustomColumn(key)) {
      const definition = custom.get(key);
      if (!definition) return [];
      return [
        {
          key,
          title: definition.fieldLabel,
          width: 140,
          ellipsis: true,
          render: (_v, d) => (
            <CustomFieldValue field={definition} value={d.customFields?.[definition.fieldKey]} isCompact />
          ),
        },
      ];
    }
    const field = SORT_FIELD[key];
    return [
      {
        ...cells[key],
        key,
        title: t(COLUMN_TITLE_KEYS[key]),
        ...(field
          ? {
              sorter: true,
              sortOrder: current === field ? (isAscending ? 'ascend' : 'descend') : null,
              // The default column already shows descending, so its first click ascends (antd's would cancel).
              ...(field === defaultSort ? { sortDirections: DESCEND_FIRST } : {}),
            }
          : {}),
      },
    ];
  });
  const follow: TableColumnType<Defect> = {
    title: t('defect.follow'),
    key: 'collect',
    width: 70,
    render: (_v, d) => <FollowStar isOn={d.collect} onToggle={() => onToggleFollow(d)} />,
  };

  // Paging is handled by the pager itself; this only turns a header click into the URL's sort.
  const onChange: TableProps<Defect>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? SORT_FIELD[String(one.columnKey) as BuiltinColumn] : undefined;
    const next = { sort: field ?? '', order: field && one?.order === 'ascend' ? 'asc' : '' };
    if (next.sort !== (sort.sort ?? '') || next.order !== (sort.order ?? '')) onSort(next);
  };

  return (
    <Table<Defect>
      {...table}
      columns={[...shown, follow]}
      onChange={onChange}
      rowClassName={(d) => (d.defectId === cursor?.defectId ? 'is-cursor' : '')}
    />
  );
}

/**
 * 1.0's list keys: `j` and `k` move a highlight down and up the rows, Enter opens the highlighted
 * one; never while typing or while a dialog, drawer or the palette has the keyboard.
 */
function useRowCursor<T>(rows: readonly T[] | undefined, onOpen: (row: T) => void): T | undefined {
  const [at, setAt] = useState(-1);
  const list = rows ?? [];
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isOwnedByFocus(e) || isOverlayOpen() || list.length === 0) return;
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        setAt((i) => Math.max(0, Math.min(list.length - 1, i + (e.key === 'j' ? 1 : -1))));
      } else if (e.key === 'Enter' && at >= 0 && list[at]) {
        e.preventDefault();
        onOpen(list[at] as T);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [list, at, onOpen]);
  return at >= 0 ? list[Math.min(at, list.length - 1)] : undefined;
}
