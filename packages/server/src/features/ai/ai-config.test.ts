import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { type OllamaPeer, startOllamaPeer } from '../../../test/ollama-peer.ts';
import { allowOutbound, LOOPBACK_RANGES } from '../../../test/outbound.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { cellText, readFirstSheet } from '../../lib/xlsx.ts';

/*
 * The AI routes as the original's clients call them: a settings row by id, several deleted at
 * once, the Excel export, the model routes without a projectId (the caller's current project,
 * from the user config), and the cloud case library answered from the project's own cases.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let peer: OllamaPeer;
let lead: Person;
let tester: Person;
let outsider: Person;
let projectId: number;
let otherProject: number;
let foreignProject: number;

beforeAll(async () => {
  peer = await startOllamaPeer({ 'llama3:8b': 4_661_224_676, 'qwen2:7b': 4_431_400_262 });
  t = await createTestApp({ AI_URL: peer.url, AI_TIMEOUT_SECONDS: '1' });
  await allowOutbound(t.db, LOOPBACK_RANGES);
  api = apiAs(t);
  [lead, tester, outsider] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const team = await insertTestTeam(t.db, { [lead.userId]: [5], [tester.userId]: [5] });
  projectId = await insertTestProject(t.db, team, { [lead.userId]: [11], [tester.userId]: [8] });
  otherProject = await insertTestProject(t.db, team, { [lead.userId]: [11] });
  const otherTeam = await insertTestTeam(t.db, { [outsider.userId]: [12] });
  foreignProject = await insertTestProject(t.db, otherTeam, { [outsider.userId]: [11] });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const useProject = async (who: Person, currentProjectId: number) =>
  expect((await api(who, 'PUT', '/system/user-config', { currentProjectId })).code).toBe(200);
const rowOf = (project: number) =>
  t.db.selectFrom('sysAiModuleConfig').selectAll().where('projectId', '=', project).executeTakeFirst();

async function exported(who: Person, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/ai/export',
    headers: {
      authorization: `Bearer ${who.token}`,
      language: 'en_US',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) return { body: res.json() as Json };
  const ws = await readFirstSheet(res.rawPayload);
  const rows: string[][] = [];
  ws?.eachRow((row) => {
    rows.push(Array.from({ length: 7 }, (_, i) => cellText(row.getCell(i + 1).value)));
  });
  return { rows, name: decodeURIComponent(String(res.headers['download-filename'])) };
}

describe('the model routes without a projectId', () => {
  it('read the caller’s current project from the user config', async () => {
    await useProject(lead, projectId);
    // Its own server (the same peer): models on the platform's are the administrator's to manage.
    const saved = await api(lead, 'PUT', '/system/ai', { businessModule: 'qwen2:7b', aiUrl: peer.url });
    expect(saved).toMatchObject({ code: 200, data: { projectId, businessModule: 'qwen2:7b' } });
    expect((await rowOf(projectId))?.businessModule).toBe('qwen2:7b');
    const listed = await api(lead, 'GET', '/system/ai/list');
    expect((listed.rows as Json[]).find((m) => m.name === 'qwen2:7b')).toMatchObject({ kind: 'business' });
    const defaults = await api(lead, 'GET', '/system/ai/model/list/default');
    expect(defaults.rows).toEqual(['llama3:8b', 'llava:7b', 'qwen2:7b']);
    expect((await api(lead, 'POST', '/system/ai/model', { name: 'phi3:mini' })).code).toBe(200);
    expect(peer.requests.some((r) => r.path === '/api/pull' && r.body.name === 'phi3:mini')).toBe(true);
    expect((await api(lead, 'DELETE', '/system/ai/model', { name: 'qwen2:7b' })).code).toBe(200);
    expect(peer.models.has('qwen2:7b')).toBe(false);
    peer.models.set('qwen2:7b', 4_431_400_262);
    expect((await api(lead, 'PUT', '/system/ai', { aiUrl: '' })).data.aiUrl).toBeNull();

    // Another current project: its own settings, untouched by the first.
    await useProject(lead, otherProject);
    expect((await api(lead, 'GET', '/system/ai/config')).data).toMatchObject({
      projectId: otherProject,
      businessModule: 'llama3:8b',
    });
    const generated = await api(lead, 'POST', '/ai/case/list', { prompt: 'Test the login' });
    expect(generated.code).toBe(200);
    expect(peer.requests.filter((r) => r.path === '/api/generate').at(-1)?.body.model).toBe('llama3:8b');
  });

  it('take a project id sent as a numeric text, and refuse without any project', async () => {
    const res = await api(lead, 'PUT', '/system/ai', {
      projectId: String(projectId),
      imageModule: 'llava:13b',
    });
    expect(res).toMatchObject({ code: 200, data: { projectId, imageModule: 'llava:13b' } });
    await useProject(tester, 0);
    expect(await api(tester, 'GET', '/system/ai/list')).toMatchObject({
      code: 403,
      msg: 'You do not have permission to access this project',
    });
    // A current project does not open another one to a stranger.
    await useProject(outsider, foreignProject);
    expect(
      await api(outsider, 'GET', '/system/ai/list', undefined, { projectId: String(projectId) }),
    ).toMatchObject({ code: 403 });
    expect((await api(outsider, 'GET', '/system/ai/list')).code).toBe(200);
  });
});

describe('a settings row by id', () => {
  it('is answered to the project’s managers only', async () => {
    const row = await rowOf(projectId);
    const aiId = row?.aiId as number;
    const res = await api(lead, 'GET', `/system/ai/${aiId}`);
    expect(res).toMatchObject({ code: 200 });
    expect(res.data).toEqual({
      aiId,
      projectId,
      aiUrl: null,
      businessModule: 'qwen2:7b',
      imageModule: 'llava:13b',
      createTime: row?.createTime,
      createById: lead.userId,
      updateTime: row?.updateTime,
      updateById: lead.userId,
    });
    expect((await api(tester, 'GET', `/system/ai/${aiId}`)).code).toBe(403);
    expect(await api(outsider, 'GET', `/system/ai/${aiId}`)).toMatchObject({
      code: 403,
      msg: 'You do not have permission to access this project',
    });
    expect((await api(lead, 'GET', '/system/ai/999999')).code).toBe(403);
    expect((await api(lead, 'GET', '/system/ai/abc')).code).toBe(500);
  });

  it('is exported to Excel with the list’s filters, from the current project when none is named', async () => {
    const sheet = await exported(lead, { projectId: String(projectId) });
    expect(sheet.name).toBe('AI model settings.xlsx');
    expect(sheet.rows?.[0]).toEqual([
      'ID',
      'Project ID',
      'AI server',
      'Text model',
      'Image model',
      'Created',
      'Updated',
    ]);
    expect(sheet.rows?.slice(1).map((r) => r.slice(0, 5))).toEqual([
      [String((await rowOf(projectId))?.aiId), String(projectId), '', 'qwen2:7b', 'llava:13b'],
    ]);
    expect(
      (await exported(lead, { projectId: String(projectId), businessModule: 'llama3:8b' })).rows,
    ).toHaveLength(1);
    await useProject(lead, projectId);
    expect((await exported(lead, {})).rows).toHaveLength(2);
    expect((await exported(tester, { projectId: String(projectId) })).body?.code).toBe(403);
    expect((await exported(outsider, { projectId: String(projectId) })).body?.code).toBe(403);
  });

  it('is deleted several at once, all in one project or none', async () => {
    await api(lead, 'PUT', '/system/ai', { projectId: otherProject, businessModule: 'qwen2:7b' });
    await api(outsider, 'PUT', '/system/ai', { projectId: foreignProject, businessModule: 'qwen2:7b' });
    const [mine, theirs, second] = [
      (await rowOf(projectId))?.aiId,
      (await rowOf(foreignProject))?.aiId,
      (await rowOf(otherProject))?.aiId,
    ];
    expect((await api(lead, 'DELETE', `/system/ai/${mine},${theirs}`)).code).toBe(403);
    expect((await api(lead, 'DELETE', `/system/ai/${mine},${second}`)).code).toBe(403);
    expect(await rowOf(projectId)).toBeDefined();
    expect((await api(tester, 'DELETE', `/system/ai/${mine}`)).code).toBe(403);
    expect((await api(lead, 'DELETE', `/system/ai/${mine}`)).code).toBe(200);
    expect(await rowOf(projectId)).toBeUndefined();
    // Back on the defaults.
    expect(
      (await api(lead, 'GET', '/system/ai/config', undefined, { projectId: String(projectId) })).data,
    ).toMatchObject({ aiId: null, businessModule: 'llama3:8b', imageModule: 'llava:7b' });
    expect(await rowOf(foreignProject)).toBeDefined();
  });
});

describe('the cloud case library', () => {
  it('answers the project’s own cases whose titles hold the text', async () => {
    const mod = await api(lead, 'POST', '/system/module', { projectId, batchModuleNames: ['Cart'] });
    const moduleId = mod.data[0].moduleId;
    for (const caseName of ['Add to cart', 'Empty the cart', 'Sign in'])
      expect(
        (
          await api(lead, 'POST', '/system/case', {
            projectId,
            moduleId,
            caseName,
            caseLevel: 2,
            caseExpect: 'It works',
            caseStep: [{ stepDescribe: 'Open the page', stepExpect: 'It shows' }],
          })
        ).code,
      ).toBe(200);
    const res = await api(tester, 'GET', '/cloud/api/case/list', undefined, {
      projectId: String(projectId),
      content: 'cart',
    });
    expect(res.code).toBe(200);
    expect((res.data as Json[]).map((c) => c.caseName).sort()).toEqual(['Add to cart', 'Empty the cart']);
    expect(res.data[0]).toMatchObject({
      moduleId,
      modulePath: 'Cart',
      caseLevel: 2,
      casePreconditions: '',
      caseExpect: 'It works',
      caseStep: [{ stepDescribe: 'Open the page', stepExpect: 'It shows' }],
    });
    expect(Object.keys(res.data[0]).sort()).toEqual(
      [
        'caseId',
        'caseNum',
        'caseName',
        'caseLevel',
        'moduleId',
        'modulePath',
        'casePreconditions',
        'caseExpect',
        'caseStep',
      ].sort(),
    );
    await useProject(tester, projectId);
    expect((await api(tester, 'GET', '/cloud/api/case/list')).data).toHaveLength(3);
    expect(
      (await api(outsider, 'GET', '/cloud/api/case/list', undefined, { projectId: String(projectId) })).code,
    ).toBe(403);
    expect(
      (await api(tester, 'GET', '/cloud/api/case/list', undefined, { content: 'x'.repeat(300) })).msg,
    ).toBe('The search text can have at most 255 characters');
  });
});
