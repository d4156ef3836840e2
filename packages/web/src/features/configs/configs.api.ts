import type { Config, TableData } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export type ConfigBody = Pick<Config, 'configName' | 'configKey' | 'configValue' | 'configType'> & {
  configId?: number;
  remark?: string | null;
};

export const configKeys = {
  all: ['configs'] as const,
  list: (query: QueryObject) => ['configs', 'list', query] as const,
};

export const listConfigs = (query: QueryObject) => http.get<TableData<Config>>('/system/config/list', query);
export const addConfig = (body: ConfigBody) => http.post('/system/config', body);
export const updateConfig = (body: ConfigBody) => http.put('/system/config', body);
export const deleteConfigs = (ids: readonly number[]) => http.delete(`/system/config/${ids.join(',')}`);
export const refreshConfigCache = () => http.delete('/system/config/refreshCache');
