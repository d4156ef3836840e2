import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import {
  closedPortUrl,
  type OllamaPeer,
  startOllamaPeer,
  startSilentPeer,
} from '../../../test/ollama-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { listeningAddress, socketOf } from '../../../test/sockets.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let peer: OllamaPeer;
let other: OllamaPeer;
let base: string;
let lead: Person;
let tester: Person;
let dev: Person;
let outsider: Person;
let projectId: number;
let otherProject: number;

beforeAll(async () => {
  peer = await startOllamaPeer({ 'llama3:8b': 4_661_224_676, 'qwen2:7b': 4_431_400_262 });
  other = await startOllamaPeer({ 'mistral:7b': 4_113_301_824 });
  t = await createTestApp({ AI_URL: peer.url, AI_TIMEOUT_SECONDS: '1' });
  // The project's own servers below are loopback peers: the outbound guard must let them through.
  await allowOutbound(t.db, LOOPBACK_RANGES);
  api = apiAs(t);
  base = await listeningAddress(t);
  [lead, tester, dev, outsider] = [
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
    await t.signedIn(),
  ];
  const team = await insertTestTeam(t.db, { [lead.userId]: [5], [tester.userId]: [5], [dev.userId]: [5] });
  // Project creator (11) manages AI; tester (8) may generate cases; developer (7) neither.
  projectId = await insertTestProject(t.db, team, {
    [lead.userId]: [11],
    [tester.userId]: [8],
    [dev.userId]: [7],
  });
  const otherTeam = await insertTestTeam(t.db, { [outsider.userId]: [12], [lead.userId]: [5] });
  otherProject = await insertTestProject(t.db, otherTeam, { [outsider.userId]: [11], [lead.userId]: [11] });
  const shop = await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Shop'] });
  const modulePid = shop.data[0].moduleId;
  await api(lead, 'POST', '/system/module', { projectId, modulePid, batchModuleNames: ['Cart', 'Checkout'] });
});
afterAll(async () => {
  await t.close();
  await peer.close();
  await other.close();
});

const list = async (who = lead, project = projectId) =>
  api(who, 'GET', '/system/ai/list', undefined, { projectId: String(project) });
const setConfig = async (body: Json, who = lead) =>
  api(who, 'PUT', '/system/ai/config', { projectId, ...body });
const generate = async (prompt: string, who = lead, extra: Json = {}) =>
  api(who, 'POST', '/ai/case/list', { projectId, prompt, ...extra });
const modulePaths = async () =>
  new Map(
    (await api(lead, 'GET', '/system/module/list', undefined, { projectId: String(projectId) })).data.map(
      (m: Json) => [m.modulePath, m.moduleId],
    ),
  );
const lastGenerate = () => [...peer.requests].reverse().find((r) => r.path === '/api/generate')?.body as Json;

/** Rows of every table this feature could write to (sys_case when the cases feature is there). */
async function writtenRows(): Promise<Record<string, number>> {
  const count = async (table: string) => {
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
      return Number(rows[0]?.n);
    } catch {
      return -1; // the table does not exist (yet)
    }
  };
  return { sys_case: await count('sys_case'), sys_ai_module_config: await count('sys_ai_module_config') };
}

