import { downloadFile } from '../../lib/download.ts';
import { EXCEL_TIMEOUT_MS, importWorkbook } from '../../lib/import-file.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** Imports a workbook into the project: all rows or, with the rows' problems, none. */
export const importDefects = (projectId: number, file: File) =>
  importWorkbook('/system/defect/import', { projectId }, file);

/** The empty sheet with the project's drop-downs (types, levels, states, deliverables, members). */
export const downloadImportTemplate = (projectId: number, fileName: string, columns?: readonly string[]) =>
  downloadFile(
    {
      url: '/system/defect/importTemplate',
      params: { projectId, ...(columns ? { columns: columns.join(',') } : {}) },
    },
    fileName,
  );

/** The list as filtered and sorted now (see exportQuery), as a workbook that imports back. */
export const exportDefects = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/defect/export', params: query, timeout: EXCEL_TIMEOUT_MS }, fileName);
