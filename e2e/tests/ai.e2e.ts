import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../api.ts';
import { launch, shot, signIn, TAKES_SHOTS, WAIT_MS } from '../browser.ts';
import { type OllamaPeer, type PeerCase, startOllamaPeer } from '../ollama-peer.ts';
import { e2eUrl } from '../server.ts';

const baseUrl = e2eUrl();
const { api, apiLogin, seedTeamProject } = apiClient(baseUrl);
const LEAD = {
  username: 'ailsa',
  password: 'ailsa-pass1',
  phoneNumber: '13900139500',
  nickName: 'Ailsa Lead',
};
const TESTER = { nickName: 'Ari Tester', userName: 'ari', password: 'ari-pass1', phoneNumber: '13900139501' };
const DEVELOPER = { nickName: 'Abe Dev', userName: 'abe', password: 'abe-pass1', phoneNumber: '13900139502' };
const PROMPT = 'The shop cart: add items, pay with a card, remove items, search products, coupons.';

const step = (stepDescribe: string, stepExpect: string) => ({ stepDescribe, stepExpect });
/** What the AI answers: two cases name an existing deliverable, three name none the project has. */
const CASES: PeerCase[] = [
  {
    caseName: 'Add an item to the cart',
    caseLevel: 1,
    moduleName: 'Shop/Cart',
    casePreconditions: 'Signed in',
    caseExpect: 'The cart holds the item',
    caseStep: [
      step('Open a product', 'The product page shows'),
      step('Press Add to cart', 'The badge shows 1'),
    ],
  },
  {
    caseName: 'Pay with a card',
    caseLevel: 2,
    moduleName: 'Shop/Checkout',
    casePreconditions: 'An item in the cart',
    caseExpect: 'The order is paid',
    caseStep: [step('Open the checkout', 'The total shows'), step('Pay', 'A receipt shows')],
  },
  {
    caseName: 'Remove the last item',
    caseLevel: 3,
    moduleName: '',
    casePreconditions: 'One item in the cart',
    caseExpect: 'The cart is empty',
    caseStep: [step('Press Remove', 'The item goes')],
  },
  {
    caseName: 'Search for a product',
    caseLevel: 2,
    moduleName: 'Shop',
    casePreconditions: '',
    caseExpect: 'Matching products show',
    caseStep: [step('Type a name in the search box', 'Suggestions show')],
  },
  {
    caseName: 'Apply a coupon',
    caseLevel: 4,
    moduleName: 'Coupons',
    casePreconditions: 'A valid coupon',
    caseExpect: 'The total drops',
    caseStep: [step('Enter the coupon code', 'The discount shows')],
  },
];

let browser: Browser;
let page: Page;
let peer: OllamaPeer;
const seeded = { lead: '', projectId: 0, shopId: 0, cartId: 0 };

/** The page at this width from now on, and its screenshot there. */
async function shotAt(name: string, width: number) {
  await page.setViewportSize({ width, height: 860 });
  if (!TAKES_SHOTS) return;
  await page.waitForTimeout(400);
  await shot(page, `${name}-${width}`);
}

const modelRow = (name: string) =>
  page.locator('.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });
const progressOf = (name: string) => modelRow(name).getByRole('progressbar');
const drawer = () => page.locator('.ai-case-drawer');
const resultRows = () => drawer().locator('.ai-case-table .ant-table-row');

/**
 * Downloads a model from the field and follows its bar until it reads 100 %, noting each figure
 * shown on the way; `onMiddle` runs once while the bar is part-way.
 */
async function pullAndWatch(name: string, onMiddle: () => Promise<void>): Promise<number[]> {
  const field = page.getByRole('combobox', { name: '请输入模型名称' });
  await field.fill(name);
  await page.getByRole('button', { name: /下载模型/ }).click();
  const seen: number[] = [];
  let isMiddleShot = false;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const text = await progressOf(name)
      .getAttribute('aria-valuenow', { timeout: 200 })
      .catch(() => null);
    const value = text ? Number.parseInt(text, 10) : Number.NaN;
    if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
    if (!isMiddleShot && value >= 20 && value < 90) {
      isMiddleShot = true;
      await onMiddle();
    }
    if (value === 100 || (text === null && seen.at(-1) === 100)) break;
    await page.waitForTimeout(40);
  }
  return seen;
}

