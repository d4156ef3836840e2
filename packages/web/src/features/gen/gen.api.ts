import type {
  AjaxResult,
  DictType,
  GenDbTable,
  GenTable,
  GenTableBody,
  GenTableDetail,
  TableData,
} from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const genKeys = {
  all: ['gen'] as const,
  list: (query: QueryObject) => ['gen', 'list', query] as const,
  dbList: (query: QueryObject) => ['gen', 'db-list', query] as const,
  detail: (tableId: number) => ['gen', 'detail', tableId] as const,
  preview: (tableId: number) => ['gen', 'preview', tableId] as const,
  dictTypes: ['gen', 'dict-types'] as const,
};

export const listGenTables = (query: QueryObject) => http.get<TableData<GenTable>>('/tool/gen/list', query);
export const listDbTables = (query: QueryObject) =>
  http.get<TableData<GenDbTable>>('/tool/gen/db/list', query);
export const getGenTable = (tableId: number) => http.get<AjaxResult<GenTableDetail>>(`/tool/gen/${tableId}`);
export const importTables = (tables: readonly string[]) =>
  http.post('/tool/gen/importTable', undefined, { tables: tables.join(',') });
export const updateGenTable = (body: GenTableBody) => http.put('/tool/gen', body);
export const deleteGenTables = (ids: readonly number[]) => http.delete(`/tool/gen/${ids.join(',')}`);
export const previewCode = (tableId: number) =>
  http.get<AjaxResult<Record<string, string>>>(`/tool/gen/preview/${tableId}`);
export const syncTable = (tableName: string) => http.get(`/tool/gen/synchDb/${tableName}`);
/** Writes the code under the server's data folder (the original's "custom path"); the answer names it. */
export const writeCode = (tableName: string) => http.get<AjaxResult>(`/tool/gen/genCode/${tableName}`);
export const listDictTypeOptions = () => http.get<AjaxResult<DictType[]>>('/system/dict/type/optionselect');

export const downloadCode = (tableName: string) =>
  downloadFile({ url: `/tool/gen/download/${tableName}`, method: 'GET' }, `${tableName}.zip`);
export const downloadCodes = (tableNames: readonly string[]) =>
  downloadFile(
    { url: '/tool/gen/batchGenCode', method: 'GET', params: { tables: tableNames.join(',') } },
    'buglet-gen.zip',
  );
