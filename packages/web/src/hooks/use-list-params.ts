import { PAGE_DEFAULTS } from '@buglet/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Filters<K extends string> = Partial<Record<K, string>>;

/**
 * List filters and paging live in the URL query, so a filtered view can be shared and reloaded.
 * Changing filters goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyList = keys.join(',');

  const filters = useMemo(() => {
    const out: Filters<K> = {};
    for (const key of keyList.split(',') as K[]) {
      const value = searchParams.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [searchParams, keyList]);
  const pageNum = Number(searchParams.get('pageNum')) || PAGE_DEFAULTS.pageNum;
  const pageSize = Number(searchParams.get('pageSize')) || PAGE_DEFAULTS.pageSize;

  const write = useCallback(
    (next: Filters<K>, num: number, size: number) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
      }
      if (num !== PAGE_DEFAULTS.pageNum) params.set('pageNum', String(num));
      if (size !== PAGE_DEFAULTS.pageSize) params.set('pageSize', String(size));
      setSearchParams(params, { replace: true });
    },
    [setSearchParams],
  );

  return {
    filters,
    pageNum,
    pageSize,
    /** Query object for the list endpoint. */
    query: { ...filters, pageNum, pageSize },
    search: (next: Filters<K>) => write(next, PAGE_DEFAULTS.pageNum, pageSize),
    reset: () => write({}, PAGE_DEFAULTS.pageNum, pageSize),
    setPage: (num: number, size: number) => write(filters, size === pageSize ? num : 1, size),
  };
}
