import { PAGE_DEFAULTS } from '@buglet/contracts';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../stores/layout.store.ts';

/**
 * "共 20 条" / "20 in total"; a capped count (the server stopped counting there) reads
 * "共 1000+ 条" / "1,000+ in total".
 */
export function totalText(t: TFunction, language: string, total: number, isCapped = false): string {
  if (!isCapped) return t('pagination.total', { count: total });
  // English groups thousands; Chinese writes the figure plain.
  const figure = total.toLocaleString('en-US', { useGrouping: language === 'en_US' });
  return t('pagination.total-capped', { total: figure });
}

/**
 * The shared pager: sizes 10/20/30/50, total, jumper; fewer page buttons on mobile; hidden when
 * empty. `isTotalCapped`: the total is a lower bound (a keyword search counts only so far).
 */
export function usePagination(
  total: number,
  pageNum: number,
  pageSize: number,
  onChange: (pageNum: number, pageSize: number) => void,
  isTotalCapped = false,
): TablePaginationConfig | false {
  const { t, i18n } = useTranslation();
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
    showTotal: (count) => totalText(t, i18n.language, count, isTotalCapped),
    onChange: (num, size) => {
      onChange(num, size);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  };
}
