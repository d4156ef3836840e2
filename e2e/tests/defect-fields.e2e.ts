import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newPerson } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { downloadBy, headerColumns, readWorkbook } from '../excel.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);

let browser: Browser;
let page: Page;
const seeded = { token: '', projectId: 0, userId: 0 };

beforeAll(async () => {
  browser = await launch();
  const lead = newPerson('Fay Fields');
  Object.assign(
    seeded,
    await seedOwnProject(lead, { teamName: `Fields Team ${process.pid % 1000}`, projectName: 'Field Shop' }),
  );
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, lead);
});
afterAll(async () => {
  await browser.close();
});

const rows = () => page.locator('.ant-table-tbody .ant-table-row');
const headers = () => page.locator('.ant-table-thead th').allTextContents();
const columnTexts = async (header: string) => {
  const at = (await headers()).indexOf(header);
  return rows()
    .locator(`td:nth-child(${at + 1})`)
    .allTextContents();
};
const dialog = () => page.getByRole('dialog').last();
/** Picks an option of an antd select opened by clicking `select`. */
async function choose(select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

describe('custom defect fields', () => {
  it('adds an attribute and sees it in the form, the list, a filter and the export', async () => {
    // The attribute page, from the project settings.
    await page.goto(`${baseUrl}/#/project/option`);
    await page.getByRole('button', { name: '缺陷属性管理' }).click();
    await page.getByRole('button', { name: '新增属性' }).click();
    await dialog().getByLabel('属性键').fill('browser');
    await dialog().getByLabel('名称').fill('浏览器');
    await choose(dialog().getByLabel('属性类型'), '枚举');
    for (const [key, label] of [
      ['chrome', 'Chrome'],
      ['firefox', 'Firefox'],
    ]) {
      await dialog().getByRole('button', { name: '新增选项' }).click();
      await dialog()
        .getByPlaceholder('选项键')
        .last()
        .fill(key as string);
      await dialog()
        .getByPlaceholder('选项名称')
        .last()
        .fill(label as string);
    }
    await dialog().getByText('必填', { exact: true }).click();
    await dialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(() => page.locator('.ant-table-tbody').getByText('browser', { exact: true }).count())
      .toBe(1);
    await shot(page, 'df-01-attributes');

    // The form: the field, required, refused empty before anything is sent.
    await page.goto(`${baseUrl}/#/project/defect`);
    await page.getByRole('button', { name: '新建缺陷' }).click();
    const form = page.locator('form#defect-form');
    await form.locator('#defect-form_customFields_browser').waitFor();
    await page
      .locator('.ant-drawer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await form.getByText('浏览器不能为空').waitFor();
    await shot(page, 'df-02-form');
    await page
      .locator('.ant-drawer')
      .getByRole('button', { name: /取\s*消/ })
      .click();

    for (const [name, browserKey] of [
      ['Checkout fails on Chrome', 'chrome'],
      ['Checkout fails on Firefox', 'firefox'],
    ])
      await api(seeded.token, 'POST', '/system/defect', {
        projectId: seeded.projectId,
        defectName: name,
        defectDescribe: 'Steps',
        handleBy: [seeded.userId],
        customFields: { browser: browserKey },
      });
    await page.reload();
    await expect.poll(() => rows().count()).toBe(2);

    // The column, from the column chooser.
    await page.getByRole('button', { name: '显示字段' }).click();
    await page.getByTestId('column-chooser').getByText('浏览器', { exact: true }).click();
    await expect.poll(headers).toContain('浏览器');
    await page.keyboard.press('Escape');
    expect((await columnTexts('浏览器')).sort()).toEqual(['Chrome', 'Firefox']);

    // The filter: equals Firefox.
    await page.getByRole('button', { name: '更多筛选' }).click();
    await page.getByRole('button', { name: '自定义属性筛选' }).click();
    const filters = page.getByTestId('custom-field-filters');
    await choose(filters.getByLabel('属性'), '浏览器');
    await choose(filters.getByRole('group', { name: '浏览器 的值' }).locator('.ant-select'), 'Firefox');
    await expect.poll(() => columnTexts('标题')).toEqual(['Checkout fails on Firefox']);
    expect(page.url()).toContain('custom=');
    await shot(page, 'df-03-filtered');

    // The export follows the filter, the attribute a column of labels.
    const download = await downloadBy(page, () =>
      page.locator('.ant-card').first().getByRole('button', { name: '导出' }).click(),
    );
    const sheet = await readWorkbook(download);
    const column = headerColumns(sheet).get('浏览器');
    expect(column).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(column ?? 0).value)).toBe('Firefox');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('project dashboard', () => {
  it('sums the project up and keeps working in the dark theme', async () => {
    await page.goto(`${baseUrl}/#/project/dashboard`);
    const dashboard = page.getByTestId('project-dashboard');
    // Two defects, both pending: the defect card says so.
    await dashboard.getByText('待处理 2 · 待审核 0 · 已关闭 0').waitFor();
    await dashboard.getByRole('img', { name: /缺陷状态30日走势: 待处理: 2/ }).waitFor();
    await dashboard.getByText('Checkout fails on Firefox').first().waitFor();
    await shot(page, 'df-04-dashboard');

    // The theme switch in the navbar; the page, the list and the attributes in the dark.
    await page.getByRole('button', { name: '切换到深色模式' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot(page, 'df-05-dashboard-dark');
    await page.goto(`${baseUrl}/#/project/defect`);
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    await shot(page, 'df-06-list-dark');
    await page.getByRole('button', { name: '切换到浅色模式' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});

describe('defect board', () => {
  it('moves a card through the workflow by dragging, and keeps it where it was when the server refuses', async () => {
    await page.goto(`${baseUrl}/#/project/defect?view=board`);
    const board = page.getByTestId('defect-board');
    const column = (name: string) => board.getByRole('region', { name });
    const card = (title: string) => board.locator('.board-card').filter({ hasText: title });
    await card('Checkout fails on Firefox').waitFor();
    expect(await column('待处理').locator('.board-card').count()).toBe(2);

    // Allowed: pending -> in review asks for the reviewer, then the card is there.
    await card('Checkout fails on Firefox').dragTo(column('待审核'));
    const dialog = page.getByRole('dialog').filter({ hasText: '修复' });
    await dialog.locator('#defect-action_receiveBy').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => column('待审核').locator('.board-card').count()).toBe(1);

    // Columns the workflow forbids are greyed while dragging (a pending defect cannot be rejected).
    const chrome = card('Checkout fails on Chrome');
    await chrome.dispatchEvent('dragstart', {
      dataTransfer: await page.evaluateHandle(() => new DataTransfer()),
    });
    await expect.poll(() => column('已驳回').getAttribute('class')).toContain('is-forbidden');
    await chrome.dispatchEvent('dragend');
    await shot(page, 'df-07-board');

    // Refused: someone closes it while the dialog is open; the server says why, the card stays.
    await chrome.dragTo(column('待审核'));
    await dialog.locator('#defect-action_receiveBy').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const chromeId = Number(await chrome.getAttribute('data-defect-id'));
    await api(seeded.token, 'POST', `/system/defect/${chromeId}/close`, { defectLogDescribe: 'Duplicate' });
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page
      .locator('.ant-message')
      .getByText(/已关闭/)
      .waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    // The board hears of the close (defectChanged) and shows the card among the closed ones.
    await expect.poll(() => column('已关闭').locator('.board-card').count()).toBe(1);
    expect(await column('待审核').locator('.board-card').count()).toBe(1);
  });
});

describe('keyboard and palette', () => {
  it('jumps to a defect by number from Ctrl+K, goes with g, acts with Space, moves with j/k', async () => {
    await page.goto(`${baseUrl}/#/index`);
    await page.getByTestId('header-search').waitFor();
    // Ctrl+K: the search palette; "#2" finds the defect by its number, Enter opens it.
    await page.keyboard.press('Control+k');
    const search = page.getByTestId('palette-search');
    await search.fill('#2');
    await page.locator('.palette-item').filter({ hasText: '#2 Checkout fails on Firefox' }).waitFor();
    await shot(page, 'df-08-palette');
    await search.press('Enter');
    await page.locator('.defect-view-drawer').getByText('Checkout fails on Firefox').first().waitFor();
    expect(page.url()).toContain('/project/defect');

    // Space with the defect open: its "assign to me" is among the actions, and does it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(' ');
    await page.locator('.palette-item').filter({ hasText: '指派给我' }).waitFor();
    await page.keyboard.press('i');
    await page.locator('.ant-message').getByText(/指派/).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.defect-view-drawer').waitFor({ state: 'hidden' });

    // g, then D: the defect page; the help overlay with ?.
    await page.goto(`${baseUrl}/#/index`);
    await page.keyboard.press('g');
    await page.locator('.palette-item').filter({ hasText: '缺陷' }).first().waitFor();
    await page.keyboard.press('d');
    await expect.poll(() => page.url()).toContain('/project/defect');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    // j highlights the first row, Enter opens it.
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await blur();
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('tr.is-cursor').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.locator('.defect-view-drawer').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.defect-view-drawer').waitFor({ state: 'hidden' });
    await page.keyboard.press('?');
    await page.getByTestId('shortcut-help').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcut-help').waitFor({ state: 'hidden' });
    // Space, then E: a new defect's form (Space on a focused button presses it instead).
    await blur();
    await page.keyboard.press(' ');
    await page.locator('.palette-item').filter({ hasText: '新建缺陷' }).waitFor();
    await page.keyboard.press('e');
    await page.locator('form#defect-form').waitFor();
  });
});
