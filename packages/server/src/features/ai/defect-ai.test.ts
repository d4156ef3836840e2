import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { closedPortUrl, type OllamaPeer, startOllamaPeer } from '../../../test/ollama-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { formatDateTime } from '../../lib/time.ts';

/*
 * The defect form's AI analysis against a loopback server that speaks the Ollama API. The peer
 * plays the model the way a model works: it reads the prompt our server wrote (the deliverables
 * and members listed with their ids) and answers in JSON.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let peer: OllamaPeer;
let lead: Person;
let tester: Person;
let viewer: Person;
let outsider: Person;
let projectId: number;
let bareProject: number;
const ids: Record<string, number> = {};

/** A 1×1 PNG: what the form's screenshot upload stores. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** The model: answers each question by reading the prompt, as a language model would. */
function model(prompt: string, body: Record<string, unknown>): string | undefined {
  if (body.images) return 'The cart badge says 3 while the cart lists 2 items.';
  if (prompt.includes('{"title":""}')) return '{"title":"“Cart badge shows the wrong count.”"}';
  if (prompt.includes('{"moduleId":0}')) {
    const line = /^(\d+): Shop\/Cart$/m.exec(prompt);
    return `\`\`\`json\n{"moduleId": ${line?.[1] ?? 'null'}}\n\`\`\``;
  }
  if (prompt.includes('{"type":"BUG"}')) return '{"type":"bug"}';
  if (prompt.includes('{"memberId":0}')) {
    const line = new RegExp(`^(\\d+): .*\\(${tester.userName}\\)`, 'm').exec(prompt);
    return JSON.stringify({ memberId: Number(line?.[1]) });
  }
  if (prompt.includes('{"version":""}')) return '{"version":"1.2.0"}';
  return undefined;
}

