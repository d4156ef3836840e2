import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type TeamScene } from '../api.ts';
import { launch, settledShot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, addTeamProject, seedTeamProject } = apiClient(baseUrl);
const TESTER = {
  nickName: 'Tess Tester',
  userName: 'tess',
  password: 'tess-pass1',
  phoneNumber: '13900139001',
};
const DEVELOPER = {
  nickName: 'Dev Dana',
  userName: 'dana',
  password: 'dana-pass1',
  phoneNumber: '13900139002',
};
const LEAD = { username: 'lena', password: 'lena-pass1', phoneNumber: '13900139000', nickName: 'Lena Lead' };
const TITLE = 'Checkout button does nothing';
const SHARE_PASSWORD = '2468';

let browser: Browser;
const contexts: BrowserContext[] = [];
/** The team's people, shared by the tests; each test works in a project of its own. */
let team: TeamScene;
/** The test's own project. */
const scene = { projectId: 0, projectName: '' };
let projects = 0;
/** One signed-in page per person, kept between tests (the data each test uses is its own). */
const pages = new Map<string, Page>();

/**
 * A project of the test's own in the team (the tester and the developer its members, and their
 * current one), so that its list holds only what the test puts there.
 */
async function ownProject(): Promise<void> {
  // The last test's pages are gone first: live, they would hear of the new project and act on it.
  for (const page of pages.values()) await page.goto('about:blank');
  projects += 1;
  scene.projectName = `Owl Shop ${projects}`;
  scene.projectId = await addTeamProject(team, scene.projectName);
}

type Step = 'repair' | 'reject' | 'pass' | 'open';
const REJECT_REASON = 'Still fails on Safari';
const REOPEN_REASON = 'start reopens it';

/**
 * The tester's bug for the developer, through the API, taken through the given workflow steps
 * (the developer repairs it for the tester; the tester rejects, passes or reopens it).
 */
async function reportedBug(steps: Step[] = []): Promise<number> {
  const created = await api(team.tester, 'POST', '/system/defect', {
    projectId: scene.projectId,
    defectType: 'BUG',
    defectName: TITLE,
    defectDescribe: '## Steps\n1. Add an item\n2. Click **Checkout**\n\n<script>alert(1)</script>',
    defectLevel: 'middle',
    handleBy: [team.developerId],
  });
  const defectId = (created.data as { defectId: number }).defectId;
  const bodies: Record<Step, [string, object]> = {
    repair: [team.developer, { receiveBy: [team.testerId] }],
    reject: [team.tester, { defectLogDescribe: REJECT_REASON }],
    pass: [team.tester, {}],
    open: [team.tester, { defectLogDescribe: REOPEN_REASON }],
  };
  for (const step of steps) {
    const [token, body] = bodies[step];
    await api(token, 'POST', `/system/defect/${defectId}/${step}`, body);
  }
  return defectId;
}

/** The person's page (signed in once), loaded afresh on the current project's defect list. */
async function openAs(person: { userName: string; password: string }): Promise<Page> {
  let page = pages.get(person.userName);
  if (!page) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    contexts.push(context);
    page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    await signIn(page, person);
    pages.set(person.userName, page);
  }
  await page.goto('about:blank');
  await page.goto(`${baseUrl}/#/project/defect`);
  await page.locator('.ant-table').waitFor();
  return page;
}

const capture = (page: Page, name: string) => settledShot(page, name);

const drawer = (page: Page) => page.locator('.defect-view-drawer');

async function openDefect(page: Page) {
  await page.reload();
  await page.locator('.ant-table-row').filter({ hasText: TITLE }).getByText(TITLE).click();
  await drawer(page).getByText(TITLE).first().waitFor();
}

/** Clicks a workflow button in the drawer, fills its dialog and waits for the new state. */
async function act(
  page: Page,
  button: RegExp,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  state: string,
) {
  await drawer(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('form#defect-action') });
  await fill(dialog);
  // The server's answer is waited for (a loaded machine can take seconds), so the next step's
  // page reload never cuts the action short, and a refusal says why.
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /\/system\/defect\/\d+\/(?!shard$)\w+$/.test(new URL(r.url()).pathname),
    { timeout: WAIT_MS },
  );
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const answer = (await (await answered).json()) as { code: number; msg?: string };
  expect(answer.code, answer.msg).toBe(200);
  await expect
    .poll(() => drawer(page).locator('.ant-drawer-title .ant-tag').last().textContent())
    .toBe(state);
}

