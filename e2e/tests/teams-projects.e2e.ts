import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Lead, newPerson, ROLE } from '../api.ts';
import { launch, settledShot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, createTeam: createTeamApi, createMember } = apiClient(baseUrl);
const TEAM = 'Falcon Team';
const SECOND_TEAM = 'Heron Team';
const PROJECT = 'Falcon Web';
let browser: Browser;

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
const capture = (target: Page, name: string) => settledShot(target, name, 600);

async function createTeamInPage(target: Page, name: string, colour: [number, number, number]) {
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
});
afterAll(async () => browser.close());

/** A page of its own (no cookie, viewport or tab left by another test), signed in as `who`. */
async function pageOf(who: Lead, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, who);
  return page;
}

/** Someone who registered on their own, with no team yet; their API token and team names of their own. */
async function registered(name: string): Promise<{ who: Lead; token: string; team: string; second: string }> {
  const who = newPerson(name);
  await api('', 'POST', '/register', { ...who, confirmPassword: who.password });
  // Team names are unique on the server: each test's own.
  const tag = who.username.replace(/\D/g, '');
  return {
    who,
    token: await apiLogin(who.username, who.password),
    team: `${TEAM} ${tag}`,
    second: `${SECOND_TEAM} ${tag}`,
  };
}

/** A team of the lead's own, made their current one (as creating it on its page does). */
async function currentTeam(token: string, name: string): Promise<number> {
  const teamId = await createTeamApi(token, name);
  await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId });
  return teamId;
}

const createProject = async (token: string, teamId: number, projectName: string, members: unknown[] = []) =>
  (
    (await api(token, 'POST', '/system/project', { teamId, projectName, members })).data as {
      projectId: number;
    }
  ).projectId;

/**
 * What is wrong with the page as shown at its width in Chinese: a language other than Chinese on
 * the document, a sideways scroll, a card reaching past the window, or a label, title, column
 * header or button that shows no Chinese (English left over, or an i18n key).
 */
