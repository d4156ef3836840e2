import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newPerson, PNG, type TeamScene } from '../api.ts';
import { launch, shotsAtWidths, signIn, TAKES_SHOTS, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, seedTeamProject } = apiClient(baseUrl);
const LEAD = newPerson('plan-lead');
const TESTER = newPerson('plan-tester');
const DEVELOPER = newPerson('plan-dev');

let browser: Browser;
let page: Page;
let team: TeamScene;
const modules: Record<string, number> = {};

/** Twelve cases in Web/Login and eight in Web/Checkout (the Web subtree: twenty), three in Mobile. */
async function seedCases(): Promise<void> {
  const add = async (modulePid: number, names: string[]) => {
    const made = await api(team.tester, 'POST', '/system/module', {
      projectId: team.projectId,
      modulePid,
      batchModuleNames: names,
    });
    for (const m of made.data as { moduleId: number; moduleName: string }[])
      modules[m.moduleName] = m.moduleId;
  };
  await add(0, ['Web', 'Mobile']);
  await add(modules.Web ?? 0, ['Login', 'Checkout']);
  const cases = (moduleId: number | undefined, count: number, name: string) =>
    Array.from({ length: count }, (_, i) => ({
      projectId: team.projectId,
      moduleId,
      caseName: `${name} ${i + 1}`,
      caseLevel: 2,
      caseExpect: 'It works',
      caseStep: [
        { stepDescribe: 'Open the page', stepExpect: 'It shows' },
        { stepDescribe: 'Press the button', stepExpect: 'It answers' },
        { stepDescribe: 'Read the result', stepExpect: 'It is right' },
      ],
    }));
  for (const batch of [
    cases(modules.Login, 12, 'Login case'),
    cases(modules.Checkout, 8, 'Checkout case'),
    cases(modules.Mobile, 3, 'Mobile case'),
  ]) {
    const made = await api(team.tester, 'POST', '/system/case/batch', batch);
    expect(made.code, made.msg).toBe(200);
  }
}

beforeAll(async () => {
  browser = await launch();
  team = await seedTeamProject({
    lead: LEAD,
    tester: TESTER,
    developer: DEVELOPER,
    teamName: 'Plan Team',
    projectName: 'Plan Shop',
  });
  await seedCases();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, TESTER);
});
afterAll(async () => {
  await browser.close();
});

const runPanel = () => page.getByTestId('plan-run-panel');
const shownCase = () => runPanel().getByTestId('plan-run-case').innerText();
const itemsOf = async (planId: string) =>
  (
    await api(
      team.tester,
      'GET',
      `/system/PlanItem/list?planId=${planId}&pageSize=50&orderByColumn=caseNum&isAsc=asc`,
    )
  ).rows as { caseName: string; planItemState: string; planItemResult: string | null; defectIds: number[] }[];

