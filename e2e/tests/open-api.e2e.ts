import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Lead, newPerson } from '../api.ts';
import { launch, shot, signIn, topDialog, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedOwnProject } = apiClient(baseUrl);

let browser: Browser;
let page: Page;
let key = '';
let lead: Lead;
let leads = 0;

const dialog = () => topDialog(page);

/** What a test tool sends (curl -X POST …/api/report/defect -H 'CAT2BUG-API-KEY: …'). */
async function push(body: unknown, withKey = key) {
  const res = await fetch(`${baseUrl}/api/report/defect`, {
    method: 'POST',
    headers: { 'CAT2BUG-API-KEY': withKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data?: { created: number } };
}

/**
 * The test's own lead with a team and a project of their own, signed in on a page of the test's
 * own (clipboard allowed); with a key named 'CI runner' made through the API when asked.
 */
async function ownProject(options: { withKey: boolean }): Promise<void> {
  leads += 1;
  lead = newPerson('Otto Ops');
  const { token, projectId } = await seedOwnProject(lead, {
    teamName: `Ops Team ${process.pid % 1000}-${leads}`,
    projectName: 'Ops Board',
  });
  if (options.withKey) {
    const made = await api(token, 'POST', '/system/api', { projectId, apiName: 'CI runner' });
    key = (made.data as { apiKey: string }).apiKey;
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, lead);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('API keys and the Open API', () => {
  it('creates a key, shows it once and copies it', async () => {
    await ownProject({ withKey: false });
    await page.goto(`${baseUrl}/#/project/project-api`);
    await page.getByRole('button', { name: '创建密钥' }).click();
    await dialog().getByLabel('名称').fill('CI runner');
    await dialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const shown = page.getByTestId('api-key-value');
    await shown.waitFor();
    key = (await shown.innerText()).trim();
    expect(key).toMatch(/^\d{14}[0-9A-Z]{16}$/);
    await page.getByTestId('api-key-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'api-01-key-created');
    await page.getByRole('button', { name: '我已保存' }).click();
    const row = page
      .getByTestId('project-api-table')
      .locator('.ant-table-row')
      .filter({ hasText: 'CI runner' });
    await row.waitFor();
    // Until its first call the list shows the whole key (the original's client copies it from
    // there), saying until when; then only its public part (checked after the pushes below).
    expect(await row.innerText()).toContain(key);
    expect(await row.innerText()).toContain('首次使用前或');
    // Keys and webhooks together on one page, usable at 992 px.
    await page.setViewportSize({ width: 992, height: 900 });
    await page.getByTestId('webhooks').waitFor();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await shot(page, 'api-04-page-992');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows pushed defects and reports in the open lists without a reload', async () => {
    await ownProject({ withKey: true });
    await page.goto(`${baseUrl}/#/index`);
    await page.locator('.ant-menu').getByText('缺陷', { exact: true }).click();
    await page.waitForURL(/#\/project\/defect/);
    // The project's defect list, empty, is on screen before the push.
    await page.locator('main .ant-table-placeholder').first().waitFor();
    const pushed = await push({
      reportTitle: 'Nightly e2e run',
      reportKey: 'nightly',
      handler: lead.username,
      reportData: [
        {
          defectName: 'Checkout button dead',
          defectDescribe: 'clicks do nothing',
          defectKey: 'e2e.checkout',
        },
        { defectName: 'Cart total wrong', defectDescribe: 'at cart.ts:10' },
      ],
    });
    expect(pushed).toMatchObject({ code: 200, data: { created: 2 } });
    // The list updates by itself: the handler is told, and the open list refetches.
    const rows = page.locator('main .ant-table-row');
    await rows.filter({ hasText: 'Checkout button dead' }).waitFor();
    await rows.filter({ hasText: 'Cart total wrong' }).waitFor();
    await shot(page, 'api-02-pushed-defects');

    await page.locator('.ant-menu').getByText('报告', { exact: true }).click();
    await page.getByTestId('report-table').getByText('Nightly e2e run').waitFor();
    expect(await push({ reportTitle: 'Second e2e run', reportData: [] })).toMatchObject({ code: 200 });
    await page.getByTestId('report-table').getByText('Second e2e run').waitFor();
  });

  it('refuses a wrong key with 401 and writes nothing', async () => {
    await ownProject({ withKey: true });
    expect(await push({ reportTitle: 'Landed', reportData: [] })).toMatchObject({ code: 200 });
    const wrong = `${key.slice(0, 29)}${key.endsWith('Q') ? 'R' : 'Q'}`;
    expect((await push({ reportTitle: 'Should not land', reportData: [] }, wrong)).code).toBe(401);
    await page.locator('.ant-menu').getByText('报告', { exact: true }).click();
    await page.getByTestId('report-table').getByText('Landed').waitFor();
    expect(await page.getByText('Should not land').count()).toBe(0);
  });

  it('shows a failure pushed three times as one defect seen three times, and lists a refused push on its key', async () => {
    await ownProject({ withKey: true });
    for (const version of ['2.0.0', '2.0.1', '2.0.1'])
      expect(
        await push({
          reportTitle: `Build ${version}`,
          reportData: [
            {
              defectName: 'NullPointerException in checkout',
              defectDescribe: `java.lang.NullPointerException\n\tat com.ops.Checkout.pay(Checkout.java:${version.length})`,
              moduleVersion: version,
            },
          ],
        }),
      ).toMatchObject({ code: 200 });
    await page.locator('.ant-menu').getByText('缺陷', { exact: true }).click();
    await page.waitForURL(/#\/project\/defect/);
    const row = page.locator('main .ant-table-row').filter({ hasText: 'NullPointerException in checkout' });
    await expect.poll(() => row.count()).toBe(1);
    // The three reports' pop-ups go first, so the drawer's screenshot shows the drawer.
    await page.evaluate(() => {
      document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((close) => {
        close.click();
      });
    });
    await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
    await row.getByText('NullPointerException in checkout').click();
    const seen = page.locator('.defect-view-drawer').getByTestId('defect-seen');
    await expect.poll(() => seen.textContent()).toMatch(/^出现 3 次，最近一次：.+，版本 2\.0\.1$/);
    await shot(page, 'api-05-seen-three-times');
    await page.keyboard.press('Escape');

    // A push the server refuses (no title): the reporter shows nothing, the key's page does.
    expect(await push({ reportTitle: '', reportData: [] })).toMatchObject({ code: 500 });
    await page.goto(`${baseUrl}/#/project/project-api`);
    const keyRow = page
      .getByTestId('project-api-table')
      .locator('.ant-table-row')
      .filter({ hasText: 'CI runner' });
    // Used now: the list shows only the key's public part.
    await keyRow.waitFor();
    expect(await keyRow.innerText()).not.toContain('首次使用前或');
    await keyRow.getByRole('button', { name: '拒绝记录' }).click();
    const refusals = page.locator('.api-refusals-drawer').getByTestId('api-refusals-table');
    await expect.poll(() => refusals.locator('.ant-table-row').count()).toBeGreaterThan(0);
    const first = await refusals.locator('.ant-table-row').first().innerText();
    expect(first).toContain('POST /api/report/defect');
    expect(first).toContain('报告标题不能为空');
    await shot(page, 'api-06-refused-calls');
    await page.keyboard.press('Escape');
  });

  it('documents every route, and runs "try it out" with the signed-in session', async () => {
    await ownProject({ withKey: false });
    await page.goto(`${baseUrl}/#/tool/swagger`);
    const docs = page.getByTestId('api-docs');
    // The page's first visit loads swagger-ui (the largest lazy chunk) and the server builds the
    // document of every route: more than the default ten seconds while other files share the cores.
    await docs
      .locator('.opblock-tag')
      .filter({ hasText: /^general/ })
      .first()
      .click({ timeout: 30_000 });
    const op = docs
      .locator('.opblock')
      .filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/getInfo$/ }) });
    await op.locator('.opblock-summary').first().click();
    // "Try it out" is on from the start: the operation opens ready to execute.
    await op.getByRole('button', { name: 'Execute' }).click();
    const answer = op.locator('.live-responses-table');
    await answer.waitFor();
    await expect.poll(() => answer.innerText()).toContain(lead.username);
    await shot(page, 'api-03-docs-try-it-out');
    // The Open API is there too, with its key header.
    const doc = (await (await fetch(`${baseUrl}/v3/api-docs`)).json()) as {
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    expect(Object.keys(doc.paths)).toContain('/api/report/defect');
    expect(doc.components.securitySchemes.apiKey?.name).toBe('CAT2BUG-API-KEY');
  });
});