async function narrowChineseProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.lang !== 'zh-CN')
      found.push(`the document is in "${document.documentElement.lang}"`);
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide in ${width})`);
    for (const card of Array.from(document.querySelectorAll('.ant-card'))) {
      const box = card.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1) found.push(`a card reaches ${Math.round(box.right)} px`);
    }
    const words =
      '.ant-form-item-label label, .ant-card-head-title, .ant-table-thead th, .ant-menu-title-content, button';
    for (const el of Array.from(document.querySelectorAll(words))) {
      const text = (el.textContent ?? '').trim();
      const box = el.getBoundingClientRect();
      if (!text || box.width === 0 || /[\u4e00-\u9fff]/.test(text)) continue;
      // Names people gave (a team, a project) and figures are not the interface's words.
      if (/Falcon|Heron|^[\d\s/.:-]+$/.test(text)) continue;
      found.push(`"${text}" is not in Chinese`);
    }
    return found;
  });
}

describe('teams and projects', () => {
  it('lets someone with no team create a first team with an uploaded icon', async () => {
    const { who, team } = await registered('Tara Lead');
    const page = await pageOf(who);
    await expect.poll(() => page.getByTestId('team-selector').textContent()).toContain('创建团队');
    await createTeamInPage(page, team, [64, 120, 255]);
    await expect.poll(() => page.getByTestId('team-selector').locator('img').count()).toBe(1);
    await capture(page, 'tp-01-first-team-project-list');
    await page.context().close();
  });

  it('creates a member account in the team', async () => {
    const { who, token, team } = await registered('Tom Lead');
    await currentTeam(token, team);
    const page = await pageOf(who);
    const member = newPerson('Mia Tester');
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
    await dialog.locator('#team-member-create_nickName').fill(member.nickName);
    await dialog.locator('#team-member-create_userName').fill(member.userName);
    await dialog.locator('#team-member-create_password').fill(member.password);
    await dialog.locator('#team-member-create_phoneNumber').fill(member.phoneNumber);
    await dialog.locator('#team-member-create_email').fill(`${member.userName}@example.com`);
    await pickOption(page, 'team-member-create_roleIds', '团队普通人员');
    await capture(page, 'tp-03-create-member-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: member.nickName }).count())
      .toBe(1);
    await capture(page, 'tp-04-team-members');
    // The account is real: the member signs in with the password the lead gave.
    expect(await apiLogin(member.userName, member.password)).not.toBe('');
    await page.context().close();
  });

  it('creates a project with a member as developer and opens it', async () => {
    const { who, token, team } = await registered('Ted Lead');
    const teamId = await currentTeam(token, team);
    const member = newPerson('Max Dev');
    await createMember(token, teamId, member);
    const page = await pageOf(who);
    await page.goto(`${baseUrl}/#/team/project-list`);
    await page.getByRole('button', { name: '创建项目' }).click();
    await page.waitForURL(/#\/system\/project\/add-project/);
    await page.locator('#project-create_projectName').fill(PROJECT);
    await page.locator('#project-create_projectIntroduce').fill('The public web site');
    await page.getByRole('button', { name: '更换封面' }).click();
    await page.getByRole('button', { name: 'project-icon-3' }).click();
    await page.getByRole('button', { name: '添加成员' }).click();
    await page.getByTestId('member-pick').filter({ hasText: member.nickName }).click();
    const chosen = page.locator('.ant-table-row').filter({ hasText: member.nickName });
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
    await page.context().close();
  });

  it('shows every new page at 900 px in Chinese: no sideways scroll, no word left in English', async () => {
    const { who, token, team } = await registered('Tess Lead');
    const teamId = await createTeamApi(token, team);
    const member = newPerson('Mo Dev');
    const memberId = await createMember(token, teamId, member);
    const projectId = await createProject(token, teamId, PROJECT, [
      { userId: memberId, roleIds: [ROLE.developer] },
    ]);
    await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
    const page = await pageOf(who, 900);
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
    const problems: string[] = [];
    for (const [path, name] of pages) {
      await page.goto(`${baseUrl}/#/${path}`);
      await page.locator('.ant-card').first().waitFor();
      await capture(page, `tp-900-${name}`);
      for (const problem of await narrowChineseProblems(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems.join('\n')).toBe('');
    await page.context().close();
  });

  it('shows a member only their team and their project', async () => {
    const { token, team, second } = await registered('Tia Lead');
    const teamId = await createTeamApi(token, team);
    await createTeamApi(token, second);
    const member = newPerson('Mia Tester');
    const memberId = await createMember(token, teamId, member);
    await createProject(token, teamId, PROJECT, [{ userId: memberId, roleIds: [ROLE.tester] }]);
    await createProject(token, teamId, 'Falcon Admin');
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    await signIn(page, member);
    // The team administrator chose the password: the member sets their own before anything else.
    await page.getByText('请设置您自己的密码').waitFor();
    await capture(page, 'tp-075-member-sets-own-password');
    await page.locator('#required-password_oldPassword').fill(member.password);
    await page.locator('#required-password_newPassword').fill(`own-${member.password}`);
    await page.locator('#required-password_confirmPassword').fill(`own-${member.password}`);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByTestId('team-selector').click();
    const options = page.getByTestId('team-option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.first().textContent()).toContain(team);
    await capture(page, 'tp-08-member-team-selector');
    await options.first().click();
    // Picking the team that is already current changes nothing, so go to the list in any case.
    if (!page.url().includes('/team/project-list')) await page.goto(`${baseUrl}/#/team/project-list`);
    await page.getByRole('tab', { name: '我参与的' }).click();
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(PROJECT);
    await capture(page, 'tp-09-member-participated');
    await context.close();
  });

  it('switches the lead to a new team, which resets the project', async () => {
    const { who, token, team, second } = await registered('Tao Lead');
    const teamId = await createTeamApi(token, team);
    const projectId = await createProject(token, teamId, PROJECT);
    await api(token, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
    const page = await pageOf(who);
    await page.goto(`${baseUrl}/#/team/project-list`);
    await expect.poll(() => page.locator('.ant-menu').getByText('项目设置').count()).toBeGreaterThan(0);
    await createTeamInPage(page, second, [240, 140, 40]);
    await page.getByTestId('team-selector').click();
    await expect.poll(() => page.getByTestId('team-option').count()).toBe(2);
    await capture(page, 'tp-10-team-selector-two-teams');
    await page.getByTestId('team-selector').click();
    await page.locator('.ant-popover').waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: '全部项目' }).click();
    await expect.poll(() => page.locator('.ant-table .ant-empty').count()).toBe(1);
    expect(await page.locator('.ant-menu').getByText('项目设置').count()).toBe(0);
    const info = (await api(token, 'GET', '/getInfo')) as { config?: { currentProjectId: number | null } };
    expect(info.config?.currentProjectId ?? 0).toBe(0);
    await capture(page, 'tp-11-second-team-empty');
    await page.context().close();
  });

  it('switches back through the selector and lands on the first team list', async () => {
    const { who, token, team, second } = await registered('Toby Lead');
    const teamId = await createTeamApi(token, team);
    await createProject(token, teamId, PROJECT);
    const secondId = await createTeamApi(token, second);
    await api(token, 'PUT', '/system/user-config', { currentTeamId: secondId, currentProjectId: 0 });
    const page = await pageOf(who);
    await expect.poll(() => page.getByTestId('team-selector').textContent()).toContain(second);
    await page.getByTestId('team-selector').click();
    await page.getByTestId('team-option').filter({ hasText: team }).click();
    await expect.poll(() => page.getByTestId('team-selector').textContent()).toContain(team);
    await page.waitForURL(/#\/team\/project-list/);
    await page.getByRole('tab', { name: '全部项目' }).click();
    await expect.poll(() => page.locator('.ant-table-row').filter({ hasText: PROJECT }).count()).toBe(1);
    await capture(page, 'tp-12-back-to-first-team');
    await page.context().close();
  });
});
