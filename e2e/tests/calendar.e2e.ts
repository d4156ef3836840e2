import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, WAIT_MS } from '../browser.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, seedTeamProject } = apiClient(baseUrl);
const LEAD = {
  username: 'calla',
  password: 'calla-pass1',
  phoneNumber: '13900139870',
  nickName: 'Calla Lead',
};
const TESTER = {
  userName: 'calvin',
  password: 'calvin-pass1',
  phoneNumber: '13900139871',
  nickName: 'Calvin Tester',
};
const DEV = { userName: 'caleb', password: 'caleb-pass1', phoneNumber: '13900139872', nickName: 'Caleb Dev' };

let browser: Browser;
let page: Page;
const seeded = { lead: '', projectId: 0, developerId: 0, defectId: 0 };

beforeAll(async () => {
  browser = await launch();
  Object.assign(
    seeded,
    await seedTeamProject({
      lead: LEAD,
      tester: TESTER,
      developer: DEV,
      teamName: 'Calendar Team',
      projectName: 'Calendar Shop',
    }),
  );
  const created = await api(seeded.lead, 'POST', '/system/defect', {
    projectId: seeded.projectId,
    defectType: 'TASK',
    defectName: 'Ship the spring sale',
    defectDescribe: 'Banners and prices',
    defectLevel: 'height',
    handleBy: [seeded.developerId],
    planStartTime: '2030-03-05 09:00:00',
    planEndTime: '2030-03-06 18:00:00',
  });
  seeded.defectId = (created.data as { defectId: number }).defectId;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, { userName: DEV.userName, password: DEV.password });
});
afterAll(async () => {
  await browser.close();
});

const planOf = async () => {
  const dev = await apiLogin(DEV.userName, DEV.password);
  const res = await api(dev, 'GET', `/system/defect/${seeded.defectId}`);
  const { planStartTime, planEndTime } = res.data as { planStartTime: string; planEndTime: string };
  return { planStartTime, planEndTime };
};

describe('the personal calendar', () => {
  it('moves a defect’s plan by the days it is dragged, and opens it on a click', async () => {
    await page.goto(`${baseUrl}/#/member/calendar?date=2030-03-10`);
    const chip = page.locator(`[data-testid=calendar-defect][data-defect-id="${seeded.defectId}"]`);
    await chip.waitFor();
    expect(await chip.innerText()).toContain('Ship the spring sale');
    await shot(page, 'calendar-01-month');

    // Grab the bar on its first day (5 March) and drop it on 12 March: seven days later.
    const bar = await chip.boundingBox();
    const target = await page.locator('td.fc-daygrid-day[data-date="2030-03-12"]').boundingBox();
    if (!bar || !target) throw new Error('the bar or the day is not on the page');
    await page.mouse.move(bar.x + 8, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + 30, bar.y + bar.height / 2, { steps: 4 });
    await page.mouse.move(target.x + 8, target.y + target.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(planOf)
      .toEqual({ planStartTime: '2030-03-12 09:00:00', planEndTime: '2030-03-13 18:00:00' });
    // The bar stays where it was dropped (no spring back after the save).
    await page
      .locator(`td.fc-daygrid-day[data-date="2030-03-12"]`)
      .locator('[data-testid=calendar-defect]')
      .waitFor();

    await chip.first().click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Ship the spring sale').first().waitFor();
    await shot(page, 'calendar-02-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' }).catch(() => undefined);
  });

  it('switches to the week with the moved plan, and is usable at 992 px', async () => {
    await page.setViewportSize({ width: 992, height: 860 });
    await page.goto(`${baseUrl}/#/member/calendar?date=2030-03-12&view=month`);
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await page.locator('.ant-segmented-item').filter({ hasText: /^周$/ }).click();
    await page.locator('.fc-dayGridWeek-view').waitFor();
    await expect.poll(() => page.url()).toContain('view=week');
    const chip = page.locator(`[data-testid=calendar-defect][data-defect-id="${seeded.defectId}"]`);
    await chip.waitFor();
    expect(await page.locator('.fc-col-header').innerText()).toContain('3/12');
    // A week on and back again; the address follows.
    await page.getByRole('button', { name: '向后' }).click();
    await expect.poll(() => page.locator('.fc-col-header').innerText()).toContain('3/18');
    await expect.poll(() => page.url()).not.toContain('date=2030-03-12');
    await page.getByRole('button', { name: '向前' }).click();
    await chip.waitFor();
    // The address keeps the view: a reload opens the same week.
    await page.reload();
    await page.locator('.fc-dayGridWeek-view').waitFor();
    await chip.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-03-week-992');
  });

  it('springs back, with the server’s reason, when the server refuses the move', async () => {
    await page.goto(`${baseUrl}/#/member/calendar?date=2030-03-12&view=month`);
    const chip = page.locator(`[data-testid=calendar-defect][data-defect-id="${seeded.defectId}"]`);
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await chip.first().waitFor();
    // Archived after the page loaded: the calendar still offers the move, the server refuses it.
    expect((await api(seeded.lead, 'POST', `/system/project/${seeded.projectId}/archive`)).code).toBe(200);
    const bar = await chip.first().boundingBox();
    const target = await page.locator('td.fc-daygrid-day[data-date="2030-03-19"]').boundingBox();
    if (!bar || !target) throw new Error('the bar or the day is not on the page');
    await page.mouse.move(bar.x + 8, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + 30, bar.y + bar.height / 2, { steps: 4 });
    await page.mouse.move(target.x + 8, target.y + target.height / 2, { steps: 12 });
    // The server's refusal is waited for itself (on a loaded machine its toast could come and go
    // unseen), then the calendar's answer to it.
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith('/system/defect'),
      { timeout: WAIT_MS },
    );
    await page.mouse.up();
    const answer = (await (await answered).json()) as { code: number; msg: string };
    expect(answer).toMatchObject({ code: 500, msg: '项目已归档，只能查看，不能修改' });
    await page.locator('.ant-message').getByText('项目已归档，只能查看，不能修改').waitFor();
    await page
      .locator('td.fc-daygrid-day[data-date="2030-03-12"]')
      .locator('[data-testid=calendar-defect]')
      .waitFor();
    expect(
      await page.locator('td.fc-daygrid-day[data-date="2030-03-19"] [data-testid=calendar-defect]').count(),
    ).toBe(0);
    expect(await planOf()).toEqual({
      planStartTime: '2030-03-12 09:00:00',
      planEndTime: '2030-03-13 18:00:00',
    });
    await shot(page, 'calendar-04-refused');
  });
});
