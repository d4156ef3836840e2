import { downloadFile } from '../../lib/download.ts';
import { EXCEL_TIMEOUT_MS, importWorkbook } from '../../lib/import-file.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** Imports a workbook of cases: all rows or, with the rows' problems, none. */
export const importCases = (projectId: number, file: File) =>
  importWorkbook('/system/case/importData', { projectId }, file);

/** The empty sheet, with the project's deliverables and the levels as drop-downs. */
export const downloadCaseTemplate = (projectId: number, fileName: string) =>
  downloadFile({ url: '/system/case/importTemplate', params: { projectId } }, fileName);

/** The list as filtered and sorted now (see caseExportQuery). */
export const exportCases = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/case/export', params: query, timeout: EXCEL_TIMEOUT_MS }, fileName);
