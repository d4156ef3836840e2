import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { e2eUrl } from './server.ts';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** The system Chromium, headless, with its background chatter to outside hosts switched off. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
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
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
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
 * tells the page; waiting for a prompt that never comes cost seconds per sign-in).
 */
export async function signIn(page: Page, person: Credentials): Promise<void> {
  await page.goto(`${e2eUrl()}/#/login`);
  const info = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/getInfo'));
  await fillLogin(page, 'userName' in person ? person.userName : person.username, person.password);
  await page.waitForURL(/#\/index/);
  const body = (await (await info).json()) as { isDefaultModifyPwd?: boolean };
  if (body.isDefaultModifyPwd) await page.getByRole('button', { name: '稍后再说' }).click();
}
