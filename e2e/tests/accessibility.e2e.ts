import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, PNG } from '../api.ts';
import { fillLogin, launch, WAIT_MS } from '../browser.ts';
import { everyPage, GUEST_ROUTES, settler } from '../pages.ts';
import { e2eUrl } from '../server.ts';

/**
 * axe-core (WCAG 2.x A and AA) over every page the menus and the router lead to, in the light and
 * the dark theme, with the defect drawer and form open too: no serious or critical violation. The
 * dark pass checks the colours only (contrast): the pages are the same but for them. Each
 * violation is reported once by rule, with the first page it was seen on and how many nodes.
 */
const server = { url: e2eUrl() };
const { api, apiLogin } = apiClient(server.url);
let browser: Browser;
let page: Page;
let settle: () => Promise<void> = async () => {};
const DEFECT = 'Axe checks this defect';

interface Finding {
  rule: string;
  impact: string;
  /** Each page it was seen on (the first few) with a node of it. */
  places: string[];
  nodes: number;
}
const findings = new Map<string, Finding>();
let checked = 0;

/** `onlyContrast`: the dark pass, where the page is the same but for its colours. */
async function audit(where: string, onlyContrast = false): Promise<void> {
  await settle();
  const builder = new AxeBuilder({ page });
  const result = await (onlyContrast
    ? builder.withRules(['color-contrast'])
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  )
    // Only the violations are wanted: the passes' details cost most of axe's time.
    .options({ resultTypes: ['violations'] })
    // The charts are canvases with a text summary (aria-label); axe cannot read their colours.
    .exclude('canvas')
    // Inactive controls need no contrast (WCAG 1.4.3); antd marks them with classes axe does not read.
    .exclude('.ant-select-disabled')
    .exclude('.ant-select-selection-item-disabled')
    // The API documentation is Swagger UI's own page, drawn by it.
    .exclude('.swagger-ui')
    .analyze();
  checked += 1;
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const finding = findings.get(v.id) ?? { rule: v.id, impact: v.impact, places: [], nodes: 0 };
    finding.nodes += v.nodes.length;
    if (finding.places.length < 6)
      finding.places.push(
        `${where}: ${v.nodes
          .map((n) => `${n.target.join(' ')} ${process.env.AXE_HTML ? n.html.slice(0, 160) : ''}`)
          .slice(0, 3)
          .join(' | ')}`,
      );
    findings.set(v.id, finding);
  }
}

beforeAll(async () => {
  const token = await apiLogin('admin', 'cat2bug');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
  const icon = await api(token, 'POST', '/common/upload', form);
  const team = await api(token, 'POST', '/system/team', { teamName: 'Axe Team', teamIcon: icon.fileName });
  const teamId = (team.data as { teamId: number }).teamId;
  const project = await api(token, 'POST', '/system/project', {
    teamId,
    projectName: 'Axe Web',
    members: [],
  });
  const projectId = (project.data as { projectId: number }).projectId;
  await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
  await api(token, 'POST', '/system/defect', { projectId, defectName: DEFECT, handleBy: [1] });
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  settle = settler(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility', () => {
  it('has no serious or critical axe violation on any page, in either theme', {
    timeout: 420_000,
  }, async () => {
    for (const route of GUEST_ROUTES) {
      await page.goto(`${server.url}/#${route}`);
      await audit(route);
    }
    await page.goto(`${server.url}/#/login`);
    await fillLogin(page);
    await page.waitForURL(/#\/index/);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /稍后再说|Later/ })
      .click();
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    const pages = await everyPage(api, token, 'one');
    // AXE_THEMES=light checks one theme (while fixing); both by default.
    const themes = (process.env.AXE_THEMES?.split(',') ?? ['light', 'dark']) as Array<'light' | 'dark'>;
    for (const theme of themes) {
      await page.evaluate((mode) => {
        const saved = JSON.parse(localStorage.getItem('layout-setting') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('layout-setting', JSON.stringify({ ...saved, themeMode: mode }));
      }, theme);
      await page.reload();
      for (const route of pages) {
        await page.goto(`${server.url}/#${route}`);
        await audit(`${theme} ${route}`, theme === 'dark');
      }
      // The defect drawer and the form.
      await page.goto(`${server.url}/#/project/defect`);
      await page.getByText(DEFECT).first().click();
      await page.locator('.defect-view-drawer .ant-drawer-body').waitFor();
      await audit(`${theme} /project/defect (the defect)`, theme === 'dark');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '新建缺陷' }).click();
      await page.locator('form#defect-form').waitFor();
      await audit(`${theme} /project/defect (new defect)`, theme === 'dark');
    }
    const report = [...findings.values()].map(
      (f) => `${f.impact} ${f.rule} (${f.nodes} nodes):\n  ${f.places.join('\n  ')}`,
    );
    console.log(
      `axe: ${checked} pages and drawers checked, ${findings.size} serious or critical rules violated`,
    );
    expect(report.join('\n')).toBe('');
  });
});
