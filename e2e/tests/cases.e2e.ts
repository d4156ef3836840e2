import type ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type TeamScene } from '../api.ts';
import { launch, shotsAtWidths, signIn, TAKES_SHOTS, WAIT_MS } from '../browser.ts';
import { downloadBy, headerColumns, readWorkbook, xlsxFile } from '../excel.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, addTeamProject, seedTeamProject } = apiClient(baseUrl);
const LEAD = { username: 'cora', password: 'cora-pass1', phoneNumber: '13900139600', nickName: 'Cora Lead' };
const TESTER = { nickName: 'Tia Tester', userName: 'tia', password: 'tia-pass1', phoneNumber: '13900139601' };
const DEVELOPER = { nickName: 'Dex Dev', userName: 'dex', password: 'dex-pass1', phoneNumber: '13900139602' };
const TITLE = 'Log in with a valid password';
const STEPS = [
  ['Open the login page', 'The login form shows'],
  ['Type the name and the password', 'Both fields are filled'],
  ['Press Enter', 'The home page opens'],
];

let browser: Browser;
let page: Page;
/** The team's people, shared by the tests; each test works in a project of its own. */
let team: TeamScene;
/** The test's own project, and its deliverables by name. */
const scene = { projectId: 0, modules: {} as Record<string, number> };
let projects = 0;

const caseDrawer = () => page.locator('.case-view-drawer');
const caseForm = () => page.locator('form#case-form');
const defectForm = () => page.locator('form#defect-form');
const drawerOf = (form: Locator) => page.locator('.ant-drawer').filter({ has: form });
const tree = () => page.getByTestId('case-module-tree');
const moduleDialog = () => page.getByRole('dialog').filter({ has: page.locator('form#module-dialog') });
const tableTitles = () => page.locator('.ant-table-row td:nth-child(2) a').allInnerTexts();
const okButton = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });

/** At 1280 and 992 px (the layout folds the tree below 1200). */
async function shotAtWidths(name: string) {
  if (!TAKES_SHOTS) return;
  // Toasts fade within 3 s; the picture is of the page, not of them.
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 6000 }).toBe(0);
  await shotsAtWidths(page, name, { stillMs: 500 });
}

/**
 * Adds deliverables with the tree's "+" as a batch of names, once the dialog shows the selected
 * node as their parent.
 */
async function addBatch(parent: string, names: string[]) {
  await tree().getByRole('button', { name: '添加交付物' }).click();
  const dialog = moduleDialog();
  await dialog
    .locator('.ant-form-item')
    .filter({ has: page.locator('#module-dialog_modulePid') })
    .getByText(parent, { exact: true })
    .waitFor();
  await dialog.getByText('多个名称').click();
  await dialog.locator('#module-dialog_batchText').fill(names.join('\n'));
  await okButton(dialog).click();
  await dialog.waitFor({ state: 'hidden' });
}

const treeNode = (name: string) => tree().locator('.ant-tree-node-content-wrapper').filter({ hasText: name });

async function filledTemplate(template: ExcelJS.Worksheet, rows: Record<string, string>[]) {
  const columns = headerColumns(template);
  rows.forEach((values, i) => {
    const row = template.getRow(i + 2);
    for (const [header, value] of Object.entries(values)) {
      const col = columns.get(header);
      if (!col) throw new Error(`no column ${header}`);
      row.getCell(col).value = value || null;
    }
    row.commit();
  });
  return xlsxFile(template, 'cases.xlsx');
}

/**
 * A project of the test's own in the team (the tester and the developer its members, the tester's
 * current one), with Web/Login, Web/Checkout and Mobile unless it is to start empty.
 */
async function ownProject(opts: { empty?: boolean } = {}): Promise<void> {
  // The last test's page is gone first: live, it would hear of the new project and act on it.
  await page.goto('about:blank');
  projects += 1;
  scene.projectId = await addTeamProject(team, `Case Shop ${projects}`);
  scene.modules = {};
  if (!opts.empty) {
    const add = async (modulePid: number, names: string[]) => {
      const made = await api(team.tester, 'POST', '/system/module', {
        projectId: scene.projectId,
        modulePid,
        batchModuleNames: names,
      });
      for (const m of made.data as { moduleId: number; moduleName: string }[])
        scene.modules[m.moduleName] = m.moduleId;
    };
    await add(0, ['Web', 'Mobile']);
    await add(scene.modules.Web ?? 0, ['Login', 'Checkout']);
  }
}

