import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);
const LEAD = {
  username: 'rita',
  password: 'rita-pass1',
  phoneNumber: '13900139900',
  nickName: 'Rita Reporter',
};
const BEFORE = 'Checkout total is wrong';
const AFTER = 'Checkout total rounds badly';

let browser: Browser;
let page: Page;
const seeded = { token: '', userId: 0, projectId: 0, defectId: 0 };

const capture = (name: string) => shot(page, name);
const drawer = () => page.locator('.report-view-drawer');
const reportRows = () => page.getByTestId('report-table').locator('.ant-table-row');

beforeAll(async () => {
  browser = await launch();
  const scene = await seedOwnProject(LEAD, { teamName: 'Report Team', projectName: 'Report Shop' });
  Object.assign(seeded, scene);
  const defect = await api(scene.token, 'POST', '/system/defect', {
    projectId: scene.projectId,
    defectType: 'BUG',
    defectName: BEFORE,
    defectDescribe:
      '| Item | Total |\n| --- | --: |\n| Pen | 1.005 |\n\n- [x] Seen on web\n- [ ] Seen on mobile',
    defectLevel: 'urgent',
    handleBy: [scene.userId],
  });
  seeded.defectId = (defect.data as { defectId: number }).defectId;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, { username: LEAD.username, password: LEAD.password });
});
afterAll(async () => {
  await browser.close();
});

describe('reports', () => {
  it("adds a shop template to the project after previewing it with the project's data", async () => {
    await page.goto(`${baseUrl}/#/report/template/index`);
    await page.getByRole('tab', { name: /模版商店/ }).click();
    const weekly = page.getByTestId('shop-template').filter({ hasText: '项目周报' });
    // Each card says what its template holds (its sections), never its directives' source.
    await weekly.waitFor();
    for (const card of await page.getByTestId('shop-template').all())
      expect(await card.locator('.ant-card-body').innerText()).not.toMatch(/\$[a-z]*\{/);
    expect(await weekly.locator('.ant-card-body').innerText()).toContain(' · ');
    await capture('rp-00-shop-cards');
    await weekly.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog').filter({ hasText: '项目周报' });
    // Previewed live: the project's defect is in the table.
    await preview.locator('.report-view td').getByText(BEFORE).waitFor();
    await capture('rp-01-shop-preview');
    await preview.getByRole('button', { name: '添加到项目' }).click();
    await page.locator('.ant-message').getByText('已把模版【项目周报】添加到项目').waitFor();
    await page.getByTestId('project-template').filter({ hasText: '项目周报' }).waitFor();
  });

  it('makes a text and a realtime report from it; a defect change shows only in the realtime one', async () => {
    await page.locator('.ant-menu').getByText('报告', { exact: true }).click();
    await page.waitForURL(/#\/project\/report/);
    for (const type of ['文本报告', '实时报告']) {
      await page.getByRole('button', { name: /生成报告/ }).click();
      const popover = page.getByTestId('generate-report');
      await popover.getByText(type, { exact: true }).click();
      await popover.getByTestId('template-tile').filter({ hasText: '项目周报' }).click();
      await page.locator('.ant-message').getByText('已创建报告【项目周报】').last().waitFor();
      // The new report opens in the viewer.
      await drawer().locator('.report-view td').getByText(BEFORE).waitFor();
      await page.keyboard.press('Escape');
      await drawer().waitFor({ state: 'hidden' });
    }
    await expect.poll(() => reportRows().count()).toBe(2);
    await api(seeded.token, 'PUT', '/system/defect', { defectId: seeded.defectId, defectName: AFTER });

    const open = async (type: string) => {
      await reportRows().filter({ hasText: type }).getByText('项目周报').click();
      await drawer().locator('.report-view').waitFor();
    };
    await open('实时报告');
    await drawer().locator('.report-view td').getByText(AFTER).waitFor();
    expect(await drawer().locator('.report-view').innerText()).not.toContain(BEFORE);
    await page.waitForTimeout(500);
    await capture('rp-02-realtime-report');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    await open('文本报告');
    await drawer().locator('.report-view td').getByText(BEFORE).waitFor();
    expect(await drawer().locator('.report-view').innerText()).not.toContain(AFTER);
  });

  it('prints only the report', async () => {
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await drawer().getByRole('button', { name: /打印/ }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    expect(await shown('#print-root .report-view td')).toBe(true);
    expect(await shown('.ant-layout-sider')).toBe(false);
    expect(await shown('.report-view-drawer')).toBe(false);
    await capture('rp-03-print');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.locator('#print-root').count()).toBe(0);
  });

  it('renders a table and a task list in a defect description', async () => {
    await page.goto(`${baseUrl}/#/project/defect?defectId=${seeded.defectId}&projectId=${seeded.projectId}`);
    const view = page.locator('.defect-view-drawer .markdown-view').first();
    await view.locator('table td.md-align-right').getByText('1.005').waitFor();
    expect(await view.locator('input[type=checkbox]:checked').count()).toBe(1);
    expect(await view.locator('input[type=checkbox]').count()).toBe(2);
  });

  it("reads a report and the template shop in English in the app's words", async () => {
    await page.evaluate(() => localStorage.setItem('i18n-locale', 'en_US'));
    await page.goto(`${baseUrl}/#/project/report`);
    await page.reload();
    await reportRows().filter({ hasText: 'Real-time report' }).getByText('项目周报').click();
    const view = drawer().locator('.report-view');
    await view.locator('td').getByText(AFTER).waitFor();
    // The live table's headers and values in the report words: assignees, status, updated.
    const changed = view.locator('table').filter({ hasText: AFTER });
    const headers = await changed.locator('th').allInnerTexts();
    expect(headers).toEqual(['No.', 'Defect title', 'Defect status', 'Assignees', 'Updated']);
    await changed.scrollIntoViewIfNeeded();
    await capture('rp-04-realtime-report-en');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    await page.goto(`${baseUrl}/#/report/template/index`);
    await page.getByRole('tab', { name: 'Template shop' }).click();
    const byAssignee = page.getByTestId('shop-template').filter({ hasText: 'Open defects by assignee' });
    await byAssignee.waitFor();
    await page.getByTestId('shop-template').filter({ hasText: 'Case coverage by deliverable' }).waitFor();
    expect(await byAssignee.locator('.ant-card-body').innerText()).toContain('By assignee');
    await capture('rp-05-shop-en');
    await page.evaluate(() => localStorage.setItem('i18n-locale', 'zh_CN'));
  });
});
