import type { TableData } from '@buglet/contracts';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { usePagination } from './use-pagination.ts';

/** What the table needs from a list query (a TanStack Query result fits). */
interface ListQuery<T> {
  /** `totalCapped`: the server stopped counting at `total` (a keyword search), so it is "total+". */
  data: (TableData<T> & { totalCapped?: boolean }) | undefined;
  isFetching: boolean;
}

/** The page and page size kept in the URL (see useListParams). */
interface Paging {
  pageNum: number;
  pageSize: number;
  setPage: (pageNum: number, pageSize: number) => void;
}

/** Keys of T that hold a number, the only kind of id the delete and edit calls take. */
export type IdKey<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T] & string;

type PagedTableProps<T> = Required<
  Pick<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'scroll' | 'pagination'>
>;

/** The props every paged list table shares: rows and total from the query, paging from the URL. */
export function usePagedTable<T>(
  query: ListQuery<T>,
  paging: Paging,
  rowKey: keyof T & string,
): PagedTableProps<T> {
  const pagination = usePagination(
    query.data?.total ?? 0,
    paging.pageNum,
    paging.pageSize,
    paging.setPage,
    query.data?.totalCapped === true,
  );
  return {
    rowKey,
    loading: query.isFetching,
    dataSource: query.data?.rows ?? [],
    // Wide tables scroll inside the card rather than squeezing their columns on small screens.
    scroll: { x: 'max-content' },
    pagination,
  };
}

/**
 * A paged table whose rows can be ticked for the toolbar's edit and delete. `isLocked` rows (the
 * built-in administrator, say) cannot be ticked.
 */
export function useSelectableTable<T>(
  query: ListQuery<T>,
  paging: Paging,
  rowKey: IdKey<T>,
  isLocked?: (row: T) => boolean,
) {
  const table = usePagedTable(query, paging, rowKey);
  const [ticked, setTicked] = useState<readonly T[]>([]);
  const idOf = (row: T) => Number(row[rowKey]);
  const rows = query.data?.rows ?? [];
  // The current copy of each ticked row, so an edit opened from the toolbar shows the row as listed now.
  const selected = ticked.map((old) => rows.find((row) => idOf(row) === idOf(old)) ?? old);
  const rowSelection: TableProps<T>['rowSelection'] = {
    selectedRowKeys: ticked.map(idOf),
    onChange: (_keys, next) => setTicked(next),
    ...(isLocked ? { getCheckboxProps: (row: T) => ({ disabled: isLocked(row) }) } : {}),
  };
  return {
    tableProps: { ...table, rowSelection },
    selected,
    selectedIds: selected.map(idOf),
    clearSelection: () => setTicked([]),
  };
}
