import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, PNG } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { everyPage, GUEST_ROUTES, settler } from '../pages.ts';
import { e2eUrl } from '../server.ts';

/**
 * Every page at a phone's, a tablet's and a small laptop's width (390, 768 and 992 px), in English
 * (its words are the longer ones): no horizontal page scroll, a breadcrumb on one line and not cut,
 * no table header broken inside a word ("Leve/l"), and the phone menu's dark sidebar without light
 * bands. A screenshot of each page at each width (e2e/screenshots/layout-<width>-<page>.png).
 */
const WIDTHS = [390, 768, 992] as const;
const server = { url: e2eUrl() };
const { api, apiLogin } = apiClient(server.url);
let browser: Browser;
let page: Page;
let settle: () => Promise<void>;
let pages: string[] = [];

/** What is wrong with the page as shown, each problem named. */
async function problemsOf(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      found.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${window.innerWidth})`);
    for (const crumb of Array.from(document.querySelectorAll('.ant-layout-header .ant-breadcrumb'))) {
      if (!visible(crumb)) continue;
      const items = Array.from(crumb.querySelectorAll('li')).filter(visible);
      const tops = new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)));
      if (tops.size > 1) found.push(`the breadcrumb wraps onto ${tops.size} lines`);
      const box = crumb.getBoundingClientRect();
      const clipper = crumb.parentElement?.getBoundingClientRect();
      if (clipper && (box.right > clipper.right + 1 || box.left < clipper.left - 1))
        found.push('the breadcrumb is cut off');
    }
    for (const th of Array.from(document.querySelectorAll('.ant-table-thead th'))) {
      const text = (th.textContent ?? '').trim();
      if (!text || !visible(th)) continue;
      // A word broken across lines: one of its characters starts a new line.
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (const word of value.matchAll(/[A-Za-z]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, word.index ?? 0);
          range.setEnd(node, (word.index ?? 0) + word[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(`the column header "${text}" breaks inside "${word[0]}"`);
        }
      }
    }
    return found;
  });
}

/** The phone menu (a drawer over the page) with the dark sidebar: dark all the way down. */
async function phoneMenuProblems(): Promise<string[]> {
  await page.evaluate(() =>
    localStorage.setItem('layout-setting', JSON.stringify({ sideTheme: 'theme-dark' })),
  );
  await page.goto(`${server.url}/#/index`);
  await page.reload();
  await settle();
  await page.getByRole('button', { name: 'Show or hide the sidebar' }).click();
  const drawer = page
    .locator('.ant-drawer-open .ant-drawer-section')
    .filter({ has: page.locator('.ant-menu') });
  await drawer.waitFor();
  const light = await drawer.evaluate((content) => {
    const bands: string[] = [];
    // A light sidebar has no bands to show.
    if (!content.querySelector('.ant-menu-dark')) return [];
    const isLight = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return a > 0.5 && r > 200 && g > 200 && b > 200;
    };
    for (const el of [content, ...Array.from(content.querySelectorAll('*'))]) {
      const box = el.getBoundingClientRect();
      if (box.width < 40 || box.height < 2) continue;
      if (isLight(getComputedStyle(el).backgroundColor))
        bands.push(`a light band in the dark phone menu (${el.className || el.tagName})`);
    }
    return bands.slice(0, 3);
  });
  await shot(page, 'layout-390-phone-menu-dark');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' }).catch(() => {});
  await page.evaluate(() => localStorage.removeItem('layout-setting'));
  return light;
}

beforeAll(async () => {
  const token = await apiLogin('admin', 'cat2bug');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
  const icon = await api(token, 'POST', '/common/upload', form);
  const team = await api(token, 'POST', '/system/team', { teamName: 'Wide Team', teamIcon: icon.fileName });
  const teamId = (team.data as { teamId: number }).teamId;
  const project = await api(token, 'POST', '/system/project', {
    teamId,
    projectName: 'Wide Web',
    members: [],
  });
  const projectId = (project.data as { projectId: number }).projectId;
  await api(token, 'PUT', '/system/user-config', {
    currentTeamId: teamId,
    currentProjectId: projectId,
  });
  await api(token, 'POST', '/system/module', { projectId, batchModuleNames: ['Checkout'] });
  await api(token, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: 'Cart total is wrong when a coupon and a gift card are both applied',
    defectDescribe: 'Add two items to the cart.',
    defectLevel: 'middle',
    handleBy: [1],
  });
  pages = await everyPage(api, token, 'one');
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 992, height: 800 } });
  page.setDefaultTimeout(WAIT_MS);
  settle = settler(page);
  await signIn(page, { userName: 'admin', password: 'cat2bug' });
  // English from here on, as the administrator's own choice.
  await api(token, 'PUT', '/system/user-config', { lang: 'en_US' });
  await page.reload();
  await page.getByRole('button', { name: 'Show or hide the sidebar' }).waitFor();
});
afterAll(async () => browser?.close());

describe('every page at 390, 768 and 992 px', () => {
  it('has no sideways scroll, wrapped or cut breadcrumb, or header broken in a word', {
    timeout: 240_000,
  }, async () => {
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const route of [...GUEST_ROUTES.filter((r) => r !== '/login' && r !== '/register'), ...pages]) {
        await page.goto(`${server.url}/#${route}`);
        await settle();
        for (const problem of await problemsOf()) problems.push(`${width} px ${route}: ${problem}`);
        await shot(page, `layout-${width}-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`);
      }
      if (width === 390) for (const p of await phoneMenuProblems()) problems.push(`390 px: ${p}`);
    }
    console.log(`layout: ${pages.length + 2} pages × ${WIDTHS.length} widths, ${problems.length} problems`);
    expect(problems.join('\n')).toBe('');
  });
});
