import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newPerson } from '../api.ts';
import { fillLogin, launch, settledShot, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);

let browser: Browser;
let page: Page;
let token = '';
let projectId = 0;
let owners = 0;

/**
 * The test's own owner, team and project (through the API; the deliverables page is under test),
 * with the given deliverables, signed in on a page of their own.
 */
async function ownProject(tree: { name: string; children?: string[] }[] = []): Promise<void> {
  owners += 1;
  const owner = newPerson('Mira Maker');
  ({ token, projectId } = await seedOwnProject(owner, {
    teamName: `Wren Team ${process.pid % 1000}-${owners}`,
    projectName: 'Wren App',
  }));
  // The top level in one batch, then each node's children, as the page adds them.
  if (tree.length > 0) {
    const made = await api(token, 'POST', '/system/module', {
      projectId,
      batchModuleNames: tree.map((n) => n.name),
    });
    for (const [k, { children = [] }] of tree.entries()) {
      const modulePid = (made.data as { moduleId: number }[])[k]?.moduleId;
      if (children.length > 0)
        await api(token, 'POST', '/system/module', { projectId, modulePid, batchModuleNames: children });
    }
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${baseUrl}/#/login`);
  await fillLogin(page, owner.username, owner.password);
  await page.waitForURL(/#\/index/);
  await page.goto(`${baseUrl}/#/project/module`);
}

const capture = (name: string) => settledShot(page, name);

const moduleIdOf = async (name: string) => {
  const list = await api(token, 'GET', `/system/module/list?projectId=${projectId}`);
  return (list.data as { moduleId: number; moduleName: string }[]).find((m) => m.moduleName === name)
    ?.moduleId;
};
const rowNames = () => page.locator('.ant-table-row td:first-child').allInnerTexts();
const row = (name: string) => page.locator('.ant-table-row').filter({ hasText: name }).first();
const moduleDialog = () => page.getByRole('dialog').filter({ has: page.locator('form#module-dialog') });

/** Opens the add dialog (from the toolbar, or a row's "add" for a child) and types names one per line. */
async function addBatch(opener: Locator, lines: string[]): Promise<Locator> {
  await opener.click();
  const dialog = moduleDialog();
  await dialog.getByText('多个名称').click();
  await dialog.locator('#module-dialog_batchText').fill(lines.join('\n'));
  return dialog;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('deliverables', () => {
  it('builds a tree from batches of names, refusing a line that is too long', async () => {
    await ownProject();
    await page.getByText('暂无交付物').waitFor();

    let dialog = await addBatch(page.getByRole('button', { name: '创建交付物' }), [
      'Mobile App',
      '',
      'Admin Console',
    ]);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(rowNames).toEqual(['Mobile App', 'Admin Console']);

    dialog = await addBatch(row('Mobile App').getByRole('button', { name: '添加' }), [
      'Login',
      'x'.repeat(129),
      'Cart',
    ]);
    await dialog.getByText('第 2 行：名称过长，不能超过 128 个字符').waitFor();
    await capture('mod-01-batch-line-error');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // Refused in the form: nothing was sent, the dialog stays open.
    await page.waitForTimeout(300);
    expect(await moduleDialog().isVisible()).toBe(true);
    await dialog.locator('#module-dialog_batchText').fill('Login\nCart');
    await expect.poll(() => dialog.getByText(/第 \d+ 行/).count()).toBe(0);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(rowNames).toEqual(['Mobile App', 'Login', 'Cart', 'Admin Console']);

    await row('Login').getByRole('button', { name: '添加' }).click();
    await moduleDialog().locator('#module-dialog_moduleName').fill('Captcha');
    await moduleDialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    // Every level opens by default, the new one included.
    await expect.poll(rowNames).toEqual(['Mobile App', 'Login', 'Captcha', 'Cart', 'Admin Console']);
    await capture('mod-02-tree');
  });

  it('deletes a node with sub-deliverables only after confirming what goes with it', async () => {
    await ownProject([{ name: 'Mobile App', children: ['Login', 'Cart'] }, { name: 'Admin Console' }]);
    await api(token, 'POST', '/system/module', {
      projectId,
      modulePid: await moduleIdOf('Login'),
      batchModuleNames: ['Captcha'],
    });
    await page.reload();
    await expect.poll(rowNames).toEqual(['Mobile App', 'Login', 'Captcha', 'Cart', 'Admin Console']);
    await row('Login')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '是否删除交付物【Login】' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const impact = page
      .getByRole('dialog')
      .filter({ hasText: '[Login]下有1个下级交付物、0个关联缺陷和0个测试用例' });
    await impact.waitFor();
    await capture('mod-03-delete-impact');
    // Nothing is gone before the second yes.
    expect(await rowNames()).toContain('Captcha');
    await impact.getByRole('button', { name: '全部删除' }).click();
    await expect.poll(rowNames).toEqual(['Mobile App', 'Cart', 'Admin Console']);
    const left = await api(token, 'GET', `/system/module/list?projectId=${projectId}`);
    expect((left.data as { moduleName: string }[]).map((m) => m.moduleName)).toEqual([
      'Mobile App',
      'Admin Console',
      'Cart',
    ]);
  });

  it('deletes a leaf without defects after the one usual question', async () => {
    await ownProject([{ name: 'Mobile App', children: ['Cart'] }, { name: 'Admin Console' }]);
    await expect.poll(rowNames).toEqual(['Mobile App', 'Cart', 'Admin Console']);
    await row('Cart')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '是否删除交付物【Cart】' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(rowNames).toEqual(['Mobile App', 'Admin Console']);
    expect(await page.getByRole('dialog').filter({ hasText: '下级交付物' }).count()).toBe(0);
  });
});
