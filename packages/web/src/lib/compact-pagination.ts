import type { TablePaginationConfig } from 'antd';

/**
 * The pager of a small table beside other content (a drawer's list, a picker): a fixed page size,
 * small, no size changer.
 */
export const compactPagination = (
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig => ({
  current,
  pageSize,
  total: total ?? 0,
  showSizeChanger: false,
  size: 'small',
  onChange,
});
