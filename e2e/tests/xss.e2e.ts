import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

/*
 * Stored XSS in a real browser: a corpus of payloads is put in every stored text a person can
 * type (names, descriptions, steps, comments, tabs, notices, their own nickname), then every
 * page and drawer that shows them is opened. Nothing may run: no dialog, no inline handler or
 * script reaching the page (which the Content-Security-Policy would report), no javascript: link.
 */
const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);
const XAVIER = {
  username: 'xavier',
  password: 'xavier-pass1',
  phoneNumber: '13900139400',
  nickName: 'Xavier X',
};

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(2)>',
  '"><script>alert(3)</script>',
  "'-alert(4)-'",
  '{{constructor.constructor("alert(5)")()}}',
  '<a href="javascript:alert(6)">a</a>',
  '<iframe src="javascript:alert(7)"></iframe>',
];
const ALL = PAYLOADS.join(' ');
const MARKDOWN = `${ALL}\n\n[click](javascript:alert(8))\n\n![x](x" onerror="alert(9))\n\n<details open ontoggle=alert(10)>`;

let browser: Browser;
let page: Page;
const scene = { token: '', projectId: 0, defectId: 0, shareUrl: '' };
const dialogs: string[] = [];
const refusals: string[] = [];

async function seed(): Promise<void> {
  const own = await seedOwnProject(XAVIER, { teamName: 'Xss Team', projectName: 'Xss App' });
  Object.assign(scene, { token: own.token, projectId: own.projectId });
  const { token, projectId, userId } = own;
  await api(token, 'PUT', '/system/user/profile', {
    nickName: PAYLOADS[0],
    email: 'xavier@example.com',
    phoneNumber: XAVIER.phoneNumber,
    sex: '0',
  });
  const modules = await api(token, 'POST', '/system/module', { projectId, batchModuleNames: [PAYLOADS[1]] });
  const moduleId = (modules.data as { moduleId: number }[])[0]?.moduleId;
  await api(token, 'POST', '/system/case', {
    projectId,
    caseName: ALL,
    moduleId,
    caseLevel: 2,
    casePreconditions: ALL,
    caseExpect: ALL,
    caseStep: [{ stepDescribe: ALL, stepExpect: ALL }],
  });
  const defect = await api(token, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: ALL,
    defectDescribe: MARKDOWN,
    defectLevel: 'middle',
    handleBy: [userId],
    moduleId,
    moduleVersion: PAYLOADS[2]?.slice(0, 30),
  });
  scene.defectId = (defect.data as { defectId: number }).defectId;
  const logs = (await api(token, 'GET', `/system/log/list?defectId=${scene.defectId}`)) as {
    rows?: { defectLogId: number }[];
  };
  const logId = logs.rows?.[0]?.defectLogId;
  await api(token, 'POST', '/system/comment', { correlationId: logId, commentContent: MARKDOWN });
  await api(token, 'POST', `/system/defect/${scene.defectId}/assign`, {
    receiveBy: [userId],
    defectLogDescribe: ALL.slice(0, 250),
  });
  await api(token, 'POST', '/system/tabs', { tabName: PAYLOADS[3], projectId });
  await api(token, 'POST', '/system/notice/send', {
    projectId,
    receiveIds: [userId],
    title: ALL.slice(0, 200),
    content: MARKDOWN,
  });
  const share = await api(token, 'POST', `/system/defect/${scene.defectId}/shard`, { agingHour: 24 });
  scene.shareUrl = `${baseUrl}/#/shard/defect?id=${(share.data as { defectShardId: string }).defectShardId}`;
  // Last, so that the operation log's newest entry (opened below) holds a payload: the folder's name.
  await api(token, 'POST', '/system/report', {
    projectId,
    reportTitle: PAYLOADS[0],
    reportDescription: MARKDOWN,
  });
  await api(token, 'POST', '/system/report/template', {
    projectId,
    templateTitle: PAYLOADS[1],
    templateContent: MARKDOWN,
  });
  await api(token, 'POST', '/system/document', { projectId, docName: PAYLOADS[0], docType: 0 });
}

