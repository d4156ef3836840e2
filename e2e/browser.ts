import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { e2eUrl } from './server.ts';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * How long a page waits for what it is told to wait for (an element, a navigation) before the
 * step fails: room for a 2-core machine running two files side by side, where a lazy chunk or a
 * dialog can take several seconds. What must be fast is measured apart, in the bench (bench/budget.json).
 */
export const WAIT_MS = 20_000;

/** The browsers this file launched, so a failed test can show what their pages looked like. */
const launched = new Set<Browser>();

/** The system Chromium, headless, asking for reduced motion, its chatter to outside hosts switched off. */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every page asks for reduced motion (newPage goes through newContext), so the app opens
  // dialogs and menus without animation: a click never lands on one still zooming in (a lost
  // click left a confirmation open on a loaded machine). A test may still ask otherwise.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  launched.add(browser);
  browser.once('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * A screenshot of every open page (e2e/screenshots/failed-<test>-<n>.png) and the text of its
 * open layers, printed: what a failed step was looking at.
 */
export async function showOpenPages(testName: string): Promise<void> {
  const pages = [...launched].flatMap((b) => b.contexts().flatMap((c) => c.pages()));
  const slug = testName.replace(/[^\w]+/g, '-').slice(0, 60);
  for (const [n, page] of pages.entries()) {
    await screenshot(page, `failed-${slug}-${n}`).catch(() => {});
    const layers = await page
      .locator('.ant-modal-wrap:visible, .ant-drawer-open, .ant-message, .ant-notification')
      .allInnerTexts()
      .catch(() => []);
    console.log(`failed "${testName}": page ${n} at ${page.url()}; open layers: ${JSON.stringify(layers)}`);
  }
}

/**
 * The dialog on top, not one still fading out after it closed (its `.ant-modal` carries the
 * leave motion's classes until it is hidden): taken for the next one, its buttons were pressed
 * instead of the new dialog's.
 */
export const topDialog = (page: Page) =>
  page
    .locator('.ant-modal-wrap:visible')
    .filter({ hasNot: page.locator('.ant-modal[class*="-leave"]') })
    .last();

/**
 * Screenshots are for people to look at (e2e/screenshots/); no test reads them. `E2E_SHOTS=0`
 * (as CI runs) skips them, and the waits for a still page that come before them; a failed step's
 * pictures (showOpenPages) are taken all the same.
 */
export const TAKES_SHOTS = process.env.E2E_SHOTS !== '0';

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A screenshot of the page as it is, into e2e/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  if (TAKES_SHOTS) await screenshot(page, name);
}

/** A screenshot once requests have stopped and the page has had `stillMs` to finish moving. */
export async function settledShot(page: Page, name: string, stillMs = 500): Promise<void> {
  if (!TAKES_SHOTS) return;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(stillMs);
  await screenshot(page, name);
}

/**
 * Screenshots at each width (<name>-<width>.png; 1280 and 992 px unless told), each after
 * `stillMs` for the layout to settle, the viewport put back after.
 */
export async function shotsAtWidths(
  page: Page,
  name: string,
  {
    widths = [1280, 992],
    stillMs = 400,
    before,
  }: { widths?: number[]; stillMs?: number; before?: () => Promise<void> } = {},
): Promise<void> {
  if (!TAKES_SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: size.height });
    await page.waitForTimeout(stillMs);
    await before?.();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}

/** Fills in the login form of the page as it is (a redirect in its URL is kept). */
export async function fillLogin(page: Page, userName = 'admin', password = 'cat2bug') {
  await page.getByPlaceholder(/账号|Account/).fill(userName);
  await page.getByPlaceholder(/密码|Password/).fill(password);
  await page.keyboard.press('Enter');
}

/** Who signs in: the API's people carry `userName`, the registered leads `username`. */
export type Credentials = { userName: string; password: string } | { username: string; password: string };

/**
 * Signs in from the login page, waits for the home page, and puts off the "change your initial
 * password" prompt ('稍后再说') when the account is still on its first password (as /getInfo
 * tells the page; waiting for a prompt that never comes cost seconds per sign-in), also when it
 * shows again later.
 */
export async function signIn(page: Page, person: Credentials): Promise<void> {
  await page.goto(`${e2eUrl()}/#/login`);
  const info = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/getInfo'));
  await fillLogin(page, 'userName' in person ? person.userName : person.username, person.password);
  const body = (await (await info).json()) as {
    isDefaultModifyPwd?: boolean;
    isPasswordChangeRequired?: boolean;
  };
  // A password someone else chose is changed on its own page first (the caller's step to take).
  if (body.isPasswordChangeRequired) return;
  await page.waitForURL(/#\/index/);
  const later = page.getByRole('button', { name: '稍后再说' });
  if (body.isDefaultModifyPwd) {
    await later.click();
    await later.waitFor({ state: 'hidden' });
  }
  // Should the prompt come back before a later step (once in a full run it stood over the admin
  // pages after this dismissal, cause unknown), it is put off again before that step acts (a
  // button already on its way out is left to go).
  await page.addLocatorHandler(later, (button) => button.click({ timeout: 2000 }).catch(() => undefined));
}

/**
 * Signs out through the header's menu and its confirmation. The server's answer and the page's
 * move to the login page are waited for apart, with room for a loaded machine: three times in
 * full runs the login page had not come within ten seconds of the click, and a failure here
 * says which of the two was late (with a screenshot, e2e/screenshots/sign-out-late.png).
 */
export async function signOut(page: Page): Promise<void> {
  await page
    .locator('.ant-layout-header .ant-dropdown-trigger')
    .filter({ has: page.locator('.ant-avatar') })
    .click();
  await page.getByText('退出登录', { exact: true }).click();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/logout'), {
    timeout: 30_000,
  });
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  try {
    await answered.catch((e: Error) => {
      throw new Error(`no answer to /logout within 30 s of the click: ${e.message}`);
    });
    await page.waitForURL(/#\/login/, { timeout: 20_000 });
  } catch (e) {
    await screenshot(page, 'sign-out-late');
    throw e;
  }
}