beforeAll(async () => {
  peer = await startOllamaPeer({ 'llama3:8b': 4_661_224_676, 'llava:7b': 4_733_363_377 });
  t = await createTestApp({ AI_URL: peer.url, AI_TIMEOUT_SECONDS: '1' });
  await allowOutbound(t.db, LOOPBACK_RANGES);
  api = apiAs(t);
  [lead, tester, viewer, outsider] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  const team = await insertTestTeam(t.db, {
    [lead.userId]: [5],
    [tester.userId]: [5],
    [viewer.userId]: [5],
    [outsider.userId]: [5],
  });
  // Creator (11) and tester (8) may add defects; a default member (10) may not.
  projectId = await insertTestProject(t.db, team, {
    [lead.userId]: [11],
    [tester.userId]: [8],
    [viewer.userId]: [10],
  });
  bareProject = await insertTestProject(t.db, team, { [lead.userId]: [11] });
  const shop = await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop'] });
  const modulePid = shop.data[0].moduleId;
  const leaves = await api(lead, 'POST', '/system/module', {
    projectId,
    modulePid,
    batchModuleNames: ['Cart', 'Checkout'],
  });
  ids.shop = modulePid;
  ids.cart = leaves.data[0].moduleId;
  ids.checkout = leaves.data[1].moduleId;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => {
  peer.answer = model;
});

const ask = async (field: string, body: Json = {}, who = lead) =>
  api(who, 'POST', `/ai/defect/${field}`, {
    projectId,
    describe: 'The cart badge shows 3 items after I removed one',
    ...body,
  });
const generations = () => peer.requests.filter((r) => r.path === '/api/generate');
const lastPrompt = () => String(generations().at(-1)?.body.prompt);

describe('each suggestion', () => {
  it('title: asks the business model for JSON and cleans the answer', async () => {
    const res = await ask('title');
    expect(res).toMatchObject({ code: 200, data: { title: 'Cart badge shows the wrong count' } });
    expect(generations().at(-1)?.body).toMatchObject({ model: 'llama3:8b', stream: false, format: 'json' });
    expect(lastPrompt()).toContain('The cart badge shows 3 items after I removed one');
    expect(lastPrompt()).toMatch(/^Answer in English\.\nWrite a short title/);
  });

  it('module: lists the deliverable paths with their ids and answers the one the model chose', async () => {
    const res = await ask('module');
    expect(res.data).toEqual({ moduleId: ids.cart, modulePath: 'Shop/Cart' });
    expect(lastPrompt()).toContain(
      `${ids.shop}: Shop\n${ids.cart}: Shop/Cart\n${ids.checkout}: Shop/Checkout`,
    );
  });

  it('type: one of BUG, TASK, DEMAND, read from what the model wrote', async () => {
    expect((await ask('type')).data).toEqual({ type: 'BUG' });
    peer.answer = () => '{"type":"需求"}';
    expect((await ask('type')).data).toEqual({ type: 'DEMAND' });
    peer.answer = () => '{"type":"URGENT"}';
    expect((await ask('type')).data).toEqual({ type: null });
  });

  it('member: lists the members with accounts and roles and answers the chosen one', async () => {
    const { nickName } = await t.db
      .selectFrom('sysUser')
      .select('nickName')
      .where('userId', '=', tester.userId)
      .executeTakeFirstOrThrow();
    const res = await ask('member');
    expect(res.data).toEqual({ memberId: tester.userId, memberName: nickName });
    expect(lastPrompt()).toContain(`\n${tester.userId}: ${nickName} (${tester.userName}) 项目测试\n`);
    // Someone outside the project is never offered.
    expect(lastPrompt()).not.toContain(`${outsider.userId}: `);
  });

  it('version: 1.0.0 for a project without versions, without asking the model', async () => {
    const before = generations().length;
    expect((await ask('version')).data).toEqual({ version: '1.0.0' });
    expect(generations().length).toBe(before);
  });

  it('version: the newest one while it is recent, a new one only once it is two weeks old', async () => {
    const defect = await api(lead, 'POST', '/system/defect', {
      projectId,
      defectType: 'BUG',
      defectName: 'Old one',
      defectDescribe: 'Seen in 1.2.0',
      defectLevel: 'middle',
      handleBy: [lead.userId],
      moduleVersion: '1.2.0',
    });
    expect(defect.code).toBe(200);
    expect((await ask('version')).data).toEqual({ version: '1.2.0' });
    expect(lastPrompt()).toContain(`1.2.0 ${formatDateTime().slice(0, 10)}`);
    expect(lastPrompt()).toContain('Return the newest version');
    // A new version while the newest is fresh is not the rule: dropped.
    peer.answer = () => '{"version":"1.3.0"}';
    expect((await ask('version')).data).toEqual({ version: null });

    const old = formatDateTime(new Date(Date.now() - 20 * 24 * 3600 * 1000));
    await t.db.updateTable('sysDefect').set({ createTime: old }).where('projectId', '=', projectId).execute();
    peer.answer = () => '{"version":"v1.2.1"}';
    expect((await ask('version')).data).toEqual({ version: 'v1.2.1' });
    expect(lastPrompt()).toContain('The newest version, 1.2.0, has not been used for more than two weeks');
    peer.answer = () => '{"version":"Version: the next one will be 1.3"}';
    expect((await ask('version')).data).toEqual({ version: null });
  });

  it('version: takes its fields as a form or query, as the original client sends them', async () => {
    const form = await t.call({
      method: 'POST',
      url: '/ai/defect/version',
      token: lead.token,
      lang: 'en_US',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ projectId: String(projectId), describe: 'Checkout fails' }).toString(),
    });
    expect(form.body).toMatchObject({ code: 200, data: { version: '1.2.0' } });
    expect(lastPrompt()).toContain('Checkout fails');
    const query = await t.call({
      method: 'POST',
      url: '/ai/defect/version',
      token: lead.token,
      lang: 'en_US',
      query: { projectId: String(projectId), describe: 'Payment hangs' },
    });
    expect(query.body).toMatchObject({ code: 200, data: { version: '1.2.0' } });
    expect(lastPrompt()).toContain('Payment hangs');
    const missing = await t.call({
      method: 'POST',
      url: '/ai/defect/version',
      token: lead.token,
      lang: 'en_US',
      query: { projectId: String(projectId) },
    });
    expect(missing.body.msg).toBe('Enter the description first: the analysis is based on it');
  });
});

