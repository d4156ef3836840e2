import { ResultCode } from '@buglet/contracts';
import { AppError } from '../http/errors.ts';
import { type Lang, type MessageArg, type MessageKey, translate } from '../http/i18n.ts';
import { cellText, headerIndex, readFirstSheet, type SheetColumn } from './xlsx.ts';

/** Enough for a real migration from another tracker; a bigger sheet is split by the person. */
export const IMPORT_MAX_ROWS = 20_000;

/**
 * A sheet people fill in and upload (defects, cases, users): each column's header as a message
 * key, so it reads in both languages; which columns an import reads and which must be filled.
 */
export interface ImportSheet<K extends string> {
  labels: Record<K, MessageKey>;
  imported: readonly K[];
  required: ReadonlySet<K>;
  /** Other headers read as the column on import (older templates, the original's sheets). */
  aliases?: Partial<Record<K, readonly string[]>>;
  /** Widths other than the usual 16. */
  widths?: Partial<Record<K, number>>;
}

/** What is wrong with one row, as message keys until the reader's language is known. */
export interface RowProblem {
  rowNum: number;
  messages: { key: MessageKey; args: MessageArg[] }[];
}

/** One filled row of an upload: each imported cell as typed ('' where the column is absent). */
export interface SheetRow<K extends string> {
  rowNum: number;
  values: Record<K, string>;
  /** The cells of the columns a feature adds at run time (a project's own fields), by column key. */
  extra?: Record<string, string>;
}

/** A column's header as a message argument, named in the reader's language. */
export const labelOf = <K extends string>(sheet: ImportSheet<K>, column: K): MessageArg => ({
  key: sheet.labels[column],
});

/** The columns `keys` of a template or an export, with the drop-downs in `choices`. */
export function sheetColumns<K extends string>(
  sheet: ImportSheet<K>,
  keys: readonly K[],
  choices: Partial<Record<K, readonly string[]>> = {},
): SheetColumn<K>[] {
  return keys.map((key) => ({
    key,
    header: { zh_CN: translate('zh_CN', sheet.labels[key]), en_US: translate('en_US', sheet.labels[key]) },
    width: sheet.widths?.[key] ?? 16,
    isRequired: sheet.required.has(key),
    ...(choices[key] ? { choices: choices[key] } : {}),
    ...(sheet.aliases?.[key] ? { aliases: sheet.aliases[key] } : {}),
  }));
}

/**
 * The filled rows of an uploaded workbook (sheets often end with formatted but empty rows), or
 * its refusal: not an .xlsx file, a required column missing, more than IMPORT_MAX_ROWS rows.
 */
export async function readImportSheet<K extends string>(
  bytes: Buffer,
  sheet: ImportSheet<K>,
  /** Columns known only at run time, matched by their headers like the sheet's own; read into `extra`. */
  extraColumns: readonly SheetColumn<string>[] = [],
): Promise<SheetRow<K>[]> {
  const ws = await readFirstSheet(bytes);
  if (!ws) throw new AppError('import.file.invalid');
  const columns = headerIndex(ws, [...sheetColumns(sheet, sheet.imported), ...extraColumns]);
  const missing = sheet.imported.filter((c) => sheet.required.has(c) && !columns.has(c));
  if (missing.length > 0)
    throw new AppError('import.header.missing', [{ join: missing.map((c) => labelOf(sheet, c)), sep: '、' }]);
  if (ws.actualRowCount - 1 > IMPORT_MAX_ROWS) throw new AppError('import.file.too-many', [IMPORT_MAX_ROWS]);
  const rows: SheetRow<K>[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNum) => {
    if (rowNum === 1) return;
    const cell = (c: K) => {
      const col = columns.get(c);
      return col ? cellText(row.getCell(col).value) : '';
    };
    const values = Object.fromEntries(sheet.imported.map((c) => [c, cell(c)])) as Record<K, string>;
    const extra = Object.fromEntries(extraColumns.map((c) => [c.key, cell(c.key as K)]));
    if (sheet.imported.some((c) => values[c] !== '') || Object.values(extra).some((v) => v !== ''))
      rows.push({ rowNum, values, ...(extraColumns.length > 0 ? { extra } : {}) });
  });
  return rows;
}

/** A row's first messages: the required cells it leaves empty, if any. */
export function emptyCells<K extends string>(
  sheet: ImportSheet<K>,
  row: SheetRow<K>,
): RowProblem['messages'] {
  const empty = sheet.imported.filter((c) => sheet.required.has(c) && row.values[c] === '');
  if (empty.length === 0) return [];
  const join = empty.map((c) => labelOf(sheet, c));
  return [{ key: 'import.row.empty', args: [row.rowNum, { join, sep: '、' }] }];
}

/** The refusal of an all-or-nothing import: how many rows fail and why, each row's messages in `data.rows`. */
export function rowsRefused(lang: Lang, failed: MessageKey, problems: readonly RowProblem[]): AppError {
  const rows = problems.map((p) => ({
    rowNum: p.rowNum,
    messages: p.messages.map((m) => translate(lang, m.key, m.args)),
  }));
  return new AppError(
    failed,
    [problems.length, { join: rows.flatMap((l) => l.messages) }],
    ResultCode.error,
    // The original's import dialog shows `message` (the summary), then each row of `rows`.
    { data: { message: translate(lang, failed, [problems.length, '']).trim(), rows } },
  );
}

/** An import's answer when every row came in: its summary, also as the original's `{message, rows}`. */
export function rowsImported<D extends object>(msg: string, data: D) {
  return { code: ResultCode.success, msg, data: { ...data, message: msg, rows: [] as never[] } };
}
