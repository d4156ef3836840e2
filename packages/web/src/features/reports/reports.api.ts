import type {
  AjaxResult,
  Report,
  ReportData,
  ReportTemplate,
  ReportTemplateFile,
  ReportType,
  TableData,
} from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { http } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { sendViewClosed, viewsClosed } from '../../lib/view-focus.ts';

export const reportKeys = {
  all: ['reports'] as const,
  list: (query: QueryObject) => ['reports', 'list', query] as const,
  detail: (reportId: number) => ['reports', 'detail', reportId] as const,
  /** Live data by project and the sources a report names. */
  data: (projectId: number, need: string) => ['reports', 'data', projectId, need] as const,
  templates: ['report-templates'] as const,
  templateList: (query: QueryObject) => ['report-templates', 'list', query] as const,
  template: (templateId: number) => ['report-templates', 'detail', templateId] as const,
};

export interface ReportCreateBody {
  projectId: number;
  reportTitle: string;
  reportDescription: string;
  reportType: ReportType;
  /** A test plan's report: its figures fill `${api.plan.…}` and the plan links to it. */
  planId?: string;
}

export const listReports = (query: QueryObject) => http.get<TableData<Report>>('/system/report/list', query);
/** Reading a report marks the reader as looking at it. */
export const getReport = async (reportId: number) => {
  await viewsClosed();
  return http.get<AjaxResult<Report>>(`/system/report/${reportId}`);
};
export const closeReportView = () => sendViewClosed('/system/report/close-edit-window');
export const createReport = (body: ReportCreateBody) => http.post<AjaxResult<Report>>('/system/report', body);
export const deleteReports = (ids: readonly number[]) => http.delete(`/system/report/${ids.join(',')}`);
export const exportReports = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/report/export', params: query }, fileName);
export const getReportData = (projectId: number, need: string) =>
  http.get<AjaxResult<ReportData>>(`/markdown/${projectId}`, { need });

export const listTemplates = (query: QueryObject) =>
  http.get<TableData<ReportTemplate>>('/system/report/template/list', query);
export const getTemplate = (templateId: number) =>
  http.get<AjaxResult<ReportTemplate>>(`/system/report/template/${templateId}`);
export const createTemplate = (body: {
  projectId: number;
  templateTitle: string;
  templateContent: string;
  moduleType?: string | null;
  majorVersion?: number;
  minorVersion?: number;
}) => http.post<AjaxResult<ReportTemplate>>('/system/report/template', body);
export const updateTemplate = (body: {
  templateId: number;
  templateTitle?: string;
  templateContent?: string;
  templateIconUrl?: string | null;
}) => http.put<AjaxResult<ReportTemplate>>('/system/report/template', body);
export const deleteTemplates = (ids: readonly number[]) =>
  http.delete(`/system/report/template/${ids.join(',')}`);
export const downloadTemplateFile = (template: ReportTemplate) =>
  downloadFile(
    { url: `/system/report/template/${template.templateId}/file`, method: 'GET' },
    `${template.templateTitle}.buglet-template.json`,
  );
export const importTemplate = (projectId: number, file: ReportTemplateFile) =>
  http.post<AjaxResult<ReportTemplate>>('/system/report/template/import', { projectId, file });