describe('what the model makes up', () => {
  it('drops a deliverable that does not exist, and finds one the model named by path', async () => {
    peer.answer = () => '{"moduleId": 99999}';
    expect((await ask('module')).data).toEqual({ moduleId: null, modulePath: null });
    peer.answer = () => '{"modulePath": "Shop/Wishlist"}';
    expect((await ask('module')).data).toEqual({ moduleId: null, modulePath: null });
    peer.answer = () => '{"module": "checkout"}';
    expect((await ask('module')).data).toEqual({ moduleId: ids.checkout, modulePath: 'Shop/Checkout' });
  });

  it('drops a member who does not exist or is not in the project', async () => {
    peer.answer = () => '{"memberId": 424242}';
    expect((await ask('member')).data).toEqual({ memberId: null, memberName: null });
    peer.answer = () => JSON.stringify({ memberId: outsider.userId });
    expect((await ask('member')).data).toEqual({ memberId: null, memberName: null });
  });

  it('says so when the answer holds no JSON', async () => {
    peer.answer = () => 'I think this is a bug in the cart.';
    expect(await ask('type')).toMatchObject({
      code: 500,
      msg: 'The AI returned data in an unexpected format',
    });
    const zh = await t.call({
      method: 'POST',
      url: '/ai/defect/title',
      token: lead.token,
      payload: { projectId, describe: '购物车数量不对' },
    });
    expect(zh.body.msg).toBe('AI返回的数据格式错误!');
    expect(String(generations().at(-1)?.body.prompt)).toMatch(/^请用中文回答。\n根据下面的缺陷描述/);
  });
});

describe('the screenshot', () => {
  const shot = 'upload/2026/01/02/cart_1.png';
  const other = 'upload/2026/01/02/cart_2.png';
  beforeAll(() => {
    for (const name of [shot, other]) {
      const file = path.join(t.config.uploadDir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, PNG);
    }
  });

  it('is shown to the image model once, and what it saw joins every question', async () => {
    const before = peer.requests.length;
    const [title, type] = await Promise.all([
      ask('title', { imgUrls: `/profile/${shot},/profile/upload/other.png` }),
      ask('type', { imgUrls: `http://buglet.example.com/profile/${shot}` }),
    ]);
    expect(title.data).toEqual({ title: 'Cart badge shows the wrong count' });
    expect(type.data).toEqual({ type: 'BUG' });
    const sent = peer.requests.slice(before).filter((r) => r.path === '/api/generate');
    const looks = sent.filter((r) => r.body.images);
    expect(looks).toHaveLength(1);
    expect(looks[0]?.body).toMatchObject({ model: 'llava:7b', images: [PNG.toString('base64')] });
    expect(looks[0]?.body.format).toBeUndefined();
    const asked = sent.filter((r) => !r.body.images).map((r) => String(r.body.prompt));
    expect(asked).toHaveLength(2);
    for (const prompt of asked)
      expect(prompt).toContain(
        "What the defect's screenshot shows:\nThe cart badge says 3 while the cart lists 2 items.",
      );
  });

  it('may be one pasted into the description', async () => {
    const pasted = 'upload/2026/01/02/pasted_3.png';
    const file = path.join(t.config.uploadDir, pasted);
    fs.writeFileSync(file, PNG);
    const before = peer.requests.length;
    const res = await ask('type', { describe: `The badge is wrong:\n![pasted image](/profile/${pasted})` });
    expect(res.data).toEqual({ type: 'BUG' });
    expect(peer.requests.slice(before).filter((r) => r.body.images)).toHaveLength(1);
    expect(lastPrompt()).toContain("What the defect's screenshot shows:");
  });

  it('is left out when the image model is not downloaded, or the path is not an upload', async () => {
    peer.models.delete('llava:7b');
    try {
      const res = await ask('title', { imgUrls: `/profile/${other}` });
      expect(res.data).toEqual({ title: 'Cart badge shows the wrong count' });
      expect(lastPrompt()).not.toContain('screenshot');
    } finally {
      peer.models.set('llava:7b', 1);
    }
    const before = peer.requests.length;
    await ask('title', { imgUrls: '/profile/../../etc/passwd.png,/etc/hosts,/profile/.tmp/x.png' });
    expect(peer.requests.slice(before).some((r) => r.body.images)).toBe(false);
  });
});