/** Loads the app afresh (it reads the current project as it starts) at a project page. */
async function openAt(hash: string): Promise<void> {
  await page.goto(`${baseUrl}/#/project/${hash}`);
}

interface NewCase {
  caseName: string;
  caseLevel?: number;
  caseState?: string;
  casePreconditions?: string | null;
  caseExpect?: string;
  caseStep?: { stepDescribe: string; stepExpect: string }[];
}

/** Cases in Web/Login, numbered from #1 in the order given; returns their ids. */
async function addCases(cases: NewCase[]): Promise<number[]> {
  const made = await api(
    team.tester,
    'POST',
    '/system/case/batch',
    cases.map((c) => ({
      projectId: scene.projectId,
      moduleId: scene.modules.Login,
      casePreconditions: null,
      caseLevel: 2,
      caseExpect: 'As planned',
      caseStep: [],
      ...c,
    })),
  );
  return (made.data as { caseId: number }[]).map((c) => c.caseId);
}

/** The case the first test writes, as the API would store it. */
const writtenCase = (): NewCase => ({
  caseName: TITLE,
  casePreconditions: 'A user "ann" exists',
  caseExpect: 'Ann sees her home page',
  caseStep: STEPS.map(([stepDescribe = '', stepExpect = '']) => ({ stepDescribe, stepExpect })),
});

/** A defect the developer is to handle, found by a case, in Web/Login. */
async function addDefect(caseId: number): Promise<void> {
  await api(team.tester, 'POST', '/system/defect', {
    projectId: scene.projectId,
    defectType: 'BUG',
    defectName: 'The login page stays blank',
    defectLevel: 'middle',
    handleBy: [team.developerId],
    moduleId: scene.modules.Login,
    caseId,
  });
}

