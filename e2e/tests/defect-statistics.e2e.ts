import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { fillLogin, launch, shot, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);
const LEAD = {
  username: 'stella',
  password: 'stella-pass1',
  phoneNumber: '13900139100',
  nickName: 'Stella Stats',
};
const SAVED = '您选择的统计模版已经保存成功';

let browser: Browser;
let page: Page;

/** A lead of their own with a project of three defects, two of them in a deliverable. */
async function seed(): Promise<void> {
  const { token, userId, projectId } = await seedOwnProject(LEAD, {
    teamName: 'Stats Team',
    projectName: 'Stats Shop',
  });
  const modules = await api(token, 'POST', '/system/module', { projectId, batchModuleNames: ['Checkout'] });
  const checkout = (modules.data as { moduleId: number }[])[0]?.moduleId;
  for (const [i, moduleId] of [checkout, checkout, null].entries()) {
    await api(token, 'POST', '/system/defect', {
      projectId,
      defectType: i === 2 ? 'TASK' : 'BUG',
      defectName: `Stats defect ${i + 1}`,
      defectDescribe: 'Steps',
      defectLevel: 'middle',
      handleBy: [userId],
      moduleId,
    });
  }
}

const strip = () => page.locator('.statistic-area .statistic-strip');
const cardTitles = () => strip().locator('.statistic-card-title').allTextContents();

beforeAll(async () => {
  browser = await launch();
  await seed();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${baseUrl}/#/login`);
  await fillLogin(page, LEAD.username, LEAD.password);
  await page.waitForURL(/#\/index/);
  await page.goto(`${baseUrl}/#/project/defect`);
  await strip().locator('.statistic-card').first().waitFor();
});
afterAll(async () => {
  await browser.close();
});

describe('defect statistics panels', () => {
  it('shows the default panels, and a row filters the list', async () => {
    expect(await cardTitles()).toEqual(['状态统计', '类型统计', '交付物排行']);
    await strip()
      .getByRole('button', { name: /待处理\s*3/ })
      .waitFor();
    await strip()
      .getByRole('button', { name: /Checkout/ })
      .click();
    await page.waitForURL(/module=\d+/);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    await strip().getByRole('button', { name: /任务/ }).click();
    await page.waitForURL(/type=TASK/);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
    await shot(page, 'ds-01-filtered-by-panels');
  });

  it('moves a card with the keyboard and keeps the order', async () => {
    await strip().locator('.statistic-card').first().getByRole('button', { name: /右移/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(SAVED).first().waitFor();
    expect(await cardTitles()).toEqual(['类型统计', '状态统计', '交付物排行']);
    await page.reload();
    await strip().locator('.statistic-card').first().waitFor();
    expect(await cardTitles()).toEqual(['类型统计', '状态统计', '交付物排行']);
  });

  it('adds a panel on the template page once', async () => {
    await page.getByRole('button', { name: '统计模版' }).click();
    const selection = page.locator('section[aria-label="模版选择区"]');
    await selection.locator('[data-panel="MyLife"]').click();
    await page.getByText(SAVED).first().waitFor();
    await selection.locator('[data-panel="MyLife"]').click();
    await page.getByText('统计模版已选中，无需重复添加!').waitFor();
    await shot(page, 'ds-02-template-page');
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await expect.poll(cardTitles).toEqual(['类型统计', '状态统计', '交付物排行', '我的人生']);
  });
});
