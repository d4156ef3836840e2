import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const TEAM = 'Falcon Team';
const SECOND_TEAM = 'Heron Team';
const PROJECT = 'Falcon Web';
const MEMBER = { nickName: 'Mia Tester', userName: 'mia', password: 'mia-pass1', phone: '13800138000' };
let browser: Browser;
let page: Page;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 16×16 PNG of one colour, so the upload passes the server's image checks. */
function solidPng(r: number, g: number, b: number): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pages fade in and toasts fly out: wait for both so the screenshot shows the page as it settles. */
async function capture(target: Page, name: string) {
  await target.waitForLoadState('networkidle');
  await target.waitForTimeout(600);
  await shot(target, name);
}

async function createTeam(target: Page, name: string, colour: [number, number, number]) {
  await target.getByTestId('team-selector').click();
  await target.locator('.ant-popover').getByRole('button', { name: '创建团队' }).click();
  await target.waitForURL(/#\/system\/team\/add-member/);
  const form = target.locator('form#team-create');
  await form.locator('#team-create_teamName').fill(name);
  await form.locator('input[type=file]').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: solidPng(...colour),
  });
  await expect.poll(() => form.locator('.ant-upload img').count()).toBe(1);
  await form.locator('#team-create_introduce').fill(`${name} builds things.`);
  await form.getByRole('button', { name: '创建团队' }).click();
  await target.waitForURL(/#\/team\/project-list/);
  await expect.poll(() => target.getByTestId('team-selector').textContent()).toContain(name);
}

async function pickOption(target: Page, selectId: string, label: string) {
  await target.locator(`#${selectId}`).click();
  await target.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).click();
  // Clicking the dialog title closes the dropdown; Escape could close the dialog itself.
  await target.getByRole('dialog').locator('.ant-modal-title').click();
}

beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  page.setDefaultTimeout(WAIT_MS);
});
afterAll(async () => browser.close());

