import { type AjaxResult, LIMITS } from '@buglet/contracts';

/** The server reads .xlsx workbooks only, through the shared upload limit. */
export const IMPORT_EXTENSION = 'xlsx';
export const IMPORT_MAX_BYTES = LIMITS.fileMaxBytes;

export type ImportFileProblem =
  | { key: 'defect.import.format-error' }
  | { key: 'defect.import.size-error'; size: number };

/** The check made before a file is sent, the same rule the server applies. */
export function checkImportFile(file: { name: string; size: number }): ImportFileProblem | undefined {
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : '';
  if (extension !== IMPORT_EXTENSION) return { key: 'defect.import.format-error' };
  if (file.size > IMPORT_MAX_BYTES) {
    return { key: 'defect.import.size-error', size: IMPORT_MAX_BYTES / 1024 / 1024 };
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
