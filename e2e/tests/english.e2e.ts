import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, PNG } from '../api.ts';
import { fillLogin, launch, shot, WAIT_MS } from '../browser.ts';
import { everyPage, GUEST_ROUTES, settler } from '../pages.ts';
import { e2eUrl } from '../server.ts';

/**
 * In English no seeded text (menu titles, breadcrumbs, tabs, role names, dictionaries, settings,
 * the administrator's name) may show in Chinese. The administrator walks every page the menus
 * (/getRouters) and the web's fixed routes lead to, opens each page's add dialog, and any CJK
 * character in what the page shows fails the test; the test's own data is English.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const DEFECT = 'Cart total is wrong';

const server = { url: e2eUrl() };
let browser: Browser;
let page: Page;
let sharePath = '';
let projectId = 0;

/** Waits until no request has been under way for a moment and no spinner turns (set with the page). */
let settle: () => Promise<void> = async () => {};

/** Each offending line once, with the first place it showed (the tabs repeat it on later pages). */
const found = new Map<string, string>();
async function check(where: string): Promise<void> {
  await settle();
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  for (const line of text.split('\n')) {
    const shown = line.trim().slice(0, 120);
    if (CJK.test(shown) && !found.has(shown)) found.set(shown, where);
  }
}

/** Checks a dialog or drawer, its trees unfolded, then closes it. */
async function checkLayer(layer: Locator, where: string): Promise<void> {
  const expand = layer.locator('.ant-checkbox-wrapper').filter({ hasText: /^Expand/ });
  if (await expand.count()) await expand.first().click();
  await check(where);
  await page.keyboard.press('Escape');
  await layer.waitFor({ state: 'hidden' }).catch(() => {});
}

const openLayer = () => page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last();

/** The page's add/create action (not a form's submit): a dialog or drawer, or a page of its own. */
async function checkAddAction(where: string): Promise<void> {
  const add = page
    .locator('main.ant-layout-content button:visible:not([type=submit])')
    .filter({ hasText: /^\s*(Add|New|Create)\b/ })
    .first();
  if ((await add.count()) === 0) return;
  const label = (await add.innerText()).trim();
  const before = page.url();
  await add.click();
  if (
    await openLayer()
      .waitFor({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      )
  ) {
    await checkLayer(openLayer(), `${where} (${label})`);
  } else if (page.url() !== before) {
    await check(`${where} (${label}) -> ${new URL(page.url()).hash}`);
  }
}

/** Tree tables (the menus) open every level, so the buttons' names show too. */
async function expandRows(): Promise<void> {
  await settle();
  await page.evaluate(async () => {
    for (let i = 0; i < 200; i++) {
      const icons = document.querySelectorAll<HTMLElement>('main .ant-table-row-expand-icon-collapsed');
      const icon = Array.from(icons).find((e) => e.offsetParent !== null);
      if (!icon) return;
      icon.click();
      await new Promise((r) => setTimeout(r, 0));
    }
  });
}

beforeAll(async () => {
  const { api, apiLogin } = apiClient(server.url);
  const token = await apiLogin('admin', 'cat2bug');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
  const icon = await api(token, 'POST', '/common/upload', form);
  const team = await api(token, 'POST', '/system/team', { teamName: 'Lark Team', teamIcon: icon.fileName });
  const teamId = (team.data as { teamId: number }).teamId;
  const project = await api(token, 'POST', '/system/project', {
    teamId,
    projectName: 'Lark Web',
    members: [],
  });
  projectId = (project.data as { projectId: number }).projectId;
  await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
  await api(token, 'POST', '/system/module', { projectId, batchModuleNames: ['Checkout'] });
  const defect = await api(token, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: DEFECT,
    defectDescribe: 'Add two items to the cart.',
    defectLevel: 'middle',
    handleBy: [1],
  });
  const { defectId } = defect.data as { defectId: number };
  const share = await api(token, 'POST', `/system/defect/${defectId}/shard`, { agingHour: 24 });
  sharePath = `/shard/defect?id=${(share.data as { defectShardId: string }).defectShardId}`;

  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  page.setDefaultTimeout(WAIT_MS);
  settle = settler(page);
  // The tabs of visited pages are on, so every page's tab title is checked too.
  await page.addInitScript(() => localStorage.setItem('layout-setting', '{"tagsView":true}'));
});
afterAll(async () => {
  await browser?.close();
});