beforeAll(async () => {
  browser = await launch();
  team = await seedTeamProject({
    lead: LEAD,
    tester: TESTER,
    developer: DEVELOPER,
    teamName: 'Case Team',
    projectName: 'Case Shop',
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, TESTER);
});
afterAll(async () => {
  await browser.close();
});

describe('test cases', () => {
  it('is in the sidebar, and builds the deliverable tree from batches of names', async () => {
    await ownProject({ empty: true });
    await openAt('defect');
    await page.locator('.ant-menu').getByText('用例', { exact: true }).click();
    await page.waitForURL(/#\/project\/case/);
    await tree().getByText('全部交付物').waitFor();
    await addBatch('根交付物', ['Web', 'Mobile']);
    await treeNode('Web').waitFor();
    await treeNode('Web').click();
    await expect.poll(() => page.url()).toMatch(/module=\d+/);
    await addBatch('Web', ['Login', 'Checkout']);
    await expect
      .poll(() => tree().locator('.ant-tree-title').allInnerTexts())
      .toEqual(['全部交付物\n0', 'Web\n0', 'Login\n0', 'Checkout\n0', 'Mobile\n0']);
  });

  it('writes a case with three steps, reordered in the editor', async () => {
    await ownProject();
    await openAt(`case?module=${scene.modules.Login}`);
    await page.getByRole('button', { name: '新建用例' }).click();
    const form = caseForm();
    // The tree's selection is the new case's deliverable.
    await form.getByText('Web/Login').waitFor();
    await form.getByText('创建完成后继续创建下一个用例').click();
    await form.locator('#case-form_caseName').fill(TITLE);
    await form.locator('#case-form_casePreconditions').fill('A user "ann" exists');
    await form.locator('#case-form_caseExpect').fill('Ann sees her home page');
    // Written out of order, then put right with "move up".
    const order = [STEPS[0], STEPS[2], STEPS[1]] as string[][];
    for (const [i, [describe, expected]] of order.entries()) {
      if (i > 0) await form.getByRole('button', { name: '添加步骤' }).click();
      await form.getByLabel(`步骤 ${i + 1} 描述`).fill(describe ?? '');
      await form.getByLabel(`步骤 ${i + 1} 预期`).fill(expected ?? '');
    }
    await form.getByRole('button', { name: '上移步骤 3' }).click();
    expect(await form.getByLabel('步骤 2 描述').inputValue()).toBe(STEPS[1]?.[0]);
    // A fourth row with only an expectation is refused until it has a description.
    await form.getByRole('button', { name: '添加步骤' }).click();
    await form.getByLabel('步骤 4 预期').fill('nothing');
    await drawerOf(form)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await form.getByText('步骤 4：描述不能为空').waitFor();
    await form.getByRole('button', { name: '删除步骤 4' }).click();
    await shotAtWidths('case-00-form');
    await drawerOf(form)
      .getByRole('button', { name: /保\s*存/ })
      .click();

    await caseDrawer().getByText(TITLE).first().waitFor();
    // Each step's texts are Markdown (a paragraph each): their lines, blank lines aside.
    const stepTexts = (await caseDrawer().getByTestId('case-step').allInnerTexts()).map((text) =>
      text.replace(/\n{2,}/g, '\n'),
    );
    expect(stepTexts).toEqual(
      STEPS.map(([d, e], i) => expect.stringContaining(`${i + 1}\n${d}\n预期：${e}`)),
    );
    const list = await api(team.tester, 'GET', `/system/case/list?projectId=${scene.projectId}`);
    const rows = (list as unknown as { rows: { caseId: number; caseStep: unknown[]; modulePath: string }[] })
      .rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.modulePath).toBe('Web/Login');
    expect(rows[0]?.caseStep).toEqual(
      STEPS.map(([stepDescribe, stepExpect]) => ({ stepDescribe, stepExpect })),
    );
  });

  it('marks it failed and reports a defect from step two, which shows in its counts', async () => {
    await ownProject();
    const [caseId] = await addCases([writtenCase()]);
    // Opened as a defect's link to it opens it.
    await openAt(`case?caseId=${caseId}`);
    const drawer = caseDrawer();
    await drawer.getByText(TITLE).first().waitFor();
    await drawer.getByRole('button', { name: /失\s*败/ }).click();
    await expect
      .poll(() => drawer.locator('.ant-drawer-title [data-state]').getAttribute('data-state'))
      .toBe('fail');
    await shotAtWidths('case-01-drawer');

    await drawer.getByRole('button', { name: '从步骤 2 创建缺陷' }).click();
    const form = defectForm();
    await expect
      .poll(() => form.locator('#defect-form_defectName').inputValue())
      .toBe(`${TITLE} — 步骤 2：${STEPS[1]?.[0]}`);
    const description = await form.locator('#defect-form_defectDescribe').inputValue();
    expect(description).toContain(`[#1](/#/project/case?caseId=${caseId})`);
    expect(description).toContain('### 前置条件\nA user "ann" exists');
    expect(description).toContain(`1. ${STEPS[0]?.[0]} — 预期：${STEPS[0]?.[1]}\n2. ${STEPS[1]?.[0]}`);
    expect(description).not.toContain(STEPS[2]?.[0]);
    expect(description).toContain(`### 预期结果\n${STEPS[1]?.[1]}`);
    await form.getByText('Web/Login').waitFor();
    await form.getByTestId('defect-from-case').getByText(`#1 ${TITLE}`).waitFor();
    await shotAtWidths('case-02-step-defect-prefill');

    await form.locator('#defect-form_handleBy').click();
    await page.locator('.ant-select-dropdown:visible').getByText(DEVELOPER.nickName, { exact: true }).click();
    await drawerOf(form)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await form.waitFor({ state: 'detached' });

    await expect.poll(() => drawer.getByTestId('case-defect-counts').innerText()).toContain('待处理 1');
    const defects = await api(team.tester, 'GET', `/system/defect/list?projectId=${scene.projectId}`);
    const [defect] = (defects as unknown as { rows: { caseId: number; moduleName: string }[] }).rows;
    expect(defect).toMatchObject({ caseId, moduleName: 'Login' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('lists cases in a table and as cards, filtered in the URL', async () => {
    await ownProject();
    const [caseId = 0] = await addCases([
      { ...writtenCase(), caseState: 'fail' },
      {
        caseName: 'Log in with a wrong password',
        caseLevel: 2,
        caseExpect: 'An error shows',
        caseState: 'pass',
        caseStep: [{ stepDescribe: 'Type a wrong password', stepExpect: '' }],
      },
      { caseName: 'Log out from the menu', caseLevel: 3, caseExpect: 'The login page shows' },
      {
        caseName: 'Remember me keeps the session for a week, even after the browser restarts',
        caseLevel: 4,
        caseExpect: 'Still logged in',
        caseState: 'fail',
        caseStep: [
          { stepDescribe: 'Tick remember me', stepExpect: '' },
          { stepDescribe: 'Restart', stepExpect: '' },
        ],
      },
    ]);
    await addDefect(caseId);
    await openAt('case');
    await expect.poll(tableTitles).toHaveLength(4);
    const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
    expect(await row.locator('[data-state]').getAttribute('data-state')).toBe('fail');
    expect(await row.locator('[data-count=defectProcessingCount]').innerText()).toBe('1');
    await expect
      .poll(() => tree().locator('.ant-tree-title').allInnerTexts())
      .toEqual(['全部交付物\n4', 'Web\n4', 'Login\n4', 'Checkout\n0', 'Mobile\n0']);
    await shotAtWidths('case-03-table');

    await page.getByPlaceholder('标题或编号（#12）').fill('#1');
    await expect.poll(tableTitles).toEqual([TITLE]);
    expect(page.url()).toContain('name=%231');
    await page.getByPlaceholder('标题或编号（#12）').fill('');
    await expect.poll(tableTitles).toHaveLength(4);
    await page.getByLabel('测试状态').click();
    await page.locator('.ant-select-dropdown:visible').getByText('失败', { exact: true }).click();
    await expect.poll(tableTitles).toHaveLength(2);
    await page.reload();
    await expect.poll(tableTitles).toHaveLength(2);
    await treeNode('Mobile').click();
    await page.locator('.ant-table').getByText('暂无测试用例').waitFor();
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect.poll(tableTitles).toHaveLength(4);

    await page.getByText('卡片', { exact: true }).click();
    await page.getByTestId('case-cards').waitFor();
    expect(page.url()).toContain('view=card');
    expect(await page.locator('.case-card').count()).toBe(4);
    const card = page.locator('.case-card[data-case-num="1"]');
    expect(await card.innerText()).toContain('3 个步骤');
    expect(await card.locator('[data-count=defectProcessingCount]').innerText()).toBe('1');
    await shotAtWidths('case-04-cards');
    await card.click();
    await caseDrawer().getByText(TITLE).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('表格', { exact: true }).click();
  });

  it('imports cases from the template, listing rows with errors first', async () => {
    await ownProject();
    await addCases([writtenCase()]);
    await openAt('case');
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('case-import') });
    const template = await readWorkbook(await downloadBy(page, () => dialog.getByText('下载模板').click()));
    // The template's columns are named as the dialog and the case form name them.
    const good = {
      标题: 'Pay with a saved card',
      交付物: 'Web/Checkout',
      级别: '2',
      预期结果: 'The order is paid',
      步骤: 'Open the cart---The cart shows\nPress pay',
    };
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles(await filledTemplate(template, [good, { ...good, 标题: '' }]));
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    const failure = dialog.getByTestId('import-failure');
    await failure.waitFor();
    expect(await failure.locator('.ant-table-row td:first-child').allInnerTexts()).toEqual(['3']);

    // A new choice replaces the refused file.
    const fresh = await readWorkbook(await downloadBy(page, () => dialog.getByText('下载模板').click()));
    await input.setInputFiles(await filledTemplate(fresh, [good]));
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The list reads itself again after the import: on a loaded machine, more than the default 5 s.
    await expect.poll(tableTitles, { timeout: WAIT_MS }).toContain('Pay with a saved card');
    const imported = await api(
      team.tester,
      'GET',
      `/system/case/list?projectId=${scene.projectId}&caseName=saved`,
    );
    const [row] = (imported as unknown as { rows: { caseStep: unknown[]; modulePath: string }[] }).rows;
    expect(row).toMatchObject({
      modulePath: 'Web/Checkout',
      caseStep: [
        { stepDescribe: 'Open the cart', stepExpect: 'The cart shows' },
        { stepDescribe: 'Press pay', stepExpect: '' },
      ],
    });

    const exported = await readWorkbook(
      await downloadBy(page, () => page.getByRole('button', { name: /导\s*出/ }).click()),
    );
    // The header, the case there was and the one imported.
    expect(exported.actualRowCount).toBe(1 + 2);
  });

  it('shows each deliverable with its cases next to its defects', async () => {
    await ownProject();
    const ids = await addCases(['One', 'Two', 'Three', 'Four'].map((caseName) => ({ caseName })));
    await addDefect(ids[0] ?? 0);
    await openAt('module');
    const row = page.locator('.ant-table-row').filter({ hasText: 'Login' }).first();
    await row.waitFor();
    // Name, defects, cases.
    expect((await row.locator('td').allInnerTexts()).slice(0, 3)).toEqual(['Login', '1', '4']);
  });
});
