import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

// The password policy set under System → Parameters is shown and checked by the registration
// form before anything is sent, and the server holds the same rule.
const baseUrl = e2eUrl();
const { api, apiLogin } = apiClient(baseUrl);

let browser: Browser;
let page: Page;
let admin = '';
/** Registrations the page sent; a password the form refuses must send none. */
const sent: string[] = [];

type ConfigRow = Record<string, unknown>;
async function setRecord(key: string, value: string) {
  const found = (await api(admin, 'GET', `/system/config/list?configKey=${key}`)) as { rows?: ConfigRow[] };
  const row = found.rows?.find((r) => r.configKey === key);
  if (!row) throw new Error(`the config record ${key} is missing`);
  await api(admin, 'PUT', '/system/config', { ...row, configValue: value });
}
async function setPolicy(minLength: number, requireLetter: boolean, requireDigit: boolean) {
  await setRecord('sys.account.passwordMinLength', String(minLength));
  await setRecord('sys.account.passwordRequireLetter', String(requireLetter));
  await setRecord('sys.account.passwordRequireDigit', String(requireDigit));
}

beforeAll(async () => {
  admin = await apiLogin('admin', 'cat2bug');
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/register')) sent.push(req.postData() ?? '');
  });
});
afterAll(async () => {
  await setPolicy(6, false, true).catch(() => {});
  await browser?.close();
});

const form = () => page.locator('form').first();
async function fillRegistration(password: string) {
  await form().getByPlaceholder('账号').fill('policy-e2e');
  await form().getByPlaceholder('手机号码').fill('13900139990');
  await form().getByPlaceholder('密码', { exact: true }).fill(password);
  await form().getByPlaceholder('确认密码').fill(password);
  await page.getByRole('button', { name: /注\s*册/ }).click();
}

describe('the registration form', () => {
  it('shows the seeded policy and refuses a password without a digit before sending', async () => {
    await page.goto(`${baseUrl}/#/register`);
    await page.getByText('6到20个字符，至少包含一个数字').waitFor();
    await fillRegistration('abcdefgh');
    await page.getByText('密码必须包含至少一个数字（0–9）').waitFor();
    await shot(page, 'pp-01-register-needs-digit');
    expect(sent).toEqual([]);
  });

  it('follows a policy tightened in the settings, and registers with a password that meets it', async () => {
    await setPolicy(8, true, true);
    await page.goto(`${baseUrl}/#/register`);
    await page.reload();
    await page.getByText('8到20个字符，至少包含一个字母和一个数字').waitFor();
    await fillRegistration('1234567890');
    await page.getByText('密码必须包含至少一个字母').waitFor();
    await fillRegistration('abc123');
    await page.getByText('密码长度必须在 8 到 20 个字符之间').waitFor();
    await shot(page, 'pp-02-register-stricter-policy');
    expect(sent).toEqual([]);

    await fillRegistration('policy-pass1');
    await page.getByText('账号 policy-e2e 注册成功，现在可以登录了。').waitFor();
    expect(sent).toHaveLength(1);
    expect(await apiLogin('policy-e2e', 'policy-pass1')).toMatch(/.{20}/);
  });
});