describe('the application in English', () => {
  // About 75 pages, each opened, settled and with its add dialog tried.
  it('shows no Chinese on any page the menus and the router lead to', { timeout: 150_000 }, async () => {
    await page.goto(`${server.url}/#/login`);
    // The sign-in page's language button and its popover (not the navbar's Select).
    await page.getByRole('button', { name: '简体中文' }).click();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.locator('.ant-popover').waitFor({ state: 'hidden' });
    for (const route of [...GUEST_ROUTES, sharePath]) {
      await page.goto(`${server.url}/#${route}`);
      if (route === sharePath) await page.getByText(DEFECT).first().waitFor();
      await check(route);
    }

    await page.goto(`${server.url}/#/login`);
    await fillLogin(page);
    await page.waitForURL(/#\/index/);
    await page.getByRole('dialog').getByRole('button', { name: 'Later' }).click();
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    const { api } = apiClient(server.url);
    const pages = await everyPage(api, token, 'all');
    const tried = new Set<string>();

    for (const route of pages) {
      await page.goto(`${server.url}/#${route}`);
      await expandRows();
      await check(route);
      // One add dialog per page, not per dictionary.
      const pattern = route.replace(/\/\d+$/, '/:id');
      if (!tried.has(pattern)) await checkAddAction(route);
      tried.add(pattern);
      if (route === '/project/defect') {
        await page.getByText(DEFECT).first().click();
        await checkLayer(openLayer(), `${route} (the defect)`);
      }
      if (route === '/system/role') await shot(page, 'en-01-roles');
    }
    await page.goto(`${server.url}/#/project/defect`);
    await settle();
    await shot(page, 'en-02-defects-with-tabs');

    console.log(`walked ${GUEST_ROUTES.length + 1 + pages.length} pages`);
    const report = [...found].map(([text, where]) => `${where}: ${text}`);
    expect(report.join('\n'), 'Chinese text in English mode').toBe('');
  });

  it('names a person by one rule everywhere, and an API key by its name', async () => {
    const { api } = apiClient(server.url);
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    const made = await api(token, 'POST', '/system/api', { projectId, apiName: 'CI key' });
    const key = (made.data as { apiKey: string }).apiKey;
    const pushed = await fetch(`${server.url}/api/report/defect`, {
      method: 'POST',
      headers: { 'CAT2BUG-API-KEY': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reportTitle: 'Nightly',
        reportData: [{ defectName: 'Search ignores accents', defectDescribe: 'at search.ts:12' }],
      }),
    });
    expect(((await pushed.json()) as { code: number }).code).toBe(200);
    // A fresh load: the list the walk left open was read before the push.
    await page.goto(`${server.url}/#/project/defect`);
    await page.reload();
    const reporter = () => openLayer().getByTestId('person-label');

    await page.getByText(DEFECT).first().click();
    await expect.poll(() => reporter().innerText()).toMatch(/^AD\s*Administrator$/);
    await page.keyboard.press('Escape');
    await page.getByText('Search ignores accents').first().click();
    await expect.poll(() => reporter().innerText()).toBe('CI key');
    expect(await reporter().locator('.anticon-key').count()).toBe(1);
    await shot(page, 'en-03-reported-by-key');
    // Nowhere the account behind the key, nor the administrator's account for their name.
    const text = (await page.locator('body').innerText()) ?? '';
    expect(text).not.toMatch(/api-\d{14}/);
    expect(text).not.toMatch(/Reported by\s*admin\b/);
  });
});