describe('the project', () => {
  it('is the caller’s current one when the request names none, as in the original', async () => {
    await api(lead, 'PUT', '/system/user-config', { currentProjectId: projectId });
    const res = await api(lead, 'POST', '/ai/defect/module', { describe: 'The cart total is wrong' });
    expect(res.data).toEqual({ moduleId: ids.cart, modulePath: 'Shop/Cart' });
    // A project without deliverables: nothing to choose, the model is not asked.
    await api(lead, 'PUT', '/system/user-config', { currentProjectId: bareProject });
    const before = generations().length;
    const bare = await api(lead, 'POST', '/ai/defect/module', { describe: 'The cart total is wrong' });
    expect(bare).toMatchObject({ code: 200, data: { moduleId: null, modulePath: null } });
    expect(generations().length).toBe(before);
  });

  it('is for its members who may add defects', async () => {
    expect((await ask('title', {}, tester)).code).toBe(200);
    expect((await ask('title', {}, viewer)).code).toBe(403);
    const stranger = await ask('member', {}, outsider);
    expect(stranger).toMatchObject({ code: 403, msg: 'You do not have permission to access this project' });
    expect((await ask('title', { describe: '  ' })).msg).toBe(
      'Enter the description first: the analysis is based on it',
    );
  });
});

describe('running and failing', () => {
  it('refuses the same analysis of one person twice at once, not the other fields', async () => {
    const first = ask('title', { describe: 'WAIT the cart is wrong' });
    await until(() => lastPrompt().includes('WAIT the cart is wrong'));
    expect(await ask('title')).toMatchObject({
      code: 500,
      msg: 'The AI analysis is already running',
    });
    expect((await ask('type')).code).toBe(200);
    expect((await ask('title', {}, tester)).code).toBe(200);
    expect((await first).code).toBe(200);
    expect((await ask('title')).code).toBe(200);
  });

  it('says when the business model is not downloaded', async () => {
    await api(lead, 'PUT', '/system/ai/config', { projectId, businessModule: 'gemma:2b' });
    try {
      expect((await ask('title')).msg).toBe(
        "The model gemma:2b has not been downloaded to the AI server; download it on the project's AI model page first",
      );
    } finally {
      await api(lead, 'PUT', '/system/ai/config', { projectId, businessModule: null });
    }
  });

  it('says the AI server cannot be reached, for every field, when it is down', async () => {
    const down = await closedPortUrl();
    await api(lead, 'PUT', '/system/ai/config', { projectId, aiUrl: down });
    try {
      for (const field of ['title', 'module', 'type', 'member', 'version']) {
        // "Cannot be reached", not a time-out: the refused connection is reported as such.
        const res = await ask(field);
        expect(res, field).toMatchObject({ code: 500, msg: `The AI server at ${down} cannot be reached` });
      }
      const zh = await t.call({
        method: 'POST',
        url: '/ai/defect/type',
        token: lead.token,
        payload: { projectId, describe: '购物车' },
      });
      expect(zh.body.msg).toBe(`无法连接AI服务器 ${down}，请检查地址或服务器是否已启动`);
    } finally {
      await api(lead, 'PUT', '/system/ai/config', { projectId, aiUrl: '' });
    }
    expect((await ask('type')).code).toBe(200);
  });

  it('gives up a slow answer with a time-out message', async () => {
    const res = await ask('title', { describe: 'SLOW the cart' });
    expect(res.msg).toBe('The AI server did not finish the analysis within 1 s; try again');
  });
});