async function connect(who: Person) {
  const { frames, close } = await socketOf(base, who);
  const pulls = (name: string) => frames.filter((f) => f.action === 'aiModelPull' && f.data.name === name);
  const waitFor = async (name: string, state: string, ms = 5000) => {
    const start = Date.now();
    for (;;) {
      const found = pulls(name).find((f) => f.data.state === state);
      if (found) return found.data as Json;
      if (Date.now() - start > ms) throw new Error(`no ${state} frame for ${name} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { frames, pulls, waitFor, close };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const result = await work();
  return [result, Date.now() - start];
}

describe('configuration', () => {
  it('defaults to a local Ollama and a two-minute generation, and checks the address', () => {
    const c = loadConfig({});
    expect(c.aiUrl).toBe('http://127.0.0.1:11434');
    expect(c.aiTimeoutSeconds).toBe(120);
    expect(loadConfig({ AI_URL: 'https://ai.example.com:8443/ollama/' }).aiUrl).toBe(
      'https://ai.example.com:8443/ollama',
    );
    expect(() => loadConfig({ AI_URL: 'ftp://ai.example.com' })).toThrowError(
      /AI_URL: must be an http\(s\):\/\/ URL/,
    );
    expect(() => loadConfig({ AI_TIMEOUT_SECONDS: 'soon' })).toThrowError(
      /AI_TIMEOUT_SECONDS: must be a number/,
    );
  });
});

describe('the model list', () => {
  it('shows installed models and the default ones not yet downloaded, with their kind', async () => {
    const res = await list();
    expect(res).toMatchObject({ code: 200, total: 3 });
    expect(res.rows).toEqual([
      {
        name: 'llama3:8b',
        size: 4_661_224_676,
        state: 'COMPLETED',
        kind: 'business',
        businessModule: 'llama3:8b',
      },
      { name: 'llava:7b', size: 0, state: 'EMPTY', kind: 'image', imageModule: 'llava:7b' },
      { name: 'qwen2:7b', size: 4_431_400_262, state: 'COMPLETED', kind: null },
    ]);
    const suggested = await api(lead, 'GET', '/system/ai/model/list/default', undefined, {
      projectId: String(projectId),
    });
    expect(suggested).toMatchObject({ code: 200, rows: ['llama3:8b', 'llava:7b'], total: 2 });
  });

  it('is for the project’s managers only', async () => {
    expect((await list(dev)).code).toBe(403);
    expect((await list(tester)).code).toBe(403);
    const stranger = await list(outsider);
    expect(stranger).toMatchObject({ code: 403, msg: 'You do not have permission to access this project' });
  });
});

describe('the project’s AI settings', () => {
  it('answers the defaults, then the chosen models', async () => {
    const before = await api(lead, 'GET', '/system/ai/config', undefined, { projectId: String(projectId) });
    expect(before.data).toEqual({
      aiId: null,
      projectId,
      aiUrl: null,
      defaultAiUrl: peer.url,
      businessModule: 'llama3:8b',
      imageModule: 'llava:7b',
    });
    const saved = await api(lead, 'PUT', '/system/ai', {
      projectId,
      businessModule: 'qwen2:7b',
      imageModule: '',
    });
    expect(saved.data).toMatchObject({ businessModule: 'qwen2:7b', imageModule: 'llava:7b', aiUrl: null });
    const rows = (await list()).rows as Json[];
    expect(rows.find((m) => m.name === 'qwen2:7b')).toMatchObject({
      kind: 'business',
      businessModule: 'qwen2:7b',
    });
    expect(rows.find((m) => m.name === 'llama3:8b')).toMatchObject({ state: 'COMPLETED', kind: null });
    // The original's POST is an upsert by project too: still one row.
    await api(lead, 'POST', '/system/ai', { projectId, businessModule: 'llama3:8b' });
    const rowsOf = await t.db
      .selectFrom('sysAiModuleConfig')
      .selectAll()
      .where('projectId', '=', projectId)
      .execute();
    expect(rowsOf).toHaveLength(1);
    expect(rowsOf[0]).toMatchObject({
      businessModule: 'llama3:8b',
      imageModule: null,
      createById: lead.userId,
    });
  });

  it('lets a project use its own AI server, checks the address, and goes back to the default', async () => {
    expect((await setConfig({ aiUrl: 'ftp://models.example.com' })).msg).toBe(
      'The AI server address must be an http(s):// URL of at most 512 characters',
    );
    expect((await setConfig({ aiUrl: 'not a url' })).code).toBe(500);
    const saved = await setConfig({ aiUrl: other.url });
    expect(saved.data).toMatchObject({
      aiUrl: other.url,
      defaultAiUrl: peer.url,
      businessModule: 'llama3:8b',
    });
    expect(((await list()).rows as Json[]).map((m) => [m.name, m.state])).toEqual([
      ['llama3:8b', 'EMPTY'],
      ['llava:7b', 'EMPTY'],
      ['mistral:7b', 'COMPLETED'],
    ]);
    // Another project keeps the platform's server; leaving the address out keeps it.
    expect(((await list(lead, otherProject)).rows as Json[]).map((m) => m.name)).toContain('qwen2:7b');
    await setConfig({ imageModule: 'llava:13b' });
    expect(
      (await api(lead, 'GET', '/system/ai/config', undefined, { projectId: String(projectId) })).data.aiUrl,
    ).toBe(other.url);
    expect((await setConfig({ aiUrl: '', imageModule: null })).data).toMatchObject({
      aiUrl: null,
      imageModule: 'llava:7b',
    });
    expect(((await list()).rows as Json[]).map((m) => m.name)).toContain('qwen2:7b');
  });

  it('cannot be changed by a developer, nor by someone outside the project', async () => {
    expect((await setConfig({ businessModule: 'qwen2:7b' }, dev)).code).toBe(403);
    expect((await setConfig({ businessModule: 'qwen2:7b' }, outsider)).code).toBe(403);
  });
});

describe('downloading a model', () => {
  // Onto the project's own server (here the same peer): the platform's is the administrator's.
  beforeAll(async () => expect((await setConfig({ aiUrl: peer.url })).code).toBe(200));
  afterAll(async () => expect((await setConfig({ aiUrl: '' })).code).toBe(200));

  it('streams progress to the project’s members until it succeeds, and refuses a second download meanwhile', async () => {
    const mine = await connect(lead);
    const watcher = await connect(tester);
    const stranger = await connect(outsider);
    const started = await api(lead, 'POST', '/system/ai/model', { projectId, name: 'phi3:mini' });
    expect(started).toMatchObject({ code: 200 });
    // Answered before the download ends: it is still under way.
    const row = ((await list()).rows as Json[]).find((m) => m.name === 'phi3:mini');
    expect(row).toMatchObject({ state: 'PULLING', size: 0, kind: null });
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'phi3:mini' })).msg).toBe(
      'The model phi3:mini is already being downloaded',
    );
    const progress = await watcher.waitFor('phi3:mini', 'PULLING');
    expect(progress).toMatchObject({ projectId, name: 'phi3:mini', error: null });
    const done = await mine.waitFor('phi3:mini', 'SUCCESS');
    expect(done).toEqual({
      projectId,
      name: 'phi3:mini',
      state: 'SUCCESS',
      total: 1000,
      completed: 1000,
      layer: '6a0746a1ec1a',
      error: null,
    });
    const layers = mine.pulls('phi3:mini').map((f) => f.data);
    expect(layers.some((f) => f.layer === '6a0746a1ec1a' && f.total === 1000)).toBe(true);
    // Nine progress lines 40 ms apart, at most one frame per 100 ms: fewer frames than lines.
    expect(layers.length).toBeLessThan(9);
    expect(layers.at(-1)?.state).toBe('SUCCESS');
    expect(((await list()).rows as Json[]).find((m) => m.name === 'phi3:mini')).toMatchObject({
      state: 'COMPLETED',
      size: 1000,
    });
    expect(peer.requests.find((r) => r.path === '/api/pull')?.body).toMatchObject({
      name: 'phi3:mini',
      stream: true,
    });
    // A download in the outsider's own project, started after this one ended: once its frame
    // reaches the outsider, on the same socket, a frame of this one would have come before.
    const elsewhere = { projectId: otherProject, name: 'missing-elsewhere' };
    await api(outsider, 'PUT', '/system/ai/config', { projectId: otherProject, aiUrl: other.url });
    expect((await api(outsider, 'POST', '/system/ai/model', elsewhere)).code).toBe(200);
    await stranger.waitFor('missing-elsewhere', 'ERROR');
    await api(outsider, 'PUT', '/system/ai/config', { projectId: otherProject, aiUrl: '' });
    expect(
      stranger.frames.filter((f) => f.action === 'aiModelPull' && f.data.name !== 'missing-elsewhere'),
    ).toEqual([]);
    for (const s of [mine, watcher, stranger]) s.close();
  });

  it('ends in ERROR with a clear message when the model does not exist or the download breaks off', async () => {
    const mine = await connect(lead);
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'missing-model' })).code).toBe(
      200,
    );
    const failed = await mine.waitFor('missing-model', 'ERROR');
    expect(failed).toMatchObject({ state: 'ERROR', error: 'The model file "missing-model" does not exist' });
    expect(((await list()).rows as Json[]).find((m) => m.name === 'missing-model')).toMatchObject({
      state: 'ERROR',
      error: 'The model file "missing-model" does not exist',
    });
    await api(lead, 'POST', '/system/ai/model', { projectId, name: 'cut-model' });
    expect((await mine.waitFor('cut-model', 'ERROR')).error).toBe(
      'The download of cut-model was interrupted; try again',
    );
    expect(mine.pulls('cut-model').some((f) => f.data.state === 'SUCCESS')).toBe(false);
    // Refused at once: the answer says so, and the page's row turns to ERROR too.
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'refused-model' })).msg).toBe(
      'The AI server answered with an error: The model file "refused-model" does not exist',
    );
    expect((await mine.waitFor('refused-model', 'ERROR')).error).toBe(
      'The model file "refused-model" does not exist',
    );
    mine.close();
  });

  it('checks the name and the permission', async () => {
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: '' })).msg).toBe(
      'Enter the model name',
    );
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'bad name;rm' })).msg).toBe(
      'A model name can have at most 255 characters: letters, digits and . _ - : / @',
    );
    expect((await api(dev, 'POST', '/system/ai/model', { projectId, name: 'phi3' })).code).toBe(403);
  });
});

describe('deleting a model', () => {
  beforeAll(async () => expect((await setConfig({ aiUrl: peer.url })).code).toBe(200));
  afterAll(async () => expect((await setConfig({ aiUrl: '' })).code).toBe(200));

  it('deletes it on the AI server, and says so when it is not there', async () => {
    const res = await api(lead, 'DELETE', '/system/ai/model', { projectId, name: 'phi3:mini' });
    expect(res.code).toBe(200);
    expect(peer.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/delete',
      body: { name: 'phi3:mini' },
    });
    expect(((await list()).rows as Json[]).map((m) => m.name)).not.toContain('phi3:mini');
    expect((await api(lead, 'DELETE', '/system/ai/model', { projectId, name: 'phi3:mini' })).msg).toBe(
      'The model phi3:mini has not been downloaded to the AI server',
    );
    expect((await api(dev, 'DELETE', '/system/ai/model', { projectId, name: 'qwen2:7b' })).code).toBe(403);
  });
});

describe('the platform’s AI server', () => {
  const asked = (path: string, name: string) =>
    peer.requests.filter((r) => r.path === path && r.body.name === name).length;
  const setPlatformModels = (value: string) =>
    t.db
      .updateTable('sysConfig')
      .set({ configValue: value })
      .where('configKey', '=', 'sys.ai.platformModels')
      .execute();

  it('is not a project administrator’s to fill or empty: the server is never asked', async () => {
    // Anyone who registers can make a project and administer it; this one has no server of its own.
    expect(
      (await api(lead, 'GET', '/system/ai/config', undefined, { projectId: String(projectId) })).data.aiUrl,
    ).toBeNull();
    const refusal = {
      code: 500,
      msg: "Only the super administrator manages models on the platform's AI server; give the project an AI server of its own to manage models there",
    };
    expect(await api(lead, 'POST', '/system/ai/model', { projectId, name: 'huge:70b' })).toEqual(refusal);
    expect(await api(lead, 'DELETE', '/system/ai/model', { projectId, name: 'llama3:8b' })).toEqual(refusal);
    expect(asked('/api/pull', 'huge:70b')).toBe(0);
    expect(asked('/api/delete', 'llama3:8b')).toBe(0);
    expect(peer.models.has('llama3:8b')).toBe(true);
  });

  it('takes the models the administrator lets projects pull, and deletes for the administrator alone', async () => {
    await setPlatformModels('tinyllama, phi3:mini');
    try {
      expect(
        (await api(lead, 'POST', '/system/ai/model', { projectId, name: 'tinyllama:latest' })).code,
      ).toBe(200);
      expect(asked('/api/pull', 'tinyllama:latest')).toBe(1);
      expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'phi3:medium' })).code).toBe(
        500,
      );
      expect(
        (await api(lead, 'DELETE', '/system/ai/model', { projectId, name: 'tinyllama:latest' })).code,
      ).toBe(500);
    } finally {
      await setPlatformModels('');
    }
    const admin = { token: await t.login() } as Person;
    expect((await api(admin, 'POST', '/system/ai/model', { projectId, name: 'qwen2:0.5b' })).code).toBe(200);
    expect(asked('/api/pull', 'qwen2:0.5b')).toBe(1);
  });
});

describe('generating test cases', () => {
  it('asks the business model for 5 cases by default and maps their deliverables', async () => {
    const paths = await modulePaths();
    const res = await generate('Test the shopping cart', tester);
    expect(res.code).toBe(200);
    const { cases, context } = res.data as { cases: Json[]; context: number[] };
    expect(cases).toHaveLength(5);
    expect(context).toEqual([101, 102, 103]);
    expect(cases[0]).toEqual({
      caseName: 'Add an item to the cart',
      caseLevel: 1,
      moduleId: paths.get('Shop/Cart'),
      modulePath: 'Shop/Cart',
      casePreconditions: 'Signed in',
      caseExpect: 'The cart holds the item',
      caseStep: [
        { stepDescribe: 'Open a product', stepExpect: 'The product page shows' },
        { stepDescribe: 'Press Add to cart', stepExpect: 'The badge shows 1' },
      ],
    });
    expect(cases.map((c) => [c.caseLevel, c.modulePath])).toEqual([
      [1, 'Shop/Cart'],
      [2, 'Shop/Checkout'],
      [5, 'Shop/Cart'],
      [1, null],
      [3, null],
    ]);
    expect(cases[1]?.caseStep[0]).toEqual({ stepDescribe: 'Open the checkout', stepExpect: '' });
    expect(cases[2]?.caseExpect).toBe('The cart is empty');
    expect(cases[3]?.moduleId).toBeNull();
    expect(cases[4]?.caseName).toHaveLength(255);

    const sent = lastGenerate();
    expect(sent).toMatchObject({ model: 'llama3:8b', stream: false, format: 'json' });
    expect(sent.context).toBeUndefined();
    expect(sent.prompt).toContain('Answer in English.');
    expect(sent.prompt).toContain(
      'Test the shopping cart. If no number of test cases is stated above, generate 5',
    );
    expect(sent.prompt).toContain('Shop\nShop/Cart\nShop/Checkout');
    expect(sent.prompt).toContain('"caseStep":[{"stepDescribe":"","stepExpect":""}]');
  });

  it('continues a topic with its context, and asks for the count given', async () => {
    const res = await generate('Also the coupons', lead, { context: [7, 8, 9], count: 3 });
    expect(res.data.context).toEqual([7, 8, 9, 101, 102, 103]);
    expect(lastGenerate()).toMatchObject({ context: [7, 8, 9] });
    expect(lastGenerate().prompt).toContain('Also the coupons. Generate 3 test cases.');
    const zh = await t.call({
      method: 'POST',
      url: '/ai/case/list',
      token: lead.token,
      payload: { projectId, prompt: '测试购物车' },
    });
    expect(zh.body.code).toBe(200);
    expect(lastGenerate().prompt).toMatch(
      /^请用中文回答。\n测试购物车。前面如果没有标明数量，那默认生成5条测试用例/,
    );
  });

  it('answers the parse message for a broken answer and creates nothing', async () => {
    const before = await writtenRows();
    const res = await generate('BROKEN please');
    expect(res).toMatchObject({
      code: 500,
      msg: 'The content could not be parsed; adjust the prompt and try again',
    });
    expect(res.data).toBeUndefined();
    expect(await writtenRows()).toEqual(before);
    const zh = await t.call({
      method: 'POST',
      url: '/ai/case/list',
      token: lead.token,
      payload: { projectId, prompt: 'BROKEN' },
    });
    expect(zh.body.msg).toBe('输入的内容无法正确解析，请调整语句后重新查询!');
  });

  it('refuses a second generation of the same person while one runs', async () => {
    const first = generate('WAIT for it');
    await until(() => lastGenerate()?.prompt?.includes('WAIT for it') === true);
    const second = await generate('Another one');
    expect(second).toMatchObject({
      code: 500,
      msg: 'A generation is already running; wait for it to finish',
    });
    // Someone else is not held up.
    expect((await generate('Meanwhile', tester)).code).toBe(200);
    expect((await first).code).toBe(200);
    expect((await generate('Now again')).code).toBe(200);
  });

  it('gives up a slow answer after AI_TIMEOUT_SECONDS with a time-out message', async () => {
    const [res, ms] = await timed(() => generate('SLOW topic'));
    expect(res.msg).toBe('The AI server did not finish within 1 s; try again, or ask for fewer cases');
    // It waited its second (a lower bound a busy machine cannot break), and gave up before the
    // AI server answered (that comes 3 s after the request).
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(lastGenerate()?.prompt).toContain('SLOW topic');
    expect(peer.answered.some((prompt) => prompt.includes('SLOW topic'))).toBe(false);
    // The person may try again at once.
    expect((await generate('Quick one')).code).toBe(200);
  });

  it('says when the business model is not downloaded', async () => {
    await setConfig({ businessModule: 'gemma:2b' });
    expect((await generate('Test login')).msg).toBe(
      "The model gemma:2b has not been downloaded to the AI server; download it on the project's AI model page first",
    );
    await setConfig({ businessModule: null });
  });

  it('checks the prompt and the permission', async () => {
    expect((await generate('   ')).msg).toBe('Describe the feature to test');
    expect((await generate('Test', dev)).code).toBe(403);
    expect((await api(outsider, 'POST', '/ai/case/list', { projectId, prompt: 'x' })).code).toBe(403);
  });
});

describe('an AI server that is down', () => {
  it('gives a clear message at once, for the list, a download and a generation', async () => {
    const down = await closedPortUrl();
    await setConfig({ aiUrl: down });
    const message = `The AI server at ${down} cannot be reached`;
    // "Cannot be reached", not "did not answer within 1 s": the refused connection is reported
    // as such, without waiting out the time-out.
    expect(await list()).toMatchObject({ code: 500, msg: message });
    expect((await api(lead, 'POST', '/system/ai/model', { projectId, name: 'phi3' })).msg).toBe(message);
    expect((await generate('Test the cart')).msg).toBe(message);
    const zh = await t.call({
      method: 'GET',
      url: '/system/ai/list',
      token: lead.token,
      query: { projectId: String(projectId) },
    });
    expect(zh.body.msg).toBe(`无法连接AI服务器 ${down}，请检查地址或服务器是否已启动`);
    await setConfig({ aiUrl: '' });
    expect((await list()).code).toBe(200);
  });

  it('gives up on a server that takes the connection and never answers', async () => {
    const silent = await startSilentPeer();
    try {
      await setConfig({ aiUrl: silent.url });
      // The peer never answers: an answer at all means the time-out ended the wait.
      expect((await list()).msg).toBe(`The AI server at ${silent.url} did not answer within 1 s`);
      expect((await generate('Test the cart')).msg).toBe(
        'The AI server did not finish within 1 s; try again, or ask for fewer cases',
      );
    } finally {
      await setConfig({ aiUrl: '' });
      await silent.close();
    }
  });
});
