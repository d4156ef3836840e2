import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newPerson } from '../api.ts';
import { launch, shot, shotsAtWidths, signIn, WAIT_MS } from '../browser.ts';
import { downloadBy, headerColumns, readWorkbook, XLSX_TYPE, xlsxFile } from '../excel.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);
const EXISTING = 'Existing defect before the import';
/** Type, title, level, state, deliverable, handler: the template's columns this test fills. */
const IMPORT_HEADERS = ['类型', '标题', '严重程度', '缺陷状态', '交付物', '处理人'];
/** The rows a person types into the template, the third naming a handler who is not a member. */
const importRows = (handler: string) => [
  ['BUG', 'Imported: cart total rounds wrong', '高', '待处理', 'Checkout', handler],
  ['任务', 'Imported: write the refund guide', '中', '待处理', '', handler],
  ['BUG', 'Imported: coupon field accepts spaces', '低', '待处理', 'Checkout', 'Nobody Here'],
  ['任务', 'Imported: translate the checkout page', '紧急', '待处理', 'Checkout', handler],
];
/** The sheet row (header is row 1) of the row naming a handler who is not a member. */
const BAD_ROW = 4;

let browser: Browser;
let page: Page;
let leads = 0;
const seeded = { token: '', projectId: 0, lead: newPerson('Ivy Importer') };

/**
 * The test's own lead with a project, a "Checkout" deliverable and one defect, signed in on a
 * page of the test's own.
 */
async function seed(): Promise<void> {
  leads += 1;
  const lead = newPerson('Ivy Importer');
  const { token, userId, projectId } = await seedOwnProject(lead, {
    teamName: `Import Team ${process.pid % 1000}-${leads}`,
    projectName: 'Import Shop',
  });
  Object.assign(seeded, { token, projectId, lead });
  await api(token, 'POST', '/system/module', { projectId, batchModuleNames: ['Checkout'] });
  await api(token, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: EXISTING,
    defectDescribe: 'Steps',
    defectLevel: 'middle',
    handleBy: [userId],
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, lead);
}

/** Imports a sheet of these headers and rows through the API, behind the page's back. */
async function importThroughApi(headers: string[], rows: string[][]): Promise<void> {
  const sheet = new ExcelJS.Workbook().addWorksheet('Defects');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  const form = new FormData();
  form.append('file', new Blob([await sheet.workbook.xlsx.writeBuffer()], { type: XLSX_TYPE }), 'rows.xlsx');
  await api(seeded.token, 'POST', `/system/defect/import?projectId=${seeded.projectId}`, form);
}

const listTotal = async () =>
  (await api(seeded.token, 'GET', `/system/defect/list?projectId=${seeded.projectId}&pageNum=1&pageSize=1`))
    .total;

/** The sheet's data rows as text, in the given columns. */
function sheetRows(ws: ExcelJS.Worksheet, headers: string[]): string[][] {
  const columns = headerColumns(ws);
  const rows: string[][] = [];
  ws.eachRow((row, rowNum) => {
    if (rowNum > 1) rows.push(headers.map((h) => String(row.getCell(columns.get(h) ?? 0).value ?? '')));
  });
  return rows;
}

/** Fills the downloaded template (keeping its drop-downs) and returns it as a file to upload. */
async function filledTemplate(template: ExcelJS.Worksheet, rows: string[][]) {
  const columns = headerColumns(template);
  const order = ['类型', '标题', '严重程度', '缺陷状态', '交付物', '处理人'];
  rows.forEach((values, i) => {
    const row = template.getRow(i + 2);
    values.forEach((value, j) => {
      row.getCell(columns.get(order[j] ?? '') ?? 0).value = value || null;
    });
    row.commit();
  });
  return xlsxFile(template, 'defects.xlsx');
}

/** At the two widths the layout changes around; `scrollTo` is brought into view first. */
const shotAtWidths = (name: string, scrollTo?: Locator) =>
  shotsAtWidths(page, name, { before: async () => scrollTo?.scrollIntoViewIfNeeded() });

