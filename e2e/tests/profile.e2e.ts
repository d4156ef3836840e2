import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, seedOwnProject } = apiClient(baseUrl);
const PRIA = {
  username: 'pria',
  password: 'pria-pass1',
  phoneNumber: '13900139880',
  nickName: 'Pria Profile',
};

let browser: Browser;
let page: Page;
let token = '';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

beforeAll(async () => {
  browser = await launch();
  ({ token } = await seedOwnProject(PRIA, { teamName: 'Profile Team', projectName: 'Profile Shop' }));
  page = await browser.newPage({ viewport: { width: 992, height: 820 } });
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, PRIA);
});
afterAll(async () => browser.close());

describe('the personal center', () => {
  it('crops, turns and zooms an avatar, which the header shows once submitted', async () => {
    await page.goto(`${baseUrl}/#/member/profile`);
    // A 400 × 300 picture, left half red and right half blue, drawn by the browser itself.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 300;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#d00';
      ctx.fillRect(0, 0, 200, 300);
      ctx.fillStyle = '#00d';
      ctx.fillRect(200, 0, 200, 300);
      return canvas.toDataURL('image/png');
    });
    const picture = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

    await page.getByTestId('profile-avatar').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改头像' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await dialog.locator('.reactEasyCrop_Container img').waitFor();
    await dialog.getByRole('button', { name: '放大' }).click();
    await dialog.getByRole('button', { name: '向右旋转' }).click();
    await expect
      .poll(() => dialog.getByTestId('avatar-preview').locator('img').getAttribute('src'))
      .toMatch(/^data:image\/png/);
    await shot(page, 'profile-01-crop');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    const info = (await api(token, 'GET', '/getInfo')) as { user?: { avatar: string } };
    const avatar = info.user?.avatar ?? '';
    expect(avatar).toMatch(/\.png$/);
    const stored = Buffer.from(await (await fetch(`${baseUrl}/prod-api${avatar}`)).arrayBuffer());
    expect(pngSize(stored)).toEqual({ width: 200, height: 200 });
    const header = page.locator('.ant-layout-header .ant-avatar img');
    await expect.poll(() => header.getAttribute('src')).toContain(avatar);
    await shot(page, 'profile-02-header-avatar');
  });

  it('lists the sign-ins and signs out everywhere else', async () => {
    const elsewhere = await apiLogin(PRIA.username, PRIA.password);
    await page.getByRole('tab', { name: '登录设备' }).click();
    const panel = page.getByTestId('own-sessions');
    // The API's own sign-in from beforeAll, the browser's and the one just made.
    await expect.poll(() => panel.locator('.ant-table-row').count()).toBe(3);
    expect(await panel.locator('.ant-table-row').filter({ hasText: '当前' }).count()).toBe(1);
    await panel.getByRole('button', { name: '退出其他所有设备' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => panel.locator('.ant-table-row').count()).toBe(1);
    await expect(api(elsewhere, 'GET', '/getInfo')).rejects.toThrow(/401/);
    await shot(page, 'profile-03-sessions');
  });

  it('keeps the language chosen here for the next browser', async () => {
    await page.locator('.ant-select').filter({ hasText: '简体中文' }).first().click();
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('tab', { name: 'Logged-in devices' }).waitFor();
    const fresh = await browser.newPage({ viewport: { width: 992, height: 820 } });
    fresh.setDefaultTimeout(WAIT_MS);
    await signIn(fresh, PRIA);
    await expect.poll(() => fresh.evaluate(() => document.documentElement.lang)).toBe('en');
    await fresh.goto(`${baseUrl}/#/member/profile`);
    await fresh.getByRole('tab', { name: 'Change password' }).waitFor();
    await shot(fresh, 'profile-04-english-elsewhere');
    await fresh.close();
  });
});