/** The peer listens on loopback, which the outbound guard refuses unless the administrator allows it. */
async function allowLoopbackOutbound() {
  const admin = await apiLogin('admin', 'cat2bug');
  const found = await api(admin, 'GET', '/system/config/list?configKey=sys.outbound.allowRanges');
  const row = (found as { rows?: Record<string, unknown>[] }).rows?.[0];
  if (!row) throw new Error('the outbound allow-list record is missing');
  await api(admin, 'PUT', '/system/config', { ...row, configValue: '127.0.0.0/8,::1/128' });
}

beforeAll(async () => {
  peer = await startOllamaPeer(CASES);
  await allowLoopbackOutbound();
  const scene = await seedTeamProject({
    lead: LEAD,
    tester: TESTER,
    developer: DEVELOPER,
    teamName: 'Aurora Team',
    projectName: 'Aurora Shop',
  });
  Object.assign(seeded, { lead: scene.lead, projectId: scene.projectId });
  const { teamId, projectId } = scene;
  await api(scene.lead, 'PUT', '/system/user-config', { currentTeamId: teamId, currentProjectId: projectId });
  const shop = await api(scene.lead, 'POST', '/system/module', {
    projectId,
    modulePid: 0,
    moduleName: 'Shop',
  });
  seeded.shopId = (shop.data as { moduleId: number }[])[0]?.moduleId ?? 0;
  const cart = await api(scene.lead, 'POST', '/system/module', {
    projectId,
    modulePid: seeded.shopId,
    moduleName: 'Cart',
  });
  seeded.cartId = (cart.data as { moduleId: number }[])[0]?.moduleId ?? 0;

  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await signIn(page, LEAD);
});

afterAll(async () => {
  await browser?.close();
  await peer?.close();
});

