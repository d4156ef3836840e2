import type {
  AjaxResult,
  CacheEntry,
  CacheInfo,
  CacheName,
  DatabaseInfo,
  LoginLog,
  OnlineSession,
  OperLog,
  ServerInfo,
  TableData,
} from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const monitorKeys = {
  loginLogs: (query: QueryObject) => ['login-logs', query] as const,
  online: (query: QueryObject) => ['online', query] as const,
  operLogs: ['oper-logs'] as const,
  operLogList: (query: QueryObject) => ['oper-logs', query] as const,
  server: ['monitor-server'] as const,
  cache: ['monitor-cache'] as const,
  cacheNames: ['monitor-cache', 'names'] as const,
  cacheKeys: (cacheName: string) => ['monitor-cache', 'keys', cacheName] as const,
  cacheValue: (cacheName: string, cacheKey: string) =>
    ['monitor-cache', 'value', cacheName, cacheKey] as const,
  database: ['monitor-database'] as const,
};

type Data<T> = AjaxResult & { data: T };
const seg = encodeURIComponent;

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

export const listOperLogs = (query: QueryObject) =>
  http.get<TableData<OperLog>>('/monitor/operlog/list', query);
export const deleteOperLogs = (ids: readonly number[]) => http.delete(`/monitor/operlog/${ids.join(',')}`);
export const cleanOperLogs = () => http.delete('/monitor/operlog/clean');

export const getServerInfo = async () => (await http.get<Data<ServerInfo>>('/monitor/server')).data;
export const getDatabaseInfo = async () => (await http.get<Data<DatabaseInfo>>('/monitor/database')).data;

export const getCacheInfo = async () => (await http.get<Data<CacheInfo>>('/monitor/cache')).data;
export const getCacheNames = async () => (await http.get<Data<CacheName[]>>('/monitor/cache/getNames')).data;
export const getCacheKeys = async (cacheName: string) =>
  (await http.get<Data<string[]>>(`/monitor/cache/getKeys/${seg(cacheName)}`)).data;
export const getCacheValue = async (cacheName: string, cacheKey: string) =>
  (await http.get<Data<CacheEntry>>(`/monitor/cache/getValue/${seg(cacheName)}/${seg(cacheKey)}`)).data;
export const clearCacheName = (cacheName: string) =>
  http.delete(`/monitor/cache/clearCacheName/${seg(cacheName)}`);
export const clearCacheKey = (cacheKey: string) =>
  http.delete(`/monitor/cache/clearCacheKey/${seg(cacheKey)}`);
export const clearCacheAll = () => http.delete('/monitor/cache/clearCacheAll');
