import { API_ID_LENGTH, API_KEY_PATTERN, LIST_ALL_MAX } from '@buglet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { type OllamaPeer, startOllamaPeer } from '../../../test/ollama-peer.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * The original's seed-era web client, replayed request by request where it still broke against
 * Buglet (issue 28): each test sends what that client sends, as it sends it, and reads the answer
 * the way it does. The rules behind items 1–3 are also checked on every route (http/wire-rules.test.ts).
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let peer: OllamaPeer;
let owner: Person;
let dev: Person;
let tester: Person;
let projectId = 0;

beforeAll(async () => {
  peer = await startOllamaPeer({ 'llama3:8b': 4_661_224_676 });
  t = await createTestApp({ AI_URL: peer.url, AI_TIMEOUT_SECONDS: '2' });
  api = apiAs(t);
  [owner, dev, tester] = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
  const teamId = await insertTestTeam(t.db, {
    [owner.userId]: [12],
    [dev.userId]: [5],
    [tester.userId]: [5],
  });
  projectId = await insertTestProject(t.db, teamId, {
    [owner.userId]: [11, 6],
    [dev.userId]: [7],
    [tester.userId]: [8],
  });
  for (const who of [owner, dev, tester])
    await api(who, 'PUT', '/system/user-config', { currentProjectId: projectId });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const newDefect = (name: string, handler: Person, extra: Json = {}) =>
  api(owner, 'POST', '/system/defect', {
    projectId,
    defectType: 'BUG',
    defectName: name,
    defectDescribe: 'Steps',
    defectLevel: 'middle',
    handleBy: [handler.userId],
    ...extra,
  });
const get = async (who: Person, url: string) =>
  (await t.call({ method: 'GET', url, token: who.token, lang: 'en_US' })).body;

describe('1. an explicit null is "not given"', () => {
  it('batch deliverables with moduleName: null', async () => {
    const res = await api(owner, 'POST', '/system/module', {
      projectId,
      modulePid: 0,
      moduleName: null,
      batchModuleNames: ['Web', 'App'],
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.map((m: Json) => m.moduleName)).toEqual(['Web', 'App']);
  });

  it('a document at the root with docPid: null', async () => {
    const res = await api(owner, 'POST', '/system/document', {
      projectId,
      docPid: null,
      docName: 'Specs',
      docType: 0,
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ docName: 'Specs', docPid: 0 });
  });

  it('an API key from a form without a white list (whiteList: null)', async () => {
    const res = await api(owner, 'POST', '/system/api', {
      projectId,
      apiName: 'Form key',
      whiteList: null,
      expireTime: null,
      remark: null,
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.whiteList).toEqual([]);
  });

  it('the first AI case-generation request (context: null)', async () => {
    const res = await api(tester, 'POST', '/ai/case/list', { projectId, prompt: 'Log in', context: null });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.cases.length).toBeGreaterThan(0);
  });

  it('a required field sent as null is still named as missing', async () => {
    const res = await api(owner, 'POST', '/system/document', { projectId, docName: null, docType: 0 });
    expect(res.code).toBe(500);
    expect(res.msg).toMatch(/docName|name/i);
  });
});

describe('2–4. the defect list as the original client asks for it', () => {
  let mine = 0;
  beforeAll(async () => {
    mine = (await newDefect('Handled by the developer', dev)).data.defectId;
    await newDefect('Handled by the tester', tester);
  });

  it('reads handleBy[0]=… (the "mine" tab, the handler filter) as a list', async () => {
    const res = await get(
      owner,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=10&handleBy[0]=${dev.userId}`,
    );
    expect(res.code).toBe(200);
    expect(res.rows.map((d: Json) => d.defectId)).toEqual([mine]);
    // Encoded brackets, two indexes: both handlers.
    const both = await get(
      owner,
      `/system/defect/list?projectId=${projectId}&handleBy%5B0%5D=${dev.userId}&handleBy%5B1%5D=${tester.userId}`,
    );
    expect(both.total).toBe(2);
  });

  it('answers pageSize=9999999 (the calendar) and 9999 (report templates) with a capped page', async () => {
    const calendar = await get(
      owner,
      `/system/defect/list?projectId=${projectId}&pageNum=1&pageSize=9999999`,
    );
    expect(calendar).toMatchObject({ code: 200, total: 2 });
    expect(calendar.rows).toHaveLength(2);
    const templates = await get(
      owner,
      `/system/report/template/list?projectId=${projectId}&pageNum=1&pageSize=9999`,
    );
    expect(templates.code, templates.msg).toBe(200);
    expect(LIST_ALL_MAX).toBeGreaterThanOrEqual(1000);
  });

  it('without a projectId (the report viewer, the template editor) lists the current project', async () => {
    const res = await get(owner, '/system/defect/list?pageNum=1&pageSize=10');
    expect(res.code, res.msg).toBe(200);
    expect(res.total).toBe(2);
  });
});

describe('5. a defect without a description', () => {
  it('is accepted from the original form: left out, null or empty', async () => {
    for (const describe of [undefined, null, '']) {
      const res = await newDefect(`No description (${String(describe)})`, dev, { defectDescribe: describe });
      expect(res.code, res.msg).toBe(200);
      expect(res.data.defectDescribe).toBeNull();
    }
  });
});

describe('6. a repair reviewed by someone who is not a tester', () => {
  it('is accepted (the original has no such rule); a stranger still is not', async () => {
    const id = (await newDefect('Reviewed by a developer', dev)).data.defectId;
    const stranger = await t.signedIn();
    const refused = await api(dev, 'POST', `/system/defect/${id}/repair`, {
      defectId: id,
      receiveBy: [stranger.userId],
    });
    expect(refused.code).toBe(500);
    const res = await api(dev, 'POST', `/system/defect/${id}/repair`, {
      defectId: id,
      receiveBy: [owner.userId],
    });
    expect(res.code, res.msg).toBe(200);
    const shown = await get(owner, `/system/defect/${id}`);
    expect(shown.data).toMatchObject({ defectStateName: 'AUDIT', handleBy: [owner.userId] });
  });
});

describe('7. the key the list shows', () => {
  it('is the whole key until its first call, and it works everywhere the original client uses it', async () => {
    await api(owner, 'POST', '/system/api', { projectId, apiName: 'CI' });
    const listed = () =>
      get(owner, `/system/api/list?projectId=${projectId}&apiName=CI&pageNum=1&pageSize=10`).then(
        (res) => res.rows[0] as Json,
      );
    const row = await listed();
    // The original client's list column and copy button read `apiId`: the key itself.
    expect(row.apiId).toMatch(API_KEY_PATTERN);
    expect(row.keyShownUntil).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const key = row.apiId as string;
    // Its edit dialog reads and writes by that id.
    expect((await get(owner, `/system/api/${key}`)).data.apiName).toBe('CI');
    const edited = await api(owner, 'PUT', '/system/api', { apiId: key, remark: 'from the list' });
    expect(edited.code, edited.msg).toBe(200);
    // Reporters push with it.
    const push = await t.call({ method: 'GET', url: '/api/case', headers: { 'CAT2BUG-API-KEY': key } });
    expect(push.body.code, push.body.msg).toBe(200);
    // After its first call the list shows only the public id, which still edits and deletes it.
    const after = await listed();
    expect(after.apiId).toBe(key.slice(0, API_ID_LENGTH));
    expect(after.keyShownUntil).toBeNull();
    expect(after.remark).toBe('from the list');
    const gone = await api(owner, 'DELETE', `/system/api/${key}`);
    expect(gone.code, gone.msg).toBe(200);
    expect((await get(owner, `/system/api/list?projectId=${projectId}&apiName=CI`)).total).toBe(0);
  });
});

describe('8. the fields the defect drawer reads', () => {
  it('projectName, rejectCount, handleStartTime and handlePassTime, in the list and the detail', async () => {
    const id = (await newDefect('Sent back twice', dev)).data.defectId;
    for (let round = 0; round < 2; round++) {
      await api(dev, 'POST', `/system/defect/${id}/repair`, { receiveBy: [tester.userId] });
      await api(tester, 'POST', `/system/defect/${id}/reject`, { defectLogDescribe: 'Still broken' });
    }
    const detail = (await get(owner, `/system/defect/${id}`)).data;
    const [listedRow] = (await get(owner, `/system/defect/list?projectId=${projectId}&defectName=Sent back`))
      .rows;
    for (const d of [detail, listedRow]) {
      expect(d).toMatchObject({ rejectCount: 2 });
      expect(typeof d.projectName).toBe('string');
      expect(d.handleStartTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // Not passed yet: null, which the drawer counts as now.
      expect(d.handlePassTime).toBeNull();
    }
    await api(dev, 'POST', `/system/defect/${id}/repair`, { receiveBy: [tester.userId] });
    await api(tester, 'POST', `/system/defect/${id}/pass`, {});
    const passed = (await get(owner, `/system/defect/${id}`)).data;
    expect(passed.handlePassTime >= passed.handleStartTime).toBe(true);
    // Reopened: a new round, nothing sent back in it yet.
    await api(owner, 'POST', `/system/defect/${id}/open`, { defectLogDescribe: 'Again' });
    expect((await get(owner, `/system/defect/${id}`)).data.rejectCount).toBe(0);
  });
});

describe('9. the case import answer', () => {
  const sheet = async (rows: string[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用例');
    ws.addRow(['用例名称(必填)', '模块', '用例级别', '前置条件', '预期(必填)', '步骤']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (bytes: Buffer) =>
    (
      await t.call({
        method: 'POST',
        url: `/system/case/importData?projectId=${projectId}`,
        token: owner.token,
        ...multipart('file', 'cases.xlsx', bytes),
      })
    ).body;

  it('carries the summary message and the rows, on success and on refusal', async () => {
    const ok = await upload(await sheet([['Log in', 'Web', '3', '', 'Signed in', '']]));
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ count: 1, message: ok.msg, rows: [] });
    const bad = await upload(await sheet([['', '', '3', '', '', '']]));
    expect(bad.code).toBe(500);
    expect(bad.data.message).toMatch(/^很抱歉，导入失败！共 1 条数据格式不正确/);
    expect(bad.data.rows).toEqual([{ rowNum: 2, messages: expect.any(Array) }]);
  });
});

describe('10. routes for pages the original client lacks', () => {
  it('are hidden from it and load no component; Buglet reads its page from meta.buglet', async () => {
    const admin = { token: await t.login() } as Person;
    const flat: Json[] = [];
    const walk = (list: Json[]) => {
      for (const r of list) {
        flat.push(r);
        walk(r.children ?? []);
      }
    };
    walk((await get(admin, '/getRouters')).data);
    for (const page of ['system/ScreenSize/index', 'monitor/database/index']) {
      const record = flat.find((r) => r.meta.buglet?.component === page);
      expect(record, page).toMatchObject({
        hidden: true,
        component: null,
        meta: { buglet: { hidden: false } },
      });
    }
    // The original's own pages are untouched.
    expect(flat.find((r) => r.component === 'system/defect/index')?.meta.buglet).toBeUndefined();
    expect(flat.filter((r) => r.meta.buglet)).toHaveLength(2);
  });
});

describe('11. the cache monitor without Redis', () => {
  it('describes the built-in cache in the fields of Redis INFO, with its command counts', async () => {
    const admin = { token: await t.login() } as Person;
    const res = await get(admin, '/monitor/cache');
    expect(res.code).toBe(200);
    expect(res.data.backend).toBe('database');
    expect(res.data.info).toMatchObject({
      redis_version: expect.stringContaining('sys_kv'),
      redis_mode: 'standalone',
      used_memory_human: expect.any(String),
      uptime_in_days: expect.stringMatching(/^\d+$/),
    });
    const commands = new Map(res.data.commandStats.map((c: Json) => [c.name, Number(c.value)]));
    // Sign-ins count attempts with one upsert each.
    expect(commands.get('incrby')).toBeGreaterThan(0);
  });
});
