import type { AjaxResult, ApiFeatures, ApiRefusal, ProjectApi, TableData } from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const projectApiKeys = {
  all: ['project-apis'] as const,
  list: (query: QueryObject) => ['project-apis', 'list', query] as const,
  detail: (apiId: string) => ['project-apis', 'detail', apiId] as const,
  refusals: (apiId: string) => ['project-apis', 'refusals', apiId] as const,
};

export interface ProjectApiCreateBody {
  projectId: number;
  apiName: string;
  whiteList?: string[];
  expireTime?: string | null;
  remark?: string | null;
  enabled?: boolean;
  features?: ApiFeatures | null;
  defaultHandlerId?: number | null;
}

export type ProjectApiUpdateBody = Partial<Omit<ProjectApiCreateBody, 'projectId'>> & { apiId: string };

export const listProjectApis = (query: QueryObject) =>
  http.get<TableData<ProjectApi>>('/system/api/list', query);
export const getProjectApi = (apiId: string) => http.get<AjaxResult<ProjectApi>>(`/system/api/${apiId}`);
/** The answer's `data.apiKey` is the whole key: the only time it is ever sent. */
export const createProjectApi = (body: ProjectApiCreateBody) =>
  http.post<AjaxResult<ProjectApi>>('/system/api', body);
export const updateProjectApi = (body: ProjectApiUpdateBody) =>
  http.put<AjaxResult<ProjectApi>>('/system/api', body);
/** The key's latest refused calls (the newest 50), newest first. */
export const listApiRefusals = (apiId: string) =>
  http.get<TableData<ApiRefusal>>(`/system/api/${apiId}/refusals`);
export const deleteProjectApis = (apiIds: readonly string[]) =>
  http.delete(`/system/api/${apiIds.join(',')}`);
export const exportProjectApis = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/api/export', params: query }, fileName);