describe('test plans', () => {
  it('makes a plan of the twenty cases of a deliverable subtree and runs it with the keyboard', async () => {
    // A name of this attempt's own: a retry finds the first attempt's plan in the list.
    const name = `Release 3.0 regression ${Date.now() % 100_000}`;
    await page.goto(`${baseUrl}/#/project/plan`);
    await page.getByRole('button', { name: '创建计划' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#plan-form_planName').fill(name);
    await dialog.locator('#plan-form_planVersion').fill('3.0.0');
    // Ticking Web takes its cases and those of Login and Checkout below it.
    const picker = dialog.getByTestId('plan-case-picker');
    await picker
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title', { hasText: /^Web$/ }) })
      .locator('.ant-tree-checkbox')
      .click();
    await expect.poll(() => picker.getByTestId('plan-chosen-count').innerText()).toBe('已选 20 个用例');
    if (TAKES_SHOTS) await shotsAtWidths(page, 'plan-form');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('plan-table').locator('.ant-table-row').filter({ hasText: name });
    await row.getByText('0/20 通过').waitFor();
    if (TAKES_SHOTS) await shotsAtWidths(page, 'plan-list');
    const plans = await api(team.tester, 'GET', `/system/plan/list?projectId=${team.projectId}`);
    const planId =
      (plans.rows as { planId: string; planName: string }[]).find((p) => p.planName === name)?.planId ?? '';

    await row.getByRole('button', { name: '执行' }).click();
    await runPanel().waitFor();
    await expect.poll(shownCase).toBe('Login case 1');
    // P passes and moves on by itself; F fails at the step ticked; B blocks; S skips.
    await page.keyboard.press('p');
    await expect.poll(shownCase).toBe('Login case 2');
    await runPanel().getByRole('checkbox', { name: '此步失败' }).nth(1).check();
    await runPanel().getByRole('textbox').fill('The button does nothing');
    // Typing in the box is not a command: focus leaves it before the key.
    await runPanel().getByTestId('plan-run-case').click();
    await page.keyboard.press('f');
    await expect.poll(shownCase).toBe('Login case 3');
    await page.keyboard.press('b');
    await expect.poll(shownCase).toBe('Login case 4');
    await page.keyboard.press('s');
    await expect.poll(shownCase).toBe('Login case 5');
    // K goes back, J forward, without a result.
    await page.keyboard.press('k');
    await expect.poll(shownCase).toBe('Login case 4');
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowRight');
    await expect.poll(shownCase).toBe('Login case 6');
    // O opens the case itself in a tab of its own; the run stays where it is.
    const [caseTab] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('o')]);
    await caseTab.waitForURL(/#\/project\/case\?caseId=\d+/);
    await caseTab.locator('.case-view-drawer').getByText('Login case 6').first().waitFor();
    await caseTab.close();

    await expect
      .poll(async () => (await itemsOf(planId)).slice(0, 5).map((i) => i.planItemResult ?? i.planItemState))
      .toEqual(['pass', 'not_pass', 'blocked', 'skipped', 'unexecuted']);
    const failed = await api(
      team.tester,
      'GET',
      `/system/PlanItem/list?planId=${planId}&planItemState=not_pass`,
    );
    const failedId = (failed.rows as { planItemId: string }[])[0]?.planItemId;
    const history = await api(team.tester, 'GET', `/system/PlanItem/${failedId}/results`);
    expect(history.data).toMatchObject([{ failedStep: 2, actualResult: 'The button does nothing' }]);
    const stats = page.getByTestId('plan-stats');
    await expect
      .poll(() => stats.innerText())
      .toMatch(/通过\s*1[\s\S]*未通过\s*1[\s\S]*未执行\s*18[\s\S]*总数\s*20/);
    if (TAKES_SHOTS) await shotsAtWidths(page, 'plan-run', { stillMs: 500 });

    // Case 6 fails at step 2: D records it and opens a defect prefilled from the case and the result.
    await runPanel().getByRole('checkbox', { name: '此步失败' }).nth(1).check();
    await runPanel().getByRole('textbox').fill('Nothing happens');
    await runPanel()
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => runPanel().locator('.ant-upload-list-item').count()).toBe(1);
    await runPanel().getByTestId('plan-run-case').click();
    await page.keyboard.press('d');
    const form = page.locator('form#defect-form');
    await expect.poll(() => form.locator('#defect-form_defectName').inputValue()).toContain('Login case 6');
    const description = await form.locator('#defect-form_defectDescribe').inputValue();
    expect(description).toContain('2. Press the button');
    expect(description).not.toContain('Read the result');
    expect(description).toContain('Nothing happens');
    expect(await form.locator('#defect-form_moduleVersion').inputValue()).toBe('3.0.0');
    await form.locator('#defect-form_handleBy').click();
    await page.locator('.ant-select-dropdown:visible').getByText(DEVELOPER.nickName, { exact: true }).click();
    if (TAKES_SHOTS) await shotsAtWidths(page, 'plan-defect-prefill');
    await page
      .locator('.ant-drawer')
      .filter({ has: form })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(shownCase).toBe('Login case 7');
    const linked = (await itemsOf(planId)).find((i) => i.caseName === 'Login case 6');
    expect(linked).toMatchObject({ planItemState: 'not_pass', defectIds: [expect.any(Number)] });
    const defectId = linked?.defectIds[0] as number;
    const defect = await api(team.tester, 'GET', `/system/defect/${defectId}`);
    expect(defect.data).toMatchObject({ moduleVersion: '3.0.0', imgUrls: expect.stringMatching(/\.png$/) });

    // The developer sends it for review as fixed: the case waits for the tester's retest.
    const fixed = await api(team.developer, 'POST', `/system/defect/${defectId}/repair`, {
      receiveBy: [team.testerId],
    });
    expect(fixed.code, fixed.msg).toBe(200);
    await expect
      .poll(async () => (await itemsOf(planId)).find((i) => i.caseName === 'Login case 6')?.planItemResult)
      .toBe('retest');
    // The tester's home page lists it; one click opens the plan's run view, among the cases to retest.
    await page.goto(`${baseUrl}/#/index`);
    await page.getByTestId('home-retest').getByText('Login case 6').click();
    await expect.poll(() => stats.innerText()).toMatch(/待复测\s*1/);
    await stats.getByText('待复测').click();
    await expect.poll(shownCase).toBe('Login case 6');
    await page.keyboard.press('p');
    await expect
      .poll(async () => (await api(team.tester, 'GET', `/system/defect/${defectId}`)).data)
      .toMatchObject({
        defectState: 4,
      });

    // The plan's defects beside the run, and its dashboard: the burndown ends today with the
    // twenty cases less the two passed (case 1, and case 6 on its retest).
    await page.getByText('缺陷（1）').click();
    await page.getByTestId('plan-defects').getByText('Login case 6').first().waitFor();
    await page.getByText('统计', { exact: true }).click();
    const burndown = page.getByTestId('plan-burndown');
    await expect.poll(() => burndown.getAttribute('data-points')).toBe('31');
    expect(await burndown.getAttribute('data-left')).toBe('18');
    await burndown.locator('canvas').first().waitFor();
    // Web holds the twenty: opened, its deliverables show their own progress.
    const dashboard = page.getByTestId('plan-dashboard');
    await dashboard.getByRole('button', { name: 'Web', exact: true }).click();
    await dashboard.getByText('Login', { exact: true }).waitFor();
    await dashboard.getByText('2/12').waitFor();
    if (TAKES_SHOTS) await shotsAtWidths(page, 'plan-dashboard', { stillMs: 600 });

    // A test report of the plan from the built-in summary: its figures written in, opened at once.
    await dashboard.getByRole('button', { name: '生成测试报告' }).click();
    const reportDialog = page.getByRole('dialog').filter({ has: page.locator('form#plan-report') });
    await reportDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/project\/report/);
    const report = page.locator('.ant-drawer-open');
    await report.getByText(`${name} 测试报告`).first().waitFor();
    const written = report.locator('.markdown-view').first();
    await expect
      .poll(() => written.innerText())
      .toMatch(/总数: 20\s+通过: 2\s+未通过: 1\s+未执行: 17\s+通过率: 10%\s+缺陷总数: 1/);
    // Its table of items, each with its result.
    expect(await written.locator('table tr').count()).toBe(21);
    const withReport = (await api(team.tester, 'GET', `/system/plan/${planId}`)).data as {
      reportId: number | null;
    };
    expect(withReport.reportId).toEqual(expect.any(Number));
  });
});