const toolbar = () => page.locator('.ant-card').first();
const dialog = () => page.getByRole('dialog').filter({ has: page.getByTestId('defect-import') });
const rows = () => page.locator('.ant-table-tbody .ant-table-row');
/** The title column's texts, found by its header (the rows' tick boxes come first). */
const titles = async () => {
  const at = (await page.locator('.ant-table-thead th').allTextContents()).indexOf('标题');
  return rows()
    .locator(`td:nth-child(${at + 1})`)
    .allTextContents();
};

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('defect import and export', () => {
  it('imports nothing from a sheet with a bad row and names the row, then all four once it is fixed', async () => {
    await seed();
    const SHEET_ROWS = importRows(seeded.lead.nickName);
    await page.goto(`${baseUrl}/#/project/defect`);
    await expect.poll(() => titles()).toEqual([EXISTING]);
    await toolbar().getByRole('button', { name: '导入' }).click();
    await dialog().getByText('下载模板').waitFor();

    // The template comes with its drop-downs; it is what the person fills in.
    const templateDownload = await downloadBy(page, () => dialog().getByText('下载模板').click());
    expect(templateDownload.suggestedFilename()).toBe('缺陷导入模板.xlsx');
    const template = await readWorkbook(templateDownload);
    expect([...headerColumns(template).keys()]).toEqual(
      expect.arrayContaining(['类型', '标题', '严重程度', '缺陷状态', '交付物', '处理人']),
    );

    // Only .xlsx is taken, before anything is sent.
    const input = dialog().locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.locator('.ant-message').getByText('只能导入 .xlsx 格式的 Excel 文件').waitFor();
    expect(await dialog().locator('.ant-upload-list-item').count()).toBe(0);
    expect(
      await dialog()
        .getByRole('button', { name: /导\s*入/ })
        .isDisabled(),
    ).toBe(true);

    await input.setInputFiles(await filledTemplate(template, SHEET_ROWS));
    await dialog().locator('.ant-upload-list-item').getByText('defects.xlsx').waitFor();
    await dialog()
      .getByRole('button', { name: /导\s*入/ })
      .click();
    const failure = dialog().getByTestId('import-failure');
    await failure.getByText('未导入任何数据：1行有错误。').waitFor();
    const errorRows = failure.locator('.ant-table-tbody .ant-table-row');
    expect(await errorRows.count()).toBe(1);
    expect(await errorRows.locator('td').first().textContent()).toBe(String(BAD_ROW));
    expect(await errorRows.textContent()).toContain(`第${BAD_ROW}行 处理人[Nobody Here] 中的数据无效`);
    expect(await listTotal()).toBe(1);
    await shotAtWidths('di-01-import-row-errors');

    // Fixed and sent again: every row goes in, the dialog closes and the list shows them.
    const fixed = SHEET_ROWS.map((row) =>
      row.map((cell) => (cell === 'Nobody Here' ? seeded.lead.nickName : cell)),
    );
    await input.setInputFiles(await filledTemplate(template, fixed));
    expect(await failure.count()).toBe(0);
    await dialog()
      .getByRole('button', { name: /导\s*入/ })
      .click();
    await page.locator('.ant-message').getByText('导入成功，共导入4条数据').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await expect.poll(() => rows().count()).toBe(5);
    expect(await titles()).toEqual(expect.arrayContaining([EXISTING, ...SHEET_ROWS.map((r) => r[1])]));
    expect(await listTotal()).toBe(5);
    // The deliverable column is one tick away in the column chooser.
    const headers = () => page.locator('.ant-table-thead th').allTextContents();
    expect(await headers()).not.toContain('交付物');
    await page.getByRole('button', { name: '显示字段' }).click();
    await page.getByTestId('column-chooser').getByText('交付物', { exact: true }).click();
    await expect.poll(headers).toContain('交付物');
    const moduleCells = rows().locator(`td:nth-child(${(await headers()).indexOf('交付物') + 1})`);
    expect((await moduleCells.allTextContents()).filter((text) => text === 'Checkout')).toHaveLength(3);
    await page.keyboard.press('Escape');
    await shot(page, 'di-02-imported-list');
  });

  it('exports the list as filtered and sorted now', async () => {
    await seed();
    await importThroughApi(
      IMPORT_HEADERS,
      importRows(seeded.lead.nickName).filter((row) => !row.includes('Nobody Here')),
    );
    await page.goto(`${baseUrl}/#/project/defect?type=TASK&sort=projectNum&order=asc`);
    await expect.poll(() => rows().count()).toBe(2);
    const shown = await titles();
    const download = await downloadBy(page, () => toolbar().getByRole('button', { name: '导出' }).click());
    expect(download.suggestedFilename()).toBe('缺陷数据.xlsx');
    const sheet = await readWorkbook(download);
    expect(sheet.name).toBe('缺陷数据');
    expect(sheetRows(sheet, ['标题']).flat()).toEqual(shown);
    expect(shown).toEqual(['Imported: write the refund guide', 'Imported: translate the checkout page']);
    expect(sheetRows(sheet, ['类型', '交付物', '处理人'])).toEqual([
      ['任务', '', seeded.lead.nickName],
      ['任务', 'Checkout', seeded.lead.nickName],
    ]);
  });

  it('shows a keyword total the server stopped counting as 1000+, in both languages', async () => {
    await seed();
    const bulk = Array.from({ length: 1001 }, (_, k) => [
      'BUG',
      `Bulkload row ${k + 1}`,
      'Low',
      'Pending',
      seeded.lead.nickName,
    ]);
    await importThroughApi(['Type', 'Title', 'Level', 'State', 'Handler'], bulk);

    const sortedHeader = () => page.locator('.ant-table-thead th[aria-sort]').allTextContents();
    await page.goto(`${baseUrl}/#/project/defect`);
    // Imported behind the page's back, so the list cached a moment ago is read afresh.
    await page.reload();
    await page.locator('.ant-pagination-total-text').getByText('共 1002 条').waitFor();
    // Without a keyword the list is in the server's order, shown as last update first.
    expect(await sortedHeader()).toEqual(['更新时间']);

    await page.goto(`${baseUrl}/#/project/defect?keyword=Bulkload`);
    await page.locator('.ant-pagination-total-text').getByText('共 1000+ 条').waitFor();
    // A keyword search comes newest first, so no column claims the order.
    expect(await sortedHeader()).toEqual([]);
    expect(await titles()).toContain('Bulkload row 1001');
    await shotAtWidths('di-03-capped-total-zh', page.locator('.ant-pagination'));

    await page.evaluate(() => localStorage.setItem('i18n-locale', 'en_US'));
    await page.reload();
    await page.locator('.ant-pagination-total-text').getByText('1,000+ in total').waitFor();
    await shotAtWidths('di-04-capped-total-en', page.locator('.ant-pagination'));
    await page.evaluate(() => localStorage.setItem('i18n-locale', 'zh_CN'));
  });
});
