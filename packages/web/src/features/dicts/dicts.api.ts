import type { AjaxResult, DictData, DictType, TableData } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export type DictTypeBody = Pick<DictType, 'dictName' | 'dictType' | 'status'> & {
  dictId?: number;
  remark?: string | null;
};
export type DictDataBody = Omit<DictData, 'dictCode' | 'createTime'> & { dictCode?: number };

export const dictTypeKeys = {
  all: ['dict-types'] as const,
  list: (query: QueryObject) => ['dict-types', 'list', query] as const,
  detail: (dictId: number) => ['dict-types', 'detail', dictId] as const,
};
export const dictDataKeys = {
  all: ['dict-data'] as const,
  list: (query: QueryObject) => ['dict-data', 'list', query] as const,
};

export const listDictTypes = (query: QueryObject) =>
  http.get<TableData<DictType>>('/system/dict/type/list', query);
export const getDictType = (dictId: number) => http.get<AjaxResult<DictType>>(`/system/dict/type/${dictId}`);
export const addDictType = (body: DictTypeBody) => http.post('/system/dict/type', body);
export const updateDictType = (body: DictTypeBody) => http.put('/system/dict/type', body);
export const deleteDictTypes = (ids: readonly number[]) => http.delete(`/system/dict/type/${ids.join(',')}`);
export const refreshDictCache = () => http.delete('/system/dict/type/refreshCache');

export const listDictData = (query: QueryObject) =>
  http.get<TableData<DictData>>('/system/dict/data/list', query);
export const addDictData = (body: DictDataBody) => http.post('/system/dict/data', body);
export const updateDictData = (body: DictDataBody) => http.put('/system/dict/data', body);
export const deleteDictData = (codes: readonly number[]) =>
  http.delete(`/system/dict/data/${codes.join(',')}`);