async function pickMember(page: Page, selectId: string, name: string) {
  await page.locator(`#${selectId}`).click();
  await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
}

const SCREENSHOT_WIDTH = 160;

/**
 * Pastes a PNG into a text field the way a browser does: a real paste event whose clipboard holds
 * an image file (drawn on a canvas in the page), with the cursor at the end of the text.
 */
async function pasteScreenshot(page: Page, selector: string) {
  await page.evaluate(
    async ({ selector, width }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = 90;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#fde2e1';
      g.fillRect(0, 0, width, 90);
      g.fillStyle = '#c0392b';
      g.font = '16px sans-serif';
      g.fillText('Checkout: 500', 12, 50);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('canvas gave no PNG');
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([blob], 'screenshot.png', { type: 'image/png' }));
      const field = document.querySelector(selector) as HTMLTextAreaElement;
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    },
    { selector, width: SCREENSHOT_WIDTH },
  );
}

/** The natural width of a loaded image, 0 while it is loading or when it failed. */
const loadedWidth = (img: ReturnType<Page['locator']>) =>
  img.evaluate((el) => {
    const image = el as HTMLImageElement;
    return image.complete ? image.naturalWidth : 0;
  });

beforeAll(async () => {
  browser = await launch();
  team = await seedTeamProject({
    lead: LEAD,
    tester: TESTER,
    developer: DEVELOPER,
    teamName: 'Owl Team',
    projectName: 'Owl Nest',
  });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('defect workflow', () => {
  it('lets the tester report a bug for the developer', async () => {
    await ownProject();
    const tester = await openAs(TESTER);
    await tester.getByRole('button', { name: '新建缺陷' }).click();
    const form = tester.locator('form#defect-form');
    await form.locator('#defect-form_defectName').fill(TITLE);
    await pickMember(tester, 'defect-form_handleBy', DEVELOPER.nickName);
    const description = form.locator('#defect-form_defectDescribe');
    await description.fill(
      '## Steps\n1. Add an item\n2. Click **Checkout**\n\n| Browser | Result |\n| --- | :-: |\n| Safari | fails |\n\n- [x] Reproduced\n- [ ] Fixed\n\n<script>alert(1)</script>\n\n',
    );
    await pasteScreenshot(tester, '#defect-form_defectDescribe');
    // The pasted image is uploaded and its Markdown inserted where the cursor was (the end).
    await expect.poll(() => description.inputValue()).toMatch(/!\[截图\]\(\/profile\/[^)]+\.png\)$/);
    await tester.locator('.ant-message').getByText('截图已添加').waitFor();
    await form.getByRole('tab', { name: '预览' }).click();
    await expect.poll(() => loadedWidth(form.locator('.markdown-view img'))).toBe(SCREENSHOT_WIDTH);
    await capture(tester, 'df-01-create-drawer');
    await tester
      .locator('.ant-drawer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await drawer(tester).getByText(TITLE).first().waitFor();
    expect(await drawer(tester).locator('.markdown-view script').count()).toBe(0);
    expect(await drawer(tester).locator('.markdown-view strong').textContent()).toBe('Checkout');
    // GitHub-flavoured Markdown: the table and the task list render as such.
    const view = drawer(tester).locator('.markdown-view');
    expect(await view.locator('table td.md-align-center').textContent()).toBe('fails');
    expect(await view.locator('input[type=checkbox]').count()).toBe(2);
    expect(await view.locator('input[type=checkbox]:checked').count()).toBe(1);
    // The saved defect shows the screenshot, loaded from the server.
    await expect.poll(() => loadedWidth(drawer(tester).locator('.markdown-view img'))).toBe(SCREENSHOT_WIDTH);
    await capture(tester, 'df-02-view-new-defect');
  });

  it('lets the developer mark it fixed for the tester to review', async () => {
    await ownProject();
    await reportedBug();
    const developer = await openAs(DEVELOPER);
    await capture(developer, 'df-03-developer-list');
    await openDefect(developer);
    await act(
      developer,
      /提交修复/,
      () => pickMember(developer, 'defect-action_receiveBy', TESTER.nickName),
      '待审核',
    );
  });

  it('lets the tester send it back with a reason, and the developer fix it again', async () => {
    await ownProject();
    await reportedBug(['repair']);
    const tester = await openAs(TESTER);
    await openDefect(tester);
    await act(
      tester,
      /驳\s*回/,
      (d) => d.locator('#defect-action_defectLogDescribe').fill(REJECT_REASON),
      '已驳回',
    );
    await capture(tester, 'df-04-rejected');
    const developer = await openAs(DEVELOPER);
    await openDefect(developer);
    await act(
      developer,
      /提交修复/,
      () => pickMember(developer, 'defect-action_receiveBy', TESTER.nickName),
      '待审核',
    );
  });

  it('lets the tester approve, which closes it, and lists every step', async () => {
    await ownProject();
    await reportedBug(['repair', 'reject', 'repair']);
    const tester = await openAs(TESTER);
    await openDefect(tester);
    await act(tester, /审核通过/, async () => {}, '已关闭');
    const types = () =>
      drawer(tester)
        .getByTestId('defect-log')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-log-type')));
    await expect.poll(types).toEqual(['PASS', 'REPAIR', 'REJECTED', 'REPAIR', 'CREATE']);
    await expect.poll(() => drawer(tester).getByText(REJECT_REASON).count()).toBe(1);
    // A comment: its counter sits beside the Send button, not over it.
    await drawer(tester).getByTestId('defect-log').first().getByText('评论', { exact: true }).click();
    const box = drawer(tester).getByRole('textbox', { name: '评论' });
    await box.fill('Verified on Safari 18');
    const [counter, send] = [
      await drawer(tester).locator('.comment-box-count, .ant-input-data-count').boundingBox(),
      await drawer(tester)
        .getByRole('button', { name: /^发\s*送$/ })
        .boundingBox(),
    ];
    expect(counter && send).toBeTruthy();
    if (counter && send) {
      const isApart =
        counter.x + counter.width <= send.x ||
        send.x + send.width <= counter.x ||
        counter.y + counter.height <= send.y ||
        send.y + send.height <= counter.y;
      expect(isApart).toBe(true);
    }
    expect(await drawer(tester).locator('.comment-box-count, .ant-input-data-count').textContent()).toBe(
      '21 / 1024',
    );
    await drawer(tester)
      .getByRole('button', { name: /^发\s*送$/ })
      .click();
    await expect.poll(() => drawer(tester).getByText('Verified on Safari 18').count()).toBe(1);
    await capture(tester, 'df-05-closed-timeline');
    await tester.keyboard.press('Escape');
    const row = tester.locator('.ant-table-row').filter({ hasText: TITLE });
    await expect.poll(() => row.textContent()).toContain('已关闭');
    await capture(tester, 'df-06-list-closed');
  });

  it('lets the tester reopen it with a reason and share it with a password', async () => {
    await ownProject();
    await reportedBug(['repair', 'reject', 'repair', 'pass']);
    const tester = await openAs(TESTER);
    await openDefect(tester);
    await act(
      tester,
      /重新打开/,
      (d) => d.locator('#defect-action_defectLogDescribe').fill(REOPEN_REASON),
      '待处理',
    );
    await expect
      .poll(() => drawer(tester).getByTestId('defect-log').first().getAttribute('data-log-type'))
      .toBe('OPEN');
    await drawer(tester)
      .getByRole('button', { name: /分\s*享/ })
      .click();
    const dialog = tester.getByRole('dialog').filter({ has: tester.locator('form#defect-share') });
    await pickMember(tester, 'defect-share_agingHour', '1 天');
    await dialog.locator('#defect-share_password').fill(SHARE_PASSWORD);
    await dialog.getByRole('button', { name: '生成链接' }).click();
    const shareLink = await dialog.getByTestId('share-url').inputValue();
    expect(shareLink).toMatch(/#\/shard\/defect\?id=[0-9a-f]{32}$/);
    await expect.poll(() => dialog.getByTestId('share-result').textContent()).toContain('密码：已设置');
    expect(await dialog.locator('svg title').textContent()).toBe('分享链接二维码');
    await capture(tester, 'df-07-share-dialog');
  });

  it('shows the shared defect to a visitor without a login, after the right password', async () => {
    await ownProject();
    const defectId = await reportedBug(['repair', 'reject', 'repair', 'pass', 'open']);
    const share = await api(team.tester, 'POST', `/system/defect/${defectId}/shard`, {
      agingHour: 24,
      password: SHARE_PASSWORD,
    });
    const shareLink = `${baseUrl}/#/shard/defect?id=${(share.data as { defectShardId: string }).defectShardId}`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(WAIT_MS);
    await visitor.goto(shareLink);
    const form = visitor.locator('form#shard-password');
    await form.getByText('请输入分享密码').waitFor();
    await capture(visitor, 'df-08-share-asks-password');
    await form.locator('#shard-password_password').fill('1111');
    await form.getByRole('button', { name: /验\s*证/ }).click();
    await form.getByText('分享密码错误').waitFor();
    expect(await visitor.getByTestId('shared-title').count()).toBe(0);
    await capture(visitor, 'df-09-share-wrong-password');
    await form.locator('#shard-password_password').fill(SHARE_PASSWORD);
    await form.getByRole('button', { name: /验\s*证/ }).click();
    await visitor.getByTestId('shared-title').getByText(TITLE).waitFor();
    const types = () =>
      visitor
        .getByTestId('shared-log')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-log-type')));
    await expect.poll(types).toEqual(['OPEN', 'PASS', 'REPAIR', 'REJECTED', 'REPAIR', 'CREATE']);
    expect(await visitor.getByText(REOPEN_REASON).count()).toBe(1);
    expect(await visitor.locator('.markdown-view script').count()).toBe(0);
    await capture(visitor, 'df-10-shared-defect-mobile');
    // The password is remembered for this link, so a reload goes straight to the defect.
    await visitor.reload();
    await visitor.getByTestId('shared-title').getByText(TITLE).waitFor();
    expect(await visitor.locator('form#shard-password').count()).toBe(0);
  });
});

describe('defect list views', () => {
  const TASK_TITLE = 'Write release notes for 2.0';

  it('closes and deletes ticked defects in one go, naming the one refused, and restores them from the recycle bin, whose history names what an edit changed', async () => {
    await ownProject();
    const defectId = await reportedBug();
    // Fixed and approved: closed already, so a bulk close refuses it.
    await reportedBug(['repair', 'pass']);
    const page = await openAs(TESTER);
    const rows = page.locator('.ant-table-row').filter({ hasText: TITLE });
    await expect.poll(() => rows.count()).toBe(2);
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    const tickAll = () => page.locator('.ant-table-thead .ant-checkbox-input').check();
    await tickAll();
    await bar.getByText('已选 2 个').waitFor();
    await bar.getByRole('button', { name: /^关\s*闭$/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '关闭 2 个缺陷' });
    await ask.locator('textarea').fill('Superseded by the new checkout');
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    const result = page.getByRole('dialog').filter({ hasText: '部分缺陷未修改' });
    await result.getByText('1 个已修改，1 个被拒绝').waitFor();
    await result.getByText('缺陷处于「已关闭」状态，不能关闭').waitFor();
    expect(await result.getByText('#2').count()).toBe(1);
    await capture(page, 'df-bulk-refused');
    await result.getByRole('button', { name: /确\s*定/ }).click();

    // Both deleted together, then both back from the bin together.
    await tickAll();
    await bar.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '删除选中的 2 个缺陷？' })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByRole('button', { name: '回收站' }).click();
    const bin = page.getByTestId('defect-bin');
    await expect.poll(() => bin.getByText(TITLE).count()).toBe(2);
    await capture(page, 'df-bin');
    await bin.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: '恢复选中的 2 个' }).click();
    await bin.getByText('回收站是空的').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(2);
    // An edit's entry in its history names the field changed, before and after.
    expect((await api(team.tester, 'PUT', '/system/defect', { defectId, defectLevel: 'urgent' })).code).toBe(
      200,
    );
    await page.reload();
    await rows.filter({ hasText: '#1' }).getByText(TITLE).click();
    await drawer(page).getByTestId('defect-field-changes').getByText('级别：中 → 紧急').waitFor();
    await drawer(page).getByText('从回收站恢复了缺陷').waitFor();
    await capture(page, 'df-field-changes');
  });

  // Many steps, each a round trip: a loaded machine needs more than the default minute.
  it('saves a filter as a tab, switches tabs, hides a column and shows the calendar', {
    timeout: 120_000,
  }, async () => {
    await ownProject();
    await reportedBug();
    const today = new Date().toISOString().slice(0, 10);
    await api(team.tester, 'POST', '/system/defect', {
      projectId: scene.projectId,
      defectType: 'TASK',
      defectName: TASK_TITLE,
      defectDescribe: 'Summarise the changes',
      defectLevel: 'low',
      handleBy: [team.developerId],
      planStartTime: `${today} 09:00:00`,
      planEndTime: `${today} 18:00:00`,
    });
    const page = await openAs(TESTER);
    const rows = page.locator('.ant-table-row');
    // This project's list, not the one the page showed before (whose two defects count 2 as well).
    await rows.filter({ hasText: TASK_TITLE }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    // The server gives every member a "My" tab; "All" comes first and is active.
    expect(await tab('我的').count()).toBe(1);
    expect(await tab('全部').getAttribute('aria-selected')).toBe('true');

    // Filter by type and save that as a tab; the form refuses an empty name.
    await page.getByRole('combobox', { name: '类型' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('缺陷', { exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: '保存为标签' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('form#defect-tab') });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('标签名称不能为空').waitFor();
    await dialog.locator('#defect-tab_tabName').fill('Only bugs');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => tab('Only bugs').getAttribute('aria-selected')).toBe('true');
    expect(page.url()).toMatch(/tab=\d+/);

    // "All" drops the filter; the saved tab brings it back, and it survives a reload.
    await tab('全部').click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(page.url()).not.toContain('type=');
    await page.reload();
    await tab('Only bugs').click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(TITLE);
    expect(page.url()).toContain('type=BUG');
    await capture(page, 'df-11-saved-tab');

    // Hide the version column; the choice is kept across a reload.
    const headers = () => page.locator('.ant-table-thead th').allTextContents();
    expect(await headers()).toContain('版本');
    await page.getByRole('button', { name: '显示字段' }).click();
    await page.getByTestId('column-chooser').getByText('版本', { exact: true }).click();
    await expect.poll(headers).not.toContain('版本');
    await page.reload();
    await rows.first().waitFor();
    expect(await headers()).not.toContain('版本');
    expect(await headers()).toContain('标题');

    // The calendar shows this month with the tab's filter: the bug on its update day, not the task.
    await tab('全部').click();
    await page.locator('.ant-segmented').getByText('日历', { exact: true }).click();
    const pills = page.getByTestId('calendar-defect');
    await expect.poll(() => pills.count()).toBe(2);
    expect(page.url()).toContain('view=calendar');
    const todayCell = page.locator(`[data-day="${today}"]`);
    expect(await todayCell.getByTestId('calendar-defect').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(TASK_TITLE), expect.stringContaining(TITLE)]),
    );
    await capture(page, 'df-12-calendar');
    await tab('Only bugs').click();
    await expect.poll(() => pills.count()).toBe(1);
    await pills.first().click();
    await drawer(page).getByText(TITLE).first().waitFor();
  });

  it('finds defects and the project from the header search, by words or #number', async () => {
    await ownProject();
    await reportedBug();
    const page = await openAs(DEVELOPER);
    await page.goto(`${baseUrl}/#/index`);
    const search = page.getByTestId('header-search');
    const options = page.locator('.ant-select-dropdown:visible');
    // Words of the title: the defect, under its group, opens in its page's drawer.
    await search.click();
    await page.keyboard.type('Checkout button');
    await options.getByText('当前项目的缺陷').waitFor();
    await capture(page, 'df-13-header-search');
    await options.getByText(`#1 ${TITLE}`).click();
    await page.waitForURL(/#\/project\/defect/);
    await drawer(page).getByText(TITLE).first().waitFor();
    await page.keyboard.press('Escape');
    // Its number, and the project by name.
    await search.click();
    await page.keyboard.type('#1');
    await options.getByText(`#1 ${TITLE}`).waitFor();
    await page.keyboard.press('Escape');
    await search.click();
    await page.keyboard.type('Owl');
    await options.getByText('项目', { exact: true }).waitFor();
    await options.getByText(scene.projectName, { exact: true }).waitFor();
  });
});
