import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn } from '../browser.ts';

// An individual's project: one person files a defect, fixes it, reviews the fix and closes it.
const baseUrl = inject('baseUrl');
const { seedOwnProject } = apiClient(baseUrl);
const SOLO = { username: 'solo', password: 'solo-pass1', phoneNumber: '13900139300', nickName: 'Sam Solo' };
const TITLE = 'Export button ignores the date filter';

let browser: Browser;
let page: Page;
/** What the browser refused under the server's Content-Security-Policy: nothing, on any page. */
const refusals: string[] = [];

beforeAll(async () => {
  await seedOwnProject(SOLO, { teamName: 'Solo Team', projectName: 'Solo App' });
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 992, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) refusals.push(msg.text());
  });
  await signIn(page, { userName: SOLO.username, password: SOLO.password });
  await page.goto(`${baseUrl}/#/project/defect`);
  await page.locator('.ant-table').waitFor();
});
afterAll(async () => browser?.close());

const drawer = () => page.locator('.defect-view-drawer');
const stateTag = () => drawer().locator('.ant-drawer-title .ant-tag').last().textContent();

describe('a one-person project', () => {
  it('files a new defect as a bug by default, handled by its only member', async () => {
    await page.getByRole('button', { name: '新建缺陷' }).click();
    const form = page.locator('form#defect-form');
    expect(await form.locator('#defect-form_defectType input[value="BUG"]').isChecked()).toBe(true);
    await form.locator('#defect-form_defectName').fill(TITLE);
    await page.locator('#defect-form_handleBy').click();
    await page.locator('.ant-select-dropdown:visible').getByText(SOLO.nickName, { exact: true }).click();
    await form.locator('#defect-form_defectDescribe').fill('Pick last week, export: every row comes out.');
    await page
      .locator('.ant-drawer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await drawer().getByText(TITLE).first().waitFor();
    await expect.poll(stateTag).toBe('待处理');
  });

  it('submits the fix for review to themselves, told why, then passes it to closed', async () => {
    await drawer()
      .getByRole('button', { name: /提交修复/ })
      .click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('form#defect-action') });
    await dialog.getByText('项目中没有其他人可以审核').waitFor();
    await page.locator('#defect-action_receiveBy').click();
    await page.locator('.ant-select-dropdown:visible').getByText(SOLO.nickName, { exact: true }).click();
    await shot(page, 'solo-01-self-review');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(stateTag).toBe('待审核');
    await drawer()
      .getByRole('button', { name: /审核通过/ })
      .click();
    const pass = page.getByRole('dialog').filter({ has: page.locator('form#defect-action') });
    await pass.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(stateTag).toBe('已关闭');
    const types = () =>
      drawer()
        .getByTestId('defect-log')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-log-type')));
    await expect.poll(types).toEqual(['PASS', 'REPAIR', 'CREATE']);
    await shot(page, 'solo-02-closed');
    expect(refusals).toEqual([]);
  });
});
