import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Lead, newPerson } from '../api.ts';
import { fillLogin, launch, shot, signIn, signOut, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, seedOwnProject } = apiClient(baseUrl);
const ADMIN = { userName: 'admin', password: 'cat2bug' };

let browser: Browser;
let page: Page;
let people = 0;

/** The code an authenticator app with this key shows `offsetSeconds` from now (same library, same parameters). */
const codeOf = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/** The test's own person, with a team and a project of their own, and a page of the test's own. */
async function person(): Promise<Lead> {
  people += 1;
  const who = newPerson('Tina Totp');
  await seedOwnProject(who, {
    teamName: `Totp Team ${process.pid % 1000}-${people}`,
    projectName: 'Totp Shop',
  });
  page = await browser.newPage({ viewport: { width: 992, height: 820 } });
  page.setDefaultTimeout(WAIT_MS);
  return who;
}

/** A person with two-factor sign-in turned on through the API, as the profile page turns it on. */
async function enrolled(): Promise<{ who: Lead; secret: string; recoveryCodes: string[] }> {
  const who = await person();
  const token = await apiLogin(who.username, who.password);
  const { secret } = (await api(token, 'POST', '/system/user/profile/totp')).data as { secret: string };
  const confirmed = await api(token, 'POST', '/system/user/profile/totp/confirm', { code: codeOf(secret) });
  return { who, secret, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes };
}

const userMenu = (p: Page) =>
  p.locator('.ant-layout-header .ant-dropdown-trigger').filter({ has: p.locator('.ant-avatar') });

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

describe('two-factor sign-in', () => {
  it('is turned on from the profile page: QR code, key, first code, recovery codes once', async () => {
    const TINA = await person();
    await signIn(page, TINA);
    await page.goto(`${baseUrl}/#/member/profile`);
    await page.getByRole('tab', { name: '两步验证' }).click();
    const panel = page.getByTestId('totp-panel');
    await panel.getByText('未开启').waitFor();
    await panel.getByRole('button', { name: '开启两步验证' }).click();
    const enrol = page.getByTestId('totp-enrol');
    await enrol.locator('svg title').filter({ hasText: '两步验证二维码' }).waitFor({ state: 'attached' });
    const secret = ((await enrol.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    const codeAt = (offsetSeconds = 0) => codeOf(secret, offsetSeconds);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'totp-01-enrol');

    // A code from another moment is refused and the form stays.
    await page.locator('#totp-enrol_code').fill(codeAt(600));
    await enrol.getByRole('button', { name: '验证并开启' }).click();
    await page.locator('.ant-message').getByText('验证码不正确或已使用过').waitFor();
    await page.locator('#totp-enrol_code').fill(codeAt());
    await enrol.getByRole('button', { name: '验证并开启' }).click();

    const list = page.getByTestId('totp-recovery-codes');
    await list.waitFor();
    const recoveryCodes = (await list.locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByText('请立即保存这些恢复码').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下\s*载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`buglet-recovery-codes-${TINA.username}.txt`);
    const saved = fs.readFileSync(await download.path(), 'utf8');
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await shot(page, 'totp-02-recovery-codes');

    await page.getByRole('button', { name: '我已保存' }).click();
    await list.waitFor({ state: 'hidden' });
    await panel.getByText('已开启').waitFor();
    await expect.poll(() => panel.locator('.ant-descriptions').textContent()).toContain('10');
    // Shown once: a reload shows the state, never the key or the codes again.
    await page.reload();
    await page.getByRole('tab', { name: '两步验证' }).click();
    await panel.getByText('已开启').waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(recoveryCodes[0]);
    expect(text.replace(/\s+/g, '')).not.toContain(secret);
    await shot(page, 'totp-03-on');
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const { who: TINA, secret } = await enrolled();
    await page.goto(`${baseUrl}/#/login`);
    await fillLogin(page, TINA.username, TINA.password);
    const step = page.getByTestId('totp-step');
    await step.getByText('请输入验证器应用中的 6 位验证码').waitFor();
    expect(page.url()).toMatch(/#\/login/);
    await shot(page, 'totp-04-code-step');
    // A wrong code: the step says so and stays.
    await step.getByPlaceholder('验证码').fill('000000');
    await step.getByRole('button', { name: /^验\s*证$/ }).click();
    await page.locator('.ant-message').getByText('还可尝试 4 次').waitFor();
    // The next step's code: the enrolment took this step's.
    await step.getByPlaceholder('验证码').fill(codeOf(secret, 30));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/index/);
    await userMenu(page).waitFor();
  });

  it('signs in with a recovery code, once', async () => {
    const { who: TINA, recoveryCodes } = await enrolled();
    await page.goto(`${baseUrl}/#/login`);
    await fillLogin(page, TINA.username, TINA.password);
    const step = page.getByTestId('totp-step');
    await step.getByRole('button', { name: '使用恢复码' }).click();
    await step.getByText('请输入一个未使用过的恢复码').waitFor();
    await step.getByPlaceholder('恢复码').fill(recoveryCodes[0] ?? '');
    await shot(page, 'totp-05-recovery-step');
    await step.getByRole('button', { name: /^验\s*证$/ }).click();
    await page.waitForURL(/#\/index/);

    await page.goto(`${baseUrl}/#/member/profile`);
    await page.getByRole('tab', { name: '两步验证' }).click();
    await expect
      .poll(() => page.getByTestId('totp-panel').locator('.ant-descriptions').textContent())
      .toContain('9');

    // The same recovery code a second time is refused.
    await signOut(page);
    await fillLogin(page, TINA.username, TINA.password);
    await step.getByRole('button', { name: '使用恢复码' }).click();
    await step.getByPlaceholder('恢复码').fill(recoveryCodes[0] ?? '');
    await step.getByRole('button', { name: /^验\s*证$/ }).click();
    await page.locator('.ant-message').getByText('验证码不正确或已使用过').waitFor();
    expect(page.url()).toMatch(/#\/login/);
    await step.getByRole('button', { name: '返回重新输入密码' }).click();
    await page.getByPlaceholder(/账号/).waitFor();
  });

  it('is reset by an administrator from the user list; then the password alone signs in', async () => {
    const { who: TINA } = await enrolled();
    const admin = await browser.newPage({ viewport: { width: 992, height: 820 } });
    admin.setDefaultTimeout(WAIT_MS);
    await signIn(admin, ADMIN);
    await admin.goto(`${baseUrl}/#/system/user?userName=${TINA.username}`);
    const row = admin.locator('.ant-table-row').filter({ hasText: TINA.username });
    await row.locator('.ant-tag').getByText('两步验证', { exact: true }).waitFor();
    await row.getByRole('button', { name: '重置两步验证' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByText(`确定关闭成员 [${TINA.username}] 的两步验证吗`)
      .waitFor();
    // A trial click waits for the dialog to finish appearing, for the picture.
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click({ trial: true });
    await shot(admin, 'totp-06-admin-reset');
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await admin.locator('.ant-message').getByText(`已关闭成员 [${TINA.username}] 的两步验证`).waitFor();
    await expect.poll(() => row.getByRole('button', { name: '重置两步验证' }).count()).toBe(0);
    await admin.close();

    const token = await apiLogin(TINA.username, TINA.password);
    expect(token).toBeTruthy();
    const status = (await api(token, 'GET', '/system/user/profile/totp')).data as { enabled: boolean };
    expect(status.enabled).toBe(false);
  });
});
