import { PAGE_DEFAULTS } from '@buglet/contracts';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../stores/layout.store.ts';

/** The shared pager: sizes 10/20/30/50, total, jumper; fewer page buttons on mobile; hidden when empty. */
export function usePagination(
  total: number,
  pageNum: number,
  pageSize: number,
  onChange: (pageNum: number, pageSize: number) => void,
): TablePaginationConfig | false {
  const { t } = useTranslation();
  const isMobile = useLayout((s) => s.isMobile);
  if (total <= 0) return false;
  return {
    current: pageNum,
    pageSize,
    total,
    pageSizeOptions: PAGE_DEFAULTS.pageSizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    // antd has no pager-count setting; showLessItems gives 5 page buttons instead of 7.
    showLessItems: isMobile,
    showTotal: (count) => t('pagination.total', { count }),
    onChange: (num, size) => {
      onChange(num, size);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  };
}
