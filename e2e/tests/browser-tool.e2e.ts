import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, seedOwnProject } = apiClient(baseUrl);
const LEAD = {
  username: 'brolead',
  password: 'brolead-pass1',
  phoneNumber: '13900139860',
  nickName: 'Bro Lead',
};

/**
 * The site under test, on loopback: a page that logs a console error and whose fetch fails (404),
 * and a second page its link leads to.
 */
const site = http.createServer((req, res) => {
  if (req.url === '/' || req.url === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
    res.end(`<!doctype html><html><head><title>Bro Shop</title>
<style>body{font:16px sans-serif;margin:24px}h1{color:#c0392b}</style></head>
<body><h1>Bro Shop checkout</h1><p>Total: <b id="total">NaN</b></p>
<a id="next" href="/second.html">Second page</a>
<script>
console.error('Bro cart total is NaN');
fetch('/api/cart.json').then(function (r) { return r.json(); }).catch(function () {});
</script></body></html>`);
  } else if (req.url === '/second.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html><head><title>Second</title></head><body><h2>Bro second page</h2></body></html>',
    );
  } else {
    res.writeHead(404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end('{"error":"missing"}');
  }
});

let browser: Browser;
let page: Page;
let siteUrl = '';
const seeded = { token: '', projectId: 0 };

/** The site listens on loopback, which the proxy refuses unless the administrator allows it. */
async function allowLoopbackOutbound() {
  const admin = await apiLogin('admin', 'cat2bug');
  const found = await api(admin, 'GET', '/system/config/list?configKey=sys.outbound.allowRanges');
  const row = (found as { rows?: Record<string, unknown>[] }).rows?.[0];
  if (!row) throw new Error('the outbound allow-list record is missing');
  await api(admin, 'PUT', '/system/config', { ...row, configValue: '127.0.0.0/8,::1/128' });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // Another name than the app's address (127.0.0.1): the proxy never opens the app itself.
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
  await allowLoopbackOutbound();
  Object.assign(seeded, await seedOwnProject(LEAD, { teamName: 'Bro Team', projectName: 'Bro Shop' }));
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, LEAD);
});
afterAll(async () => {
  await browser?.close();
  site.closeAllConnections();
  site.close();
});

const pane = () => page.getByTestId('browser-pane-1');
const frame = () => page.frameLocator('[data-testid=browser-pane-1] iframe');

/** Picks a device in the pane's size menu (again if the menu closed before the option took). */
async function chooseSize(label: string) {
  const select = pane().getByRole('combobox', { name: '屏幕尺寸' });
  for (let attempt = 0; attempt < 3; attempt++) {
    await select.click();
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: label });
    await option.click();
    // The chosen option shows in the select, titled with its label.
    if (await pane().getByTitle(label, { exact: true }).isVisible()) return;
  }
  throw new Error(`could not choose ${label}`);
}

