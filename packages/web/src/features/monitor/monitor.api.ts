import type { LoginLog, OnlineSession, TableData } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const monitorKeys = {
  loginLogs: (query: QueryObject) => ['login-logs', query] as const,
  online: (query: QueryObject) => ['online', query] as const,
};

export const listLoginLogs = (query: QueryObject) =>
  http.get<TableData<LoginLog>>('/monitor/logininfor/list', query);
export const deleteLoginLogs = (ids: readonly number[]) =>
  http.delete(`/monitor/logininfor/${ids.join(',')}`);
export const cleanLoginLogs = () => http.delete('/monitor/logininfor/clean');
export const unlockUser = (userName: string) =>
  http.get(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`);

export const listOnline = (query: QueryObject) =>
  http.get<TableData<OnlineSession>>('/monitor/online/list', query);
export const forceLogout = (tokenId: string) => http.delete(`/monitor/online/${encodeURIComponent(tokenId)}`);
