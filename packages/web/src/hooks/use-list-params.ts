import { PAGE_DEFAULTS } from '@buglet/contracts';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type Filters<K extends string> = Partial<Record<K, string>>;

/**
 * List filters and paging live in the URL query, so a filtered view can be shared and reloaded.
 * Changing filters goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyList = keys.join(',');
  const read = useCallback(
    (from: URLSearchParams) => {
      const out: Filters<K> = {};
      for (const key of keyList.split(',') as K[]) {
        const value = from.get(key);
        if (value) out[key] = value;
      }
      return out;
    },
    [keyList],
  );

  const filters = useMemo(() => read(searchParams), [read, searchParams]);
  // The address as last written, ahead of the render that shows it: the router renders a change
  // as a transition, and a second change made before that render (two quick clicks on a busy
  // machine) must build on the first, not on what the page still shows. Once a committed render
  // shows what was written (or the address changed from elsewhere with nothing pending), the
  // address is the truth again; a render of the older address meanwhile changes nothing.
  const written = useRef(searchParams);
  const pending = useRef<string | undefined>(undefined);
  const committed = useRef(searchParams.toString());
  useLayoutEffect(() => {
    committed.current = searchParams.toString();
    if (pending.current !== undefined && pending.current !== committed.current) return;
    pending.current = undefined;
    written.current = searchParams;
  }, [searchParams]);
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
      written.current = params;
      // Writing the address as it is renders nothing new: nothing to wait for.
      const address = params.toString();
      pending.current = address === committed.current ? undefined : address;
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
    /** The filters as last written (a change not yet rendered included), to build the next one on. */
    latest: () => read(written.current),
    /** Changes some filters, keeping the others as last written. */
    update: (changes: Filters<K>) =>
      write({ ...read(written.current), ...changes }, PAGE_DEFAULTS.pageNum, pageSize),
    reset: () => write({}, PAGE_DEFAULTS.pageNum, pageSize),
    setPage: (num: number, size: number) => write(read(written.current), size === pageSize ? num : 1, size),
  };
}