describe('teams and projects', () => {
  it('lets the administrator create a first team with an uploaded icon', async () => {
    await signIn(page, { userName: 'admin', password: 'cat2bug' });
    await expect.poll(() => page.getByTestId('team-selector').textContent()).toContain('创建团队');
    await createTeam(page, TEAM, [64, 120, 255]);
    await expect.poll(() => page.getByTestId('team-selector').locator('img').count()).toBe(1);
    await capture(page, 'tp-01-first-team-project-list');
  });

  it('creates a member account in the team', async () => {
    await page.locator('.ant-menu').getByText('团队设置').click();
    await page.waitForURL(/#\/team-options\/team-option/);
    await capture(page, 'tp-02-team-option');
    await page.getByRole('button', { name: '成员管理' }).click();
    await page.waitForURL(/#\/team-options\/team-member/);
    await page.getByRole('button', { name: '创建成员' }).click();
    const dialog = page.getByRole('dialog');
    // The platform's initial password is not the team administrator's to read: nothing pre-filled.
    await dialog.locator('#team-member-create_nickName').waitFor();
    expect(await dialog.locator('#team-member-create_password').inputValue()).toBe('');
    await dialog.locator('#team-member-create_nickName').fill(MEMBER.nickName);
    await dialog.locator('#team-member-create_userName').fill(MEMBER.userName);
    await dialog.locator('#team-member-create_password').fill(MEMBER.password);
    await dialog.locator('#team-member-create_phoneNumber').fill(MEMBER.phone);
    await dialog.locator('#team-member-create_email').fill('mia@example.com');
    await pickOption(page, 'team-member-create_roleIds', '团队普通人员');
    await capture(page, 'tp-03-create-member-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: MEMBER.nickName }).count())
      .toBe(1);
    await capture(page, 'tp-04-team-members');
  });

  it('creates a project with the member as developer and opens it', async () => {
    await page.locator('.ant-menu').getByText('项目', { exact: true }).click();
    await page.waitForURL(/#\/team\/project-list/);
    await page.getByRole('button', { name: '创建项目' }).click();
    await page.waitForURL(/#\/system\/project\/add-project/);
    await page.locator('#project-create_projectName').fill(PROJECT);
    await page.locator('#project-create_projectIntroduce').fill('The public web site');
    await page.getByRole('button', { name: '更换封面' }).click();
    await page.getByRole('button', { name: 'project-icon-3' }).click();
    await page.getByRole('button', { name: '添加成员' }).click();
    await page.getByTestId('member-pick').filter({ hasText: MEMBER.nickName }).click();
    const chosen = page.locator('.ant-table-row').filter({ hasText: MEMBER.nickName });
    await expect.poll(() => chosen.textContent()).toContain('项目开发');
    await page.getByRole('button', { name: '添加成员' }).click();
    await capture(page, 'tp-05-create-project');
    await page.getByRole('button', { name: '完成' }).click();
    await page.waitForURL(/#\/team\/project-list/);
    const row = page.locator('.ant-table-row').filter({ hasText: PROJECT });
    await expect.poll(() => row.count()).toBe(1);
    await capture(page, 'tp-06-project-list');
    await row.getByText(PROJECT).click();
    // Opening a project lands on its defects; its settings show it as the current project.
    await page.waitForURL(/#\/project\/defect/);
    await page.goto(`${baseUrl}/#/project/option`);
    await expect.poll(() => page.getByTestId('project-switcher').textContent()).toContain(PROJECT);
    await capture(page, 'tp-07-project-option');
  });

  it('shows every new page at 900 px in Chinese', async () => {
    await page.setViewportSize({ width: 900, height: 800 });
    const pages = [
      ['team/project-list', 'project-list'],
      ['system/project/add-project', 'project-create'],
      ['project/option', 'project-option'],
      ['project/project-base-info', 'project-base-info'],
      ['project/project-member', 'project-members'],
      ['team-options/team-option', 'team-option'],
      ['team-options/team-base-info', 'team-base-info'],
      ['team-options/team-member', 'team-members'],
      ['system/team/add-member', 'team-create'],
    ];
    for (const [path, name] of pages) {
      await page.goto(`${baseUrl}/#/${path}`);
      await page.locator('.ant-card').first().waitFor();
      await capture(page, `tp-900-${name}`);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('shows the member only their team and their project', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const member = await context.newPage();
    member.setDefaultTimeout(WAIT_MS);
    await signIn(member, MEMBER);
    // The team administrator chose the password: the member sets their own before anything else.
    await member.getByText('请设置您自己的密码').waitFor();
    await capture(member, 'tp-075-member-sets-own-password');
    await member.locator('#required-password_oldPassword').fill(MEMBER.password);
    await member.locator('#required-password_newPassword').fill('mia-own-pass2');
    await member.locator('#required-password_confirmPassword').fill('mia-own-pass2');
    await member.getByRole('button', { name: '修改密码' }).click();
    await member.getByTestId('team-selector').click();
    const options = member.getByTestId('team-option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.first().textContent()).toContain(TEAM);
    await capture(member, 'tp-08-member-team-selector');
    await options.first().click();
    // Picking the team that is already current changes nothing, so go to the list in any case.
    if (!member.url().includes('/team/project-list')) await member.goto(`${baseUrl}/#/team/project-list`);
    await member.getByRole('tab', { name: '我参与的' }).click();
    const rows = member.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(PROJECT);
    await capture(member, 'tp-09-member-participated');
    await context.close();
  });

  it('switches the administrator to a new team, which resets the project', async () => {
    await page.goto(`${baseUrl}/#/team/project-list`);
    await expect.poll(() => page.locator('.ant-menu').getByText('项目设置').count()).toBeGreaterThan(0);
    await createTeam(page, SECOND_TEAM, [240, 140, 40]);
    await page.getByTestId('team-selector').click();
    await expect.poll(() => page.getByTestId('team-option').count()).toBe(2);
    await capture(page, 'tp-10-team-selector-two-teams');
    await page.getByTestId('team-selector').click();
    await page.locator('.ant-popover').waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: '全部项目' }).click();
    await expect.poll(() => page.locator('.ant-table .ant-empty').count()).toBe(1);
    expect(await page.locator('.ant-menu').getByText('项目设置').count()).toBe(0);
    const config = await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.replace(/(?:^|.*;\s*)Admin-Token=([^;]*).*$/, '$1'));
      const res = await fetch('/prod-api/getInfo', { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { config: { currentProjectId: number | null } }).config;
    });
    expect(config.currentProjectId ?? 0).toBe(0);
    await capture(page, 'tp-11-second-team-empty');
  });

  it('switches back through the selector and lands on the first team list', async () => {
    await page.getByTestId('team-selector').click();
    await page.getByTestId('team-option').filter({ hasText: TEAM }).click();
    await expect.poll(() => page.getByTestId('team-selector').textContent()).toContain(TEAM);
    await page.waitForURL(/#\/team\/project-list/);
    await page.getByRole('tab', { name: '全部项目' }).click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: PROJECT }).count()).toBe(1);
    await capture(page, 'tp-12-back-to-first-team');
  });
});
