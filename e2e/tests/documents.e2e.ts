import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, topDialog, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);
const LEAD = {
  username: 'doris',
  password: 'doris-pass1',
  phoneNumber: '13900139800',
  nickName: 'Doris Docs',
};

/** A one-page PDF, small but whole (the upload checks that a .pdf starts like one). */
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
const NOTES =
  '# Release notes\n\n| Area | State |\n| --- | --- |\n| Login | done |\n\n- [x] Checked on web\n';

let browser: Browser;
let page: Page;
const seeded = { token: '', projectId: 0 };
const refusedByPolicy: string[] = [];
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-docs-'));

const rows = () => page.getByTestId('document-table').locator('.ant-table-row');
const row = (name: string) => rows().filter({ has: page.locator(`[data-doc-name="${name}"]`) });
const dialog = () => topDialog(page);
const ok = () => dialog().getByRole('button', { name: /确\s*定/ });
const toast = (text: string) => page.locator('.ant-message').getByText(text).last();

async function addFolder(name: string) {
  await page.getByRole('button', { name: '添加文件夹' }).click();
  await dialog().getByLabel('名称').fill(name);
  await ok().click();
}

async function addFile(file: string) {
  await page.getByRole('button', { name: '添加文档' }).click();
  await dialog().locator('input[type=file]').setInputFiles(file);
  // Named after the file once it is uploaded.
  await expect.poll(() => dialog().getByLabel('名称').inputValue()).toBe(path.basename(file));
  await ok().click();
  await dialog().waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  browser = await launch();
  Object.assign(seeded, await seedOwnProject(LEAD, { teamName: 'Docs Team', projectName: 'Docs Shelf' }));
  fs.writeFileSync(path.join(files, 'plan.pdf'), PDF);
  fs.writeFileSync(path.join(files, 'notes.md'), NOTES);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusedByPolicy.push(m.text());
  });
  await signIn(page, { username: LEAD.username, password: LEAD.password });
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(files, { recursive: true, force: true });
});

describe('documents', () => {
  it('makes folders, refuses a second one of the same name, and uploads a PDF into one', async () => {
    await page.locator('.ant-menu').getByText('文档', { exact: true }).click();
    await page.waitForURL(/#\/project\/doc/);
    await page.getByTestId('document-table').getByText('此文件夹是空的').waitFor();
    await addFolder('Specs');
    await dialog().waitFor({ state: 'hidden' });
    await addFolder('Archive');
    await dialog().waitFor({ state: 'hidden' });
    await addFolder('Specs');
    await toast('文档名称不能重复：此文件夹中已有“Specs”').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows().count()).toBe(2);

    await row('Specs').getByText('Specs').click();
    await page.getByTestId('document-breadcrumb').getByText('Specs').waitFor();
    expect(page.url()).toMatch(/docPid=\d+/);
    await addFile(path.join(files, 'plan.pdf'));
    await row('plan.pdf').waitFor();
    expect(await row('plan.pdf').innerText()).toContain('pdf');
    await shot(page, 'doc-01-folder');
  });

  it('moves the PDF to another folder and previews it there', async () => {
    await row('plan.pdf')
      .getByRole('button', { name: /移\s*动/ })
      .click();
    const tree = page.getByTestId('document-move-tree');
    await tree.getByText('Archive').click();
    // The folder it is in is offered too (a no-op), but never the item itself.
    await ok().click();
    await toast('文档移动成功').waitFor();
    await page.getByTestId('document-table').getByText('此文件夹是空的').waitFor();

    await page.getByTestId('document-breadcrumb').getByText('根目录').click();
    await row('Archive').getByText('Archive').click();
    const fetched = page.waitForResponse((r) => r.url().includes('/common/download/resource'));
    await row('plan.pdf').getByText('plan.pdf').click();
    const preview = page.getByTestId('document-preview');
    const frame = preview.locator('iframe.document-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // The frame shows the uploaded file itself, fetched with the session: the same bytes as uploaded.
    const response = await fetched;
    expect(response.headers()['content-type']).toBe('application/pdf');
    const res = await fetch(response.url(), { headers: { Authorization: `Bearer ${seeded.token}` } });
    expect(await res.text()).toBe(PDF);
    await shot(page, 'doc-02-pdf-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
  });

  it('previews a Markdown file rendered, and finds files by name anywhere', async () => {
    await page.getByTestId('document-breadcrumb').getByText('根目录').click();
    await addFile(path.join(files, 'notes.md'));
    await row('notes.md').getByText('notes.md').click();
    const preview = page.getByTestId('document-preview');
    await preview.locator('.markdown-view td').getByText('Login').waitFor();
    expect(await preview.locator('.markdown-view input[type=checkbox]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('请输入文档名称').fill('plan');
    await expect.poll(() => rows().allInnerTexts()).toHaveLength(1);
    await row('plan.pdf').waitFor();
    await page.getByPlaceholder('请输入文档名称').fill('');
    await expect.poll(() => rows().count()).toBe(3);
  });

  it('deletes a folder with its content only after saying what goes with it, and restores it from the recycle bin', async () => {
    await page.setViewportSize({ width: 992, height: 760 });
    await row('Archive')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    // The question names the folder (another layer closing meanwhile is not taken for it).
    const question = page.locator('.ant-modal-confirm:visible').filter({ hasText: 'Archive' });
    await question.getByRole('button', { name: /确\s*定/ }).click();
    const impact = page.locator('.ant-modal-confirm').filter({ hasText: '文件夹不是空的' });
    await impact.getByText('Archive').waitFor();
    await expect.poll(() => page.locator('.ant-modal-confirm:visible').count()).toBe(1);
    await shot(page, 'doc-03-delete-impact-992');
    await impact.getByRole('button', { name: '全部删除' }).click();
    await toast('删除成功').waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    const left = await api(
      seeded.token,
      'GET',
      `/system/document/list?projectId=${seeded.projectId}&docName=plan`,
    );
    expect((left as { total?: number }).total).toBe(0);
    // The folder waits in the recycle bin, and comes back with what was in it.
    await page.getByRole('button', { name: '回收站' }).click();
    const bin = page.getByTestId('recycle-bin');
    await bin
      .locator('.ant-table-row')
      .filter({ hasText: 'Archive' })
      .getByRole('button', { name: /恢\s*复/ })
      .click();
    await bin.getByText('回收站是空的').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows().count()).toBe(3);
    expect(refusedByPolicy).toEqual([]);
  });
});