describe('the browser-testing tool', () => {
  it('opens a site through the proxy and hears its console error and failed request', async () => {
    await page.goto(`${baseUrl}/#/tools/browser`);
    const address = pane().getByPlaceholder('请输入测试网址');
    await address.fill(siteUrl);
    await address.press('Enter');
    // Shown although the site forbids framing: the proxy serves it sandboxed, for the tool only.
    await frame().getByText('Bro Shop checkout').waitFor();
    await expect.poll(() => pane().getByTestId('pane-evidence').textContent()).toMatch(/1 个错误 · 1 个失败/);
    await chooseSize('iPhone 15 Pro (393×852)');
    await expect
      .poll(() =>
        pane()
          .locator('iframe')
          .evaluate((f) => (f as HTMLIFrameElement).offsetWidth),
      )
      .toBe(393);
    // Sandboxed: the page has an origin of its own, so the app's storage (the session token) and
    // the tool around it are out of its reach.
    const inner = page.frames().find((f) => f.url().includes('/tools/browser/proxy'));
    expect(
      await inner?.evaluate(() => {
        const tries = [() => localStorage.length, () => document.cookie, () => window.parent.document.title];
        return tries.map((read) => {
          try {
            read();
            return 'read';
          } catch (error) {
            return (error as Error).name;
          }
        });
      }),
    ).toEqual(['SecurityError', 'SecurityError', 'SecurityError']);
    await shot(page, 'browser-tool-page');
  });

  it('files the screenshot as a defect with the image and the evidence attached', async () => {
    await pane()
      .getByRole('button', { name: /截\s*屏/ })
      .click();
    const form = page.locator('form#defect-form');
    await expect.poll(() => form.locator('#defect-form_defectName').inputValue()).toBe('Bro Shop');
    await expect.poll(() => form.locator('#defect-form_defectDescribe').inputValue()).toContain(siteUrl);
    expect(await form.locator('#defect-form_defectDescribe').inputValue()).toContain(
      '393 × 852 (iPhone 15 Pro)',
    );
    await form.getByText(/^evidence-\d+\.txt$/).waitFor();
    await page.locator('#defect-form_handleBy').click();
    await page.locator('.ant-select-dropdown:visible').getByText(LEAD.nickName, { exact: true }).click();
    await shot(page, 'browser-tool-defect');
    await page
      .locator('.ant-drawer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.locator('.ant-message').getByText('缺陷已创建').waitFor();

    const list = await api(seeded.token, 'GET', `/system/defect/list?projectId=${seeded.projectId}`);
    const [row] = (list as { rows?: { defectId: number }[] }).rows ?? [];
    const defect = (await api(seeded.token, 'GET', `/system/defect/${row?.defectId}`)).data as {
      defectName: string;
      imgUrls: string;
      annexUrls: string;
    };
    expect(defect.defectName).toBe('Bro Shop');
    const [image] = defect.imgUrls.split(',');
    const png = Buffer.from(await (await fetch(`${baseUrl}/prod-api${image}`)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
    // Kept beside the page screenshots, to look at what the pane drew.
    fs.mkdirSync(new URL('../screenshots/', import.meta.url), { recursive: true });
    fs.writeFileSync(new URL('../screenshots/browser-tool-capture.png', import.meta.url), png);
    const [annex] = defect.annexUrls.split(',');
    expect(annex).toMatch(/\.txt$/);
    const evidence = await (await fetch(`${baseUrl}/prod-api${annex}`)).text();
    expect(evidence).toContain(`页面: ${siteUrl}`);
    expect(evidence).toMatch(/console\s+Bro cart total is NaN/);
    expect(evidence).toMatch(/fetch\s+GET http:\/\/localhost:\d+\/api\/cart\.json -> 404/);
  });

  it('keeps a link’s page inside the tool, and the project menu shows the same tool', async () => {
    // The frame's own elements are clicked at their place on the page: wait for the drawer to be gone.
    await page.locator('.ant-drawer-mask').first().waitFor({ state: 'hidden' });
    await frame().getByText('Second page').click();
    await frame().getByText('Bro second page').waitFor();
    await expect
      .poll(() => pane().getByPlaceholder('请输入测试网址').inputValue())
      .toBe(`${siteUrl}second.html`);
    await page.getByRole('button', { name: '缺陷日志' }).click();
    const log = page.locator('.ant-drawer-open');
    await log.getByRole('link', { name: 'Bro Shop' }).waitFor();
    await log.locator('.ant-drawer-close').click();
    await page.locator('.ant-drawer-mask').first().waitFor({ state: 'hidden' });
    // Two panes side by side, each with its own address and size.
    await page.getByText('水平拆分').click();
    const second = page.getByTestId('browser-pane-2');
    await second.getByPlaceholder('请输入测试网址').fill(siteUrl);
    await second.getByPlaceholder('请输入测试网址').press('Enter');
    await page.frameLocator('[data-testid=browser-pane-2] iframe').getByText('Bro Shop checkout').waitFor();
    await shot(page, 'browser-tool-split');
    await page.goto(`${baseUrl}/#/project/browser`);
    await page.getByTestId('browser-pane-1').waitFor();
    await page.setViewportSize({ width: 992, height: 760 });
    await shot(page, 'browser-tool-in-app-992');
  });
});