describe('AI models and test-case generation', () => {
  it('points the project at its AI server and downloads a model, the bar moving to done', async () => {
    await page.goto(`${baseUrl}/#/project/option`);
    await page.getByRole('button', { name: 'AI大模型' }).click();
    await page.waitForURL(/#\/project\/project-ai/);
    // Nothing listens at the platform's default address here: the page says so, naming it.
    await expect
      .poll(() => page.locator('.ai-server-error').textContent())
      .toContain('无法使用AI服务 http://127.0.0.1:11434');

    // The platform's server is the super administrator's: the page says so and offers no delete.
    expect(await page.locator('.ai-platform-server').textContent()).toContain('由超级管理员管理');
    await page.locator('#ai-server_aiUrl').fill(peer.url);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByTestId('ai-url-in-use').textContent()).toBe(peer.url);
    await expect.poll(() => page.locator('.ai-platform-server').count()).toBe(0);
    await modelRow('llama3:8b').waitFor();
    expect(await page.locator('.ai-server-error').count()).toBe(0);
    expect(await modelRow('llama3:8b').getByText('未下载').count()).toBe(1);

    const seen = await pullAndWatch('qwen2:0.5b', () => shotAt('ai-models-progress', 1280));
    console.info('progress seen:', seen.join(' '));
    expect(seen.at(-1)).toBe(100);
    // The bar moved through figures on the way, not just from nothing to done.
    expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThanOrEqual(2);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await expect.poll(() => modelRow('qwen2:0.5b').textContent()).toContain('已下载');
    await expect.poll(() => modelRow('qwen2:0.5b').textContent()).toContain('700 MB');
    expect(peer.models.has('qwen2:0.5b')).toBe(true);

    // The downloaded model serves the business text from now on.
    const business = modelRow('qwen2:0.5b').getByRole('radio', { name: /业务/ });
    await business.click();
    await page.getByText('模型设置成功').waitFor();
    await expect.poll(() => business.isChecked()).toBe(true);
    expect(await modelRow('llama3:8b').getByRole('radio', { name: /业务/ }).isChecked()).toBe(false);
    await expect.poll(() => page.locator('.ant-descriptions').textContent()).toContain('qwen2:0.5b');

    // Again at 992 px, with a second model.
    await page.setViewportSize({ width: 992, height: 860 });
    const second = await pullAndWatch('tinyllama', () => shotAt('ai-models-progress', 992));
    expect(second.at(-1)).toBe(100);

    // The same page in English.
    await page.evaluate(() => localStorage.setItem('i18n-locale', 'en_US'));
    await page.reload();
    await modelRow('tinyllama').getByText('Downloaded').waitFor();
    await page.getByRole('button', { name: /Download model/ }).waitFor();
    await shotAt('ai-models-en', 992);
    await page.evaluate(() => localStorage.setItem('i18n-locale', 'zh_CN'));
    await page.reload();
    await modelRow('tinyllama').getByText('已下载').waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('generates five cases from a prompt, imports three and finds them in the case list', async () => {
    await page.goto(`${baseUrl}/#/project/case`);
    await page.getByRole('button', { name: /AI用例生成/ }).click();
    await drawer().waitFor();
    await drawer().getByRole('textbox', { name: '要测试的功能' }).fill(PROMPT);
    expect(await drawer().getByRole('spinbutton', { name: '用例数量' }).inputValue()).toBe('5');
    const send = drawer().getByRole('button', { name: /发\s*送/ });
    await send.click();
    // While the AI thinks: the loading text, and no second send.
    await drawer().getByText('AI机器人正在整理需求思路').waitFor();
    expect(await send.getAttribute('class')).toContain('ant-btn-loading');
    await expect.poll(() => resultRows().count()).toBe(5);
    expect(peer.generations[0]?.prompt).toContain(PROMPT);
    expect(peer.generations[0]?.context).toBeUndefined();
    await drawer().locator('.ai-round').getByText('需求 01').waitFor();

    // The first case found its deliverable; the second did not and is corrected by hand.
    expect(await resultRows().nth(0).locator('.ant-select').first().textContent()).toContain('Shop/Cart');
    const title = resultRows().nth(1).getByRole('textbox', { name: '标题' });
    await title.fill('Pay with a saved card');

    for (const name of ['Add an item to the cart', 'Pay with a saved card', 'Remove the last item'])
      await drawer().getByRole('checkbox', { name }).check();
    await shotAt('ai-generation-results', 1280);
    await shotAt('ai-generation-results', 992);
    await page.setViewportSize({ width: 1280, height: 860 });

    await drawer()
      .getByRole('button', { name: /导入所选/ })
      .click();
    const dialog = page.locator('.ai-case-import-dialog');
    await dialog.getByText('已选3条用例，其中2条没有交付物').waitFor();
    await page.locator('#ai-import-module').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title')
      .getByText('Shop', { exact: true })
      .click();
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    await page.getByText('已导入3条测试用例').waitFor();
    await expect.poll(async () => await resultRows().locator('[data-imported="true"]').count()).toBe(3);
    expect(await resultRows().locator('[data-imported="false"]').count()).toBe(2);

    // Another prompt goes on with the topic: the context of the first answer goes along.
    await drawer().getByRole('textbox', { name: '要测试的功能' }).fill('Only the coupons, please.');
    await drawer()
      .getByRole('button', { name: /追加提示/ })
      .click();
    await drawer().locator('.ai-round').getByText('需求 02').waitFor();
    expect(peer.generations[1]?.context).toEqual([1]);
    // An answer the server cannot read is said in the drawer; the rounds so far stay.
    await drawer().getByRole('textbox', { name: '要测试的功能' }).fill('BROKEN on purpose');
    await drawer()
      .getByRole('button', { name: /追加提示/ })
      .click();
    await expect
      .poll(() => drawer().locator('.ai-case-error').textContent())
      .toContain('输入的内容无法正确解析');
    expect(await drawer().locator('.ai-round').count()).toBe(2);
    expect(await drawer().getByRole('textbox', { name: '要测试的功能' }).inputValue()).toBe(
      'BROKEN on purpose',
    );
    await drawer().locator('.ai-round').nth(0).click();
    await expect.poll(() => resultRows().locator('[data-imported="true"]').count()).toBe(3);
    await shotAt('ai-generation-conversation', 1280);

    await drawer().locator('.ant-drawer-close').click();
    await drawer().waitFor({ state: 'hidden' });
    const list = await api(seeded.lead, 'GET', `/system/case/list?projectId=${seeded.projectId}&pageSize=50`);
    const rows = (list as unknown as { rows: { caseName: string; moduleId: number; caseStep: unknown[] }[] })
      .rows;
    // The case with a deliverable kept it; the two without got the one chosen at import.
    expect(rows.map((r) => [r.caseName, r.moduleId]).sort()).toEqual([
      ['Add an item to the cart', seeded.cartId],
      ['Pay with a saved card', seeded.shopId],
      ['Remove the last item', seeded.shopId],
    ]);
    for (const name of ['Add an item to the cart', 'Pay with a saved card', 'Remove the last item'])
      await page.locator('.ant-table-row:visible').getByText(name, { exact: true }).waitFor();
    await shotAt('ai-cases-imported', 1280);
  });

  it('suggests the title and deliverable of a new defect from its description, each accepted by a click', async () => {
    // The model reads the prompt our server wrote, with the deliverables listed by id, as a model would.
    peer.answer = (prompt) => {
      if (prompt.includes('{"title":""}')) return '{"title":"Cart badge shows the wrong count"}';
      if (prompt.includes('{"moduleId":0}')) {
        const line = /^(\d+): Shop\/Cart$/m.exec(prompt);
        return JSON.stringify({ moduleId: Number(line?.[1]) });
      }
      if (prompt.includes('{"type":"BUG"}')) return '{"type":"BUG"}';
      if (prompt.includes('{"memberId":0}')) return '{"memberId":null}';
      if (prompt.includes('{"version":""}')) return '{"version":"1.0.0"}';
      return undefined;
    };
    await page.goto(`${baseUrl}/#/project/defect`);
    await page.getByRole('button', { name: '新建缺陷' }).click();
    const form = page.locator('form#defect-form');
    const analyse = page.getByTestId('defect-ai-analyse');
    // Without a description there is nothing to read.
    await analyse.click();
    await page.getByText('请先填写描述，AI根据描述进行分析').waitFor();

    await form
      .locator('#defect-form_defectDescribe')
      .fill('In the cart the badge says 3 while the cart lists 2 items.');
    await analyse.click();
    // Once running it cannot run again.
    await expect.poll(() => analyse.getAttribute('class')).toContain('ant-btn-loading');
    const title = page.getByTestId('ai-suggestion-title');
    await title.getByText('Cart badge shows the wrong count').waitFor();
    await page.getByTestId('ai-suggestion-module').getByText('Shop/Cart').waitFor();
    // Nothing is filled until the person accepts it.
    expect(await form.locator('#defect-form_defectName').inputValue()).toBe('');
    await title.getByRole('button', { name: /采\s*纳/ }).click();
    await page
      .getByTestId('ai-suggestion-module')
      .getByRole('button', { name: /采\s*纳/ })
      .click();
    expect(await form.locator('#defect-form_defectName').inputValue()).toBe(
      'Cart badge shows the wrong count',
    );
    await expect
      .poll(() => form.locator('.ant-select').filter({ hasText: 'Cart' }).count())
      .toBeGreaterThan(0);
    await shotAt('ai-defect-autofill', 1280);
    const prompts = peer.generations.map((g) => g.prompt).filter((p) => p.includes('badge says 3'));
    expect(prompts.some((p) => p.includes(`${seeded.cartId}: Shop/Cart`))).toBe(true);
    peer.answer = undefined;
  });
});
