import type { AjaxResult, ScreenSize, TableData } from '@buglet/contracts';
import { API_BASE, http, request } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export interface ScreenSizeBody {
  screenSizeId?: number;
  name: string;
  width: string;
  height: string;
  remark?: string | null;
}

export const screenSizeKeys = {
  all: ['screen-sizes'] as const,
  list: (query: QueryObject) => ['screen-sizes', 'list', query] as const,
};

export const listScreenSizes = (query: QueryObject) =>
  http.get<TableData<ScreenSize>>('/system/ScreenSize/list', query);
export const addScreenSize = (body: ScreenSizeBody) => http.post('/system/ScreenSize', body);
export const updateScreenSize = (body: ScreenSizeBody) => http.put('/system/ScreenSize', body);
export const deleteScreenSizes = (ids: readonly number[]) =>
  http.delete(`/system/ScreenSize/${ids.join(',')}`);

/**
 * A short-lived ticket that lets the tool's frame open pages through the proxy (the frame cannot
 * send the session header). Two panes may ask at once: not a duplicate submit.
 */
export const requestProxyTicket = () =>
  request<AjaxResult<{ ticket: string; expiresIn: number }>>({
    url: '/tools/browser/ticket',
    method: 'POST',
    repeatSubmit: false,
  });

/** The proxy's address for a page: what the tool's frame loads. */
export function proxyAddress(url: string, ticket: string, lang: string): string {
  const query = new URLSearchParams({ url, ticket, lang });
  return `${API_BASE}/tools/browser/proxy?${query.toString()}`;
}
