import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot, signIn, topDialog, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

/**
 * The administrator runs the platform from the app: a job made with the cron builder, run once
 * and read in its log; the job's creation found in the operation log; the server, cache and
 * database pages; code generated for a table of our own database and downloaded as a zip.
 */
const baseUrl = e2eUrl();
const JOB = 'E2E purge logs';
let browser: Browser;
let page: Page;

const dialog = () => topDialog(page);
const row = (text: string) => page.locator('.ant-table-row:visible').filter({ hasText: text });
const rowNamed = (name: string) =>
  page.locator('.ant-table-row:visible').filter({ has: page.getByText(name, { exact: true }) });

beforeAll(async () => {
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, { userName: 'admin', password: 'cat2bug' });
});
afterAll(async () => browser?.close());

describe('administration', () => {
  it('creates a job from the cron builder, runs it once and reads its log', async () => {
    await page.goto(`${baseUrl}/#/monitor/job`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    // Each dialog by what it holds: the builder fading out is not taken for the form underneath.
    const form = page.locator('.ant-modal-wrap:visible').filter({ hasText: '添加任务' });
    await form.getByLabel('任务名称').fill(JOB);
    await form.getByRole('button', { name: /生成表达式/ }).click();
    const builder = page.locator('.ant-modal-wrap:visible').filter({ has: page.getByTestId('cron-built') });
    // Its opening motion over (a tab clicked while it zoomed in was once lost on a busy machine).
    await builder.locator('.ant-modal:not([class*="zoom"])').waitFor();
    await builder.getByRole('tab', { name: '分钟' }).click();
    await expect
      .poll(() => builder.getByRole('tab', { name: '分钟' }).getAttribute('aria-selected'))
      .toBe('true');
    await builder.getByRole('radio', { name: '每分钟' }).check();
    await expect.poll(() => builder.getByTestId('cron-built').inputValue()).toBe('0 * 3 * * ?');
    // The next five run times, each at 03:mm:00.
    await expect.poll(() => builder.getByTestId('cron-next-times').locator('li').count()).toBe(5);
    for (const time of await builder.getByTestId('cron-next-times').locator('li').allTextContents())
      expect(time).toMatch(/ 03:\d\d:00$/);
    await shot(page, 'admin-cron-builder');
    await builder.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Cron表达式' }).inputValue())
      .toBe('0 * 3 * * ?');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await row(JOB).waitFor();
    expect(await row(JOB).textContent()).toContain('purgeLogs(30)');

    await row(JOB).getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: /执行一次/ }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('任务已开始执行').first().waitFor();

    await row(JOB).getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: /调度日志/ }).click();
    await page.waitForURL(/#\/monitor\/job-log\/index\/\d+/);
    await page.getByText(`调度日志: ${JOB}`).waitFor();
    // The run is written when it ends: the list is asked again until it shows, with its result.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: /搜\s*索/ }).click();
        return row(JOB)
          .textContent({ timeout: 1000 })
          .catch(() => '');
      })
      .toMatch(/已删除 .* 之前的登录日志 \d+ 条.*成功/);
    await shot(page, 'admin-job-log');
  });

  it("finds the job's creation in the operation log, with its parameters", async () => {
    await page.goto(`${baseUrl}/#/system/log/operlog`);
    // Modules are found by the name the list shows.
    await page.getByLabel('系统模块').fill('定时任务');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const created = row('新增').filter({ hasText: 'admin' });
    await created.first().waitFor();
    await created.first().getByRole('button', { name: /详细/ }).click();
    await expect.poll(() => dialog().textContent()).toContain(JOB);
    expect(await dialog().textContent()).toContain('/monitor/job');
    await shot(page, 'admin-operlog-detail');
    await dialog()
      .getByRole('button', { name: /关\s*闭|确\s*定/ })
      .first()
      .click();
  });

  it('opens the server, cache and database pages', async () => {
    await page.goto(`${baseUrl}/#/monitor/server`);
    await expect.poll(() => page.locator('.ant-layout-content').textContent()).toContain('Node.js v');
    await page.goto(`${baseUrl}/#/monitor/cache`);
    await page.locator('.ant-layout-content canvas').first().waitFor();
    await page.goto(`${baseUrl}/#/monitor/cacheList`);
    await expect.poll(() => page.locator('.ant-layout-content').textContent()).toContain('login_tokens');
    await page.goto(`${baseUrl}/#/monitor/database`);
    await expect.poll(() => page.locator('.ant-layout-content').textContent()).toContain('SQLite');
    // The busiest tables come first: the menus are always among them.
    expect(await row('sys_menu').count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-layout-content').textContent()).toMatch(/数据表（\d{2,}）/);
    await shot(page, 'admin-database');
  });

  it('imports a table, generates its code and downloads the zip', async () => {
    await page.goto(`${baseUrl}/#/system/gen`);
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const importing = dialog();
    await importing.getByLabel('表名称').fill('sys_notice');
    await importing.getByRole('button', { name: /搜\s*索/ }).click();
    await importing
      .locator('.ant-table-row')
      .filter({ has: page.getByText('sys_notice', { exact: true }) })
      .first()
      .locator('input[type=checkbox]')
      .check();
    await importing.getByRole('button', { name: /确\s*定/ }).click();
    // The import dialog, still fading out, lists the same table: wait for it to go.
    await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });
    await rowNamed('sys_notice').waitFor();

    const download = page.waitForEvent('download');
    await rowNamed('sys_notice')
      .getByRole('button', { name: /生成代码/ })
      .click();
    const file = await (await download).path();
    const zip = fs.readFileSync(file);
    // A zip (PK) holding the generated files, named by their paths.
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.toString('latin1')).toMatch(/notice[\w./-]*\.routes\.ts/);
    expect(zip.toString('latin1')).toMatch(/[\w./-]*list-page\.tsx/);
    await shot(page, 'admin-gen');
  });
});
