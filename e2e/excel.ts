/** The Excel side of the import and export flows: read what the page downloads, write what it uploads. */
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Clicks, and returns the download the click starts. */
export async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** The first sheet of a downloaded workbook. */
export async function readWorkbook(download: Download): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the workbook has no sheet');
  return ws;
}

/** Column numbers by header text, without the " *" of required columns. */
export function headerColumns(ws: ExcelJS.Worksheet): Map<string, number> {
  const out = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    out.set(String(cell.value).replace(/\s*\*$/, ''), col);
  });
  return out;
}

/** The sheet's workbook as a file for a file input. */
export async function xlsxFile(ws: ExcelJS.Worksheet, name: string) {
  const buffer = Buffer.from(await ws.workbook.xlsx.writeBuffer());
  return { name, mimeType: XLSX_TYPE, buffer };
}
