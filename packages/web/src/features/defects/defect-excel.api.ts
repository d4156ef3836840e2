import { type AjaxResult, ResultCode } from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { handleEnvelope, send } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { type ImportFailure, readImportFailure } from './defect-import.ts';

/** A sheet of 20,000 rows or an export of 50,000 takes longer than an ordinary call. */
const EXCEL_TIMEOUT_MS = 120_000;

export type ImportOutcome =
  | { isDone: true; message: string; count: number }
  | ({ isDone: false } & ImportFailure);

/**
 * Imports a workbook into the project. A refusal (code 500: rows with errors, or a file that is
 * not a usable sheet) is returned rather than shown as a toast, so the dialog can list the rows;
 * any other failure is reported as usual.
 */
export async function importDefects(projectId: number, file: File): Promise<ImportOutcome> {
  const data = new FormData();
  data.append('file', file);
  const response = await send({
    url: '/system/defect/import',
    method: 'POST',
    params: { projectId },
    data,
    timeout: EXCEL_TIMEOUT_MS,
  });
  const body = (await response.json()) as AjaxResult<{ count?: number }>;
  if (body.code === ResultCode.error) return { isDone: false, ...readImportFailure(body) };
  handleEnvelope(body);
  return { isDone: true, message: body.msg, count: body.data?.count ?? 0 };
}

/** The empty sheet with the project's drop-downs (types, levels, states, deliverables, members). */
export const downloadImportTemplate = (projectId: number, fileName: string) =>
  downloadFile({ url: '/system/defect/importTemplate', params: { projectId } }, fileName);

/** The list as filtered and sorted now (see exportQuery), as a workbook that imports back. */
export const exportDefects = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/defect/export', params: query, timeout: EXCEL_TIMEOUT_MS }, fileName);
