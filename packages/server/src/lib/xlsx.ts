import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors.ts';
import { formatDateTime } from './time.ts';
import { measureInflation } from './zip-inflation.ts';

/** A column of a sheet we write and read back: its header in each language and its width. */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: { zh_CN: string; en_US: string };
  width: number;
  /** A drop-down: the allowed values (written to a hidden sheet when long). */
  choices?: readonly string[];
  /** Marked in the header so people see what must be filled. */
  isRequired?: boolean;
  /** Other headers read as this column on import (older templates, the original's sheets). */
  aliases?: readonly string[];
}

/** More rows than this and an export is refused with a hint to narrow the filters. */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows turned to their wire shape at a time: the lookups bind one id per row, and SQLite binds at most 32,766. */
const SHAPE_CHUNK = 1000;

/** Maps rows to their wire shape a chunk at a time (exports can hold tens of thousands). */
export async function shapeInChunks<T, R>(rows: T[], shape: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < rows.length; at += SHAPE_CHUNK)
    out.push(...(await shape(rows.slice(at, at + SHAPE_CHUNK))));
  return out;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LISTS_SHEET = 'lists';
/** Rows of a template or export that get the drop-downs. */
const VALIDATED_ROWS = 10_000;

const headerText = (c: SheetColumn, lang: 'zh_CN' | 'en_US') =>
  `${c.header[lang]}${c.isRequired ? ' *' : ''}`;

/**
 * A workbook with one data sheet: bold frozen headers, the given rows, and list validations for
 * the columns that have choices (their values live on a hidden sheet, so lists of hundreds of
 * deliverable paths stay within Excel's 255-character limit for inline lists).
 */
/** exceljs is large; it loads on the first spreadsheet, not at start-up. */
async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export async function buildWorkbook(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: readonly Record<string, string | number | null | undefined>[],
  lang: 'zh_CN' | 'en_US',
): Promise<ExcelJS.Workbook> {
  const wb = new (await excel()).Workbook();
  wb.creator = 'Buglet';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: headerText(c, lang), key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, inert(v)])));

  const lists = wb.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  let listColumn = 0;
  columns.forEach((c, i) => {
    if (!c.choices || c.choices.length === 0) return;
    listColumn += 1;
    const letter = columnLetter(listColumn);
    c.choices.forEach((value, r) => {
      lists.getCell(`${letter}${r + 1}`).value = inert(value);
    });
    const target = columnLetter(i + 1);
    const last = Math.max(VALIDATED_ROWS, rows.length + 1);
    withValidations(ws).dataValidations.add(`${target}2:${target}${last}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`${LISTS_SHEET}!$${letter}$1:$${letter}$${c.choices.length}`],
      showErrorMessage: false,
    });
  });
  return wb;
}

/** exceljs writes list validations but its type declarations do not list them. */
const withValidations = (ws: ExcelJS.Worksheet) =>
  ws as ExcelJS.Worksheet & {
    dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
  };

export function columnLetter(n: number): string {
  let out = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) out = String.fromCharCode(65 + ((x - 1) % 26)) + out;
  return out;
}

export async function sendWorkbook(reply: FastifyReply, wb: ExcelJS.Workbook, fileName: string) {
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  const encoded = encodeURIComponent(fileName);
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename*=utf-8''${encoded}`)
    .header('download-filename', encoded)
    .header('Access-Control-Expose-Headers', 'Content-Disposition,download-filename')
    .send(body);
}

/**
 * The export of a filtered list (teams, roles, dictionaries…): one sheet titled `title`, the file
 * named after it unless `fileName` says otherwise. `rows` may hold one row more than
 * EXPORT_MAX_ROWS (the caller asks for that many): then the export is refused with a hint to
 * narrow the filters, never cut short silently.
 */
export async function sendListSheet(
  reply: FastifyReply,
  lang: 'zh_CN' | 'en_US',
  title: string,
  columns: readonly SheetColumn[],
  rows: readonly Record<string, string | number | null | undefined>[],
  fileName = `${title}.xlsx`,
) {
  if (rows.length > EXPORT_MAX_ROWS) throw new AppError('export.too-many', [EXPORT_MAX_ROWS]);
  return sendWorkbook(reply, await buildWorkbook(title, columns, rows, lang), fileName);
}

/** A column of an export: its key, its header in both languages and its width. */
export const column = (key: string, zh_CN: string, en_US: string, width = 20): SheetColumn => ({
  key,
  header: { zh_CN, en_US },
  width,
});

/**
 * A text that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) is written with a leading apostrophe, so opening an export runs nothing;
 * `cellText` takes the apostrophe off again when such a sheet is imported.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function inert<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A workbook that unpacks to more than this is refused (a zip bomb): counted while it is unpacked
 * (zip-inflation.ts), whatever sizes it declares. A sheet of IMPORT_MAX_ROWS full rows is far below.
 */
export const UNPACKED_MAX_BYTES = 100 * 1024 * 1024;

/**
 * The first sheet of an uploaded workbook, or undefined when the bytes are not an .xlsx file;
 * one that unpacks to more than UNPACKED_MAX_BYTES is refused once the count passes it, unread.
 */
export async function readFirstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet | undefined> {
  const inflation = await measureInflation(bytes, UNPACKED_MAX_BYTES);
  if (inflation.kind === 'invalid') return undefined;
  if (inflation.kind === 'too-large')
    throw new AppError('import.file.unpacks-too-large', [`${UNPACKED_MAX_BYTES >> 20} MB`]);
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  return wb.worksheets.find((ws) => ws.state === 'visible') ?? wb.worksheets[0];
}

/** A cell as people typed it: rich text, links and formula results flattened to plain text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatExcelDate(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((p) => p.text)
        .join('')
        .trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  const text = String(value).trim();
  // An export's neutralised formula text comes back as it was typed.
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * Excel keeps dates without a zone; exceljs hands them over as UTC instants of the wall-clock
 * time shown, so the UTC fields are the time the person typed.
 */
function formatExcelDate(d: Date): string {
  const shifted = new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return formatDateTime(shifted);
}

/** A header cell back to its column key, in either language, with or without the required mark. */
export function headerIndex(ws: ExcelJS.Worksheet, columns: readonly SheetColumn[]): Map<string, number> {
  const byText = new Map<string, string>();
  for (const c of columns) {
    for (const text of [c.header.zh_CN, c.header.en_US, ...(c.aliases ?? [])]) {
      const normal = normalizeHeader(text);
      if (!byText.has(normal)) byText.set(normal, c.key);
    }
  }
  const out = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = byText.get(normalizeHeader(cellText(cell.value)));
    if (key && !out.has(key)) out.set(key, col);
  });
  return out;
}

/** Headers match in either language, with or without a required mark ("*", the original's "(必填)"). */
const normalizeHeader = (text: string) =>
  text
    .replace(/[(（]\s*(必填|required)\s*[)）]/gi, '')
    .replace(/[*＊()（）\s]/g, '')
    .toLowerCase();
