import { type AjaxResult, LIMITS, ResultCode } from '@buglet/contracts';
import { handleEnvelope, send } from './http.ts';
import type { QueryObject } from './query-string.ts';

/** The server reads .xlsx workbooks only, through the shared upload limit. */
export const IMPORT_EXTENSION = 'xlsx';
export const IMPORT_MAX_BYTES = LIMITS.fileMaxBytes;
/** A sheet of 20,000 rows or an export of 50,000 takes longer than an ordinary call. */
export const EXCEL_TIMEOUT_MS = 120_000;

export type ImportFileProblem = { key: 'import.format-error' } | { key: 'import.size-error'; size: number };

/** The check made before a file is sent, the same rule the server applies. */
export function checkImportFile(file: { name: string; size: number }): ImportFileProblem | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : '';
  if (extension !== IMPORT_EXTENSION) return { key: 'import.format-error' };
  if (file.size > IMPORT_MAX_BYTES) {
    return { key: 'import.size-error', size: IMPORT_MAX_BYTES / 1024 / 1024 };
  }
  return undefined;
}

/** One sheet row the server refused, with every problem it found in it (already translated). */
export interface ImportRowError {
  rowNum: number;
  messages: string[];
}

export interface ImportFailure {
  /** The refusal's first line ("Nothing was imported: 2 row(s) have errors."), or its whole text. */
  summary: string;
  rows: ImportRowError[];
}

export type ImportOutcome =
  | { isDone: true; message: string; count: number }
  | ({ isDone: false } & ImportFailure);

const isRowError = (value: unknown): value is ImportRowError => {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<ImportRowError>;
  return (
    typeof row.rowNum === 'number' &&
    Array.isArray(row.messages) &&
    row.messages.every((m) => typeof m === 'string')
  );
};

/**
 * A refused import: row problems come in `data.rows` (the message repeats them after its first
 * line, for clients that show only the message); a whole-file problem has the message alone.
 */
export function readImportFailure(body: AjaxResult): ImportFailure {
  const data = body.data as { rows?: unknown } | undefined;
  const rows = Array.isArray(data?.rows) ? data.rows.filter(isRowError) : [];
  const msg = body.msg ?? '';
  return { summary: rows.length > 0 ? (msg.split('\n')[0] ?? msg) : msg, rows };
}

/**
 * Sends a workbook as the multipart `file`. A refusal (code 500: rows with errors, or a file that is
 * not a usable sheet) is returned rather than shown as a toast, so the dialog can list the rows;
 * any other failure is reported as usual.
 */
export async function importWorkbook(url: string, params: QueryObject, file: File): Promise<ImportOutcome> {
  const data = new FormData();
  data.append('file', file);
  const response = await send({ url, method: 'POST', params, data, timeout: EXCEL_TIMEOUT_MS });
  const body = (await response.json()) as AjaxResult<{ count?: number }>;
  if (body.code === ResultCode.error) return { isDone: false, ...readImportFailure(body) };
  handleEnvelope(body);
  return { isDone: true, message: body.msg, count: body.data?.count ?? 0 };
}