function watch(target: Page) {
  target.on('dialog', (d) => {
    dialogs.push(`${target.url()}: ${d.message()}`);
    void d.dismiss();
  });
  target.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text()))
      refusals.push(`${target.url()}: ${msg.text()}`);
  });
}

/** What reached the page's DOM that could run: handlers, inline scripts, javascript: links. */
const dangerous = (target: Page) =>
  target.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
        if (/^(href|src|action|formaction)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value))
          found.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
    }
    for (const s of Array.from(document.querySelectorAll('script'))) if (!s.src) found.push('inline script');
    for (const f of Array.from(document.querySelectorAll('iframe')))
      found.push(`iframe ${f.getAttribute('src')}`);
    return found;
  });

async function visit(path: string, open?: (p: Page) => Promise<void>) {
  await page.goto(`${baseUrl}/#${path}`);
  await page.waitForLoadState('networkidle');
  if (open) await open(page);
  await page.waitForTimeout(300);
  const text = await page.evaluate(() => document.body.innerText);
  return { path, found: await dangerous(page), shown: PAYLOADS.filter((p) => text.includes(p)).length };
}

beforeAll(async () => {
  await seed();
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  watch(page);
  await signIn(page, { userName: XAVIER.username, password: XAVIER.password });
});
afterAll(async () => browser?.close());

// No second go: a payload that ran once has run.
describe('stored XSS payloads', { retry: 0 }, () => {
  it('run nowhere they are shown', async () => {
    const row = (p: Page) => p.locator('.ant-table-row').first();
    const results = [
      await visit('/project/defect', async (p) => {
        // The title (after the row's tick box, number and type).
        await row(p).locator('td').nth(3).click();
        await p.locator('.defect-view-drawer .markdown-view').first().waitFor();
      }),
      await visit('/project/case', async (p) => {
        await row(p).locator('td').nth(2).click();
      }),
      await visit('/project/module'),
      await visit('/notice/index', async (p) => {
        await row(p).click();
        await p.locator('.notice-drawer .markdown-view').waitFor();
      }),
      await visit('/team-options/team-member'),
      await visit('/team/project-list'),
      await visit('/member/profile'),
      await visit('/index'),
    ];
    results.push(
      await visit('/project/report', async (p) => {
        await row(p)
          .getByText(PAYLOADS[0] ?? '')
          .click();
        await p.locator('.report-view-drawer .report-view').waitFor();
      }),
      await visit('/report/template/index'),
      await visit('/project/document'),
    );
    // The operation log, where every write above is kept with its input, as the administrator.
    const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    adminPage.setDefaultTimeout(WAIT_MS);
    watch(adminPage);
    await signIn(adminPage, { userName: 'admin', password: 'cat2bug' });
    await adminPage.goto(`${baseUrl}/#/system/log/operlog`);
    await adminPage.locator('.ant-table-row').first().waitFor();
    await adminPage
      .getByRole('button', { name: /详\s*细/ })
      .first()
      .click();
    await adminPage.locator('.ant-modal-wrap:visible, .ant-drawer-open').last().waitFor();
    const logged = await adminPage.evaluate(() => document.body.innerText);
    results.push({
      path: '/system/log/operlog',
      found: await dangerous(adminPage),
      shown: PAYLOADS.filter((p) => logged.includes(p)).length,
    });
    // The share page, as a visitor without a login.
    const visitor = await (await browser.newContext()).newPage();
    watch(visitor);
    await visitor.goto(scene.shareUrl);
    await visitor.getByTestId('shared-title').waitFor();
    await visitor.waitForTimeout(300);
    const shared = await visitor.evaluate(() => document.body.innerText);
    results.push({
      path: '/shard/defect',
      found: await dangerous(visitor),
      shown: PAYLOADS.filter((p) => shared.includes(p)).length,
    });
    await shot(visitor, 'xss-02-shared-defect');

    console.info(
      `xss: ${PAYLOADS.length + 3} payloads in 14 kinds of stored text × ${results.length} pages and drawers`,
    );
    expect(dialogs).toEqual([]);
    expect(refusals).toEqual([]);
    expect(results.filter((r) => r.found.length > 0)).toEqual([]);
    // Every page did show the payloads, as text.
    expect(results.filter((r) => r.shown === 0)).toEqual([]);
  });
});
