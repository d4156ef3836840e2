import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { backOfficeMenuIds } from '../../db/seed/menus.ts';
import { readFirstSheet } from '../../lib/xlsx.ts';

let t: TestApp;
let admin: string;
let member: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  member = await t.signedIn();
});
afterAll(async () => t.close());

type Opts = {
  payload?: Json | string;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
};
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;

/** The stored rows for a URL, newest first, once the background writer has written them. */
async function logged(operUrl: string) {
  await t.app.operLog.flush();
  return t.db
    .selectFrom('sysOperLog')
    .selectAll()
    .where('operUrl', '=', operUrl)
    .orderBy('operId', 'desc')
    .execute();
}

let seq = 0;
const phone = () => `1390000${String(++seq).padStart(4, '0')}`;

describe('recording', () => {
  it('records a write with its module, type, operator, address, parameters, result and cost', async () => {
    const res = await api('POST', '/system/config', {
      payload: { configName: 'Oper log probe', configKey: 'oper.probe', configValue: 'on' },
    });
    expect(res.code).toBe(200);
    const [row] = await logged('/system/config');
    expect(row).toMatchObject({
      title: 'system/config',
      businessType: 1,
      method: 'POST /system/config',
      requestMethod: 'POST',
      operatorType: 1,
      operName: 'admin',
      operIp: '127.0.0.1',
      operLocation: 'login.location.intranet',
      status: 0,
      errorMsg: null,
    });
    expect(JSON.parse(row?.operParam ?? '')).toMatchObject({
      configName: 'Oper log probe',
      configValue: 'on',
    });
    expect(JSON.parse(row?.jsonResult ?? '')).toMatchObject({ code: 200 });
    expect(row?.costTime).toBeGreaterThanOrEqual(0);
    expect(row?.operTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('masks a password in a logged request body, and secrets in queries and answers', async () => {
    const password = 'Pa55-never-log';
    const created = await api('POST', '/system/user', {
      payload: { userName: 'masked1', nickName: 'Masked', password, phoneNumber: phone() },
    });
    expect(created.code).toBe(200);
    const [row] = await logged('/system/user');
    expect(row?.operParam).not.toContain(password);
    expect(JSON.parse(row?.operParam ?? '')).toMatchObject({ userName: 'masked1', password: '******' });

    // A password sent in the query string (the original's updatePwd) is masked too, and the URL
    // is kept without its query.
    const me = await t.signedIn();
    await api('PUT', '/system/user/profile/updatePwd', {
      token: me.token,
      query: { oldPassword: me.password, newPassword: 'n3w-Secret' },
    });
    const [change] = await logged('/system/user/profile/updatePwd');
    expect(change?.title).toBe('system/user/profile');
    expect(change?.operParam).not.toContain(me.password);
    expect(change?.operParam).not.toContain('n3w-Secret');
    expect(JSON.parse(change?.operParam ?? '')).toEqual({ oldPassword: '******', newPassword: '******' });

    // A browser-tool ticket in the answer is a secret.
    const ticket = await api('POST', '/tools/browser/ticket');
    expect(ticket.data.ticket).toBeTruthy();
    const [issued] = await logged('/tools/browser/ticket');
    expect(issued?.jsonResult).not.toContain(ticket.data.ticket);
    expect(JSON.parse(issued?.jsonResult ?? '')).toMatchObject({ data: { ticket: '******' } });
  });

  it('records a refused write as failed, with the message the caller got', async () => {
    const refused = await api('POST', '/system/config', { payload: { configKey: 'x', configValue: 'y' } });
    expect(refused.code).toBe(500);
    const [row] = await logged('/system/config');
    expect(row).toMatchObject({ status: 1, errorMsg: refused.msg });

    const forbidden = await api('DELETE', '/monitor/operlog/1', { token: member.token });
    expect(forbidden.code).toBe(403);
    const [denied] = await logged('/monitor/operlog/1');
    expect(denied).toMatchObject({
      status: 1,
      businessType: 3,
      operName: member.userName,
      errorMsg: forbidden.msg,
    });
  });

  it('leaves out reads, sign-in and callers nobody let in', async () => {
    await api('GET', '/system/config/list');
    await api('POST', '/login', { payload: { username: 'admin', password: 'cat2bug' }, token: '' });
    expect((await api('DELETE', '/system/config/999', { token: '' })).code).toBe(401);
    expect(await logged('/system/config/list')).toEqual([]);
    expect(await logged('/login')).toEqual([]);
    expect(await logged('/system/config/999')).toEqual([]);
  });

  it('keeps the names of uploaded files, never their bytes', async () => {
    const upload = multipart('file', 'evidence.txt', Buffer.from('the file body itself'));
    const res = await t.call({ method: 'POST', url: '/common/upload', token: admin, ...upload });
    expect(res.body.code).toBe(200);
    const [row] = await logged('/common/upload');
    expect(JSON.parse(row?.operParam ?? '')).toEqual({ files: ['evidence.txt'] });
    expect(row?.operParam).not.toContain('the file body itself');
  });

  it('cuts long parameters at 2,000 characters', async () => {
    await api('POST', '/system/config', {
      payload: {
        configName: 'Long',
        configKey: 'oper.long',
        configValue: 'v'.repeat(400),
        remark: 'r'.repeat(499),
      },
    });
    const body = {
      configName: 'x'.repeat(100),
      configKey: 'k',
      configValue: 'y'.repeat(500),
      remark: 'z'.repeat(3000),
    };
    await api('PUT', '/system/config', { payload: body });
    const [row] = await logged('/system/config');
    expect(row?.operParam).toHaveLength(2000);
  });

  it('records the Open API with the key masked and the key user as operator', async () => {
    const lead = await t.signedIn();
    const teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
    const project = await api('POST', '/system/project', {
      token: lead.token,
      payload: { teamId, projectName: 'Logged pushes', members: [] },
    });
    const made = await api('POST', '/system/api', {
      token: lead.token,
      payload: { projectId: project.data.projectId, apiName: 'CI' },
    });
    const key = made.data.apiKey as string;
    const [creation] = await logged('/system/api');
    expect(creation?.jsonResult).not.toContain(key);
    // The original's client names a key by the key itself (its list's id): masked there too.
    await api('PUT', '/system/api', { token: lead.token, payload: { apiId: key, remark: 'edited' } });
    const [edit] = await logged('/system/api');
    expect(JSON.stringify(edit)).not.toContain(key);
    expect(edit?.operParam).toContain(`${key.slice(0, 18)}******`);

    const pushed = await t.call({
      method: 'POST',
      url: '/api/report/defect',
      headers: { 'CAT2BUG-API-KEY': key },
      payload: { reportTitle: 'Nightly', reportTime: Date.now(), defects: [] },
    });
    expect(pushed.body).toMatchObject({ code: 200 });
    const [row] = await logged('/api/report/defect');
    expect(row).toMatchObject({ title: 'api', businessType: 1, operatorType: 0, status: 0 });
    expect(row?.operName).toMatch(/^api-/);
    expect(JSON.stringify(row)).not.toContain(key);
  });
});

describe('GET /monitor/operlog/list', () => {
  it('filters by module name in either language, operator, type, status and time, newest first', async () => {
    // Role 2 is seeded with no grants; here it is given the back office, as an administrator may.
    await t.db
      .insertInto('sysRoleMenu')
      .values(backOfficeMenuIds().map((menuId) => ({ roleId: 2, menuId })))
      .execute();
    const writer = await t.signedIn([2]);
    for (const name of ['One', 'Two']) {
      await api('POST', '/system/dict/type', {
        token: writer.token,
        payload: { dictName: `Oper ${name}`, dictType: `oper_${name.toLowerCase()}` },
      });
    }
    await t.app.operLog.flush();
    const mine = await api('GET', '/monitor/operlog/list', { query: { operName: writer.userName } });
    expect(mine.total).toBe(2);
    expect(mine.rows[0].operId).toBeGreaterThan(mine.rows[1].operId);
    expect(mine.rows[0]).toMatchObject({
      title: 'Dictionaries',
      businessType: 1,
      operLocation: 'Internal network',
    });

    const byName = async (title: string, lang = 'en_US') =>
      (
        await t.call({
          method: 'GET',
          url: '/monitor/operlog/list',
          token: admin,
          lang,
          query: { title, operName: writer.userName },
        })
      ).body;
    expect((await byName('diction')).total).toBe(2);
    expect((await byName('字典')).total).toBe(2);
    expect((await byName('system/dict')).total).toBe(2);
    expect((await byName('Reports')).total).toBe(0);
    expect((await byName('字典', 'zh_CN')).rows[0].title).toBe('字典管理');

    const q = (extra: Record<string, string>) =>
      api('GET', '/monitor/operlog/list', { query: { operName: writer.userName, ...extra } });
    expect((await q({ businessType: '1' })).total).toBe(2);
    expect((await q({ businessType: '3' })).total).toBe(0);
    expect((await q({ businessTypes: '2,3' })).total).toBe(0);
    expect((await q({ status: '0' })).total).toBe(2);
    expect((await q({ status: '1' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q({ 'params[beginTime]': today, 'params[endTime]': '2099-01-01' })).total).toBe(2);
    expect((await q({ 'params[endTime]': '2000-01-01' })).total).toBe(0);
    expect((await q({ 'params[beginTime]': 'yesterday' })).msg).toBe(
      'A date must be in the format YYYY-MM-DD (or YYYY-MM-DD HH:mm:ss)',
    );
    expect((await q({ status: '7' })).msg).toBe('status must not be greater than 1');
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await api('GET', '/monitor/operlog/list', { token: '' })).code).toBe(401);
    expect((await api('GET', '/monitor/operlog/list', { token: member.token })).code).toBe(403);
  });
});

describe('detail, export, delete and clean', () => {
  it('shows one entry with every field', async () => {
    await api('PUT', '/system/user-config', { payload: { currentTeamId: null } });
    const [row] = await logged('/system/user-config');
    const detail = await api('GET', `/monitor/operlog/${row?.operId}`);
    expect(detail.data).toMatchObject({
      operId: row?.operId,
      title: 'Current team and project',
      requestMethod: 'PUT',
      operUrl: '/system/user-config',
      operLocation: 'Internal network',
    });
    expect(Object.keys(detail.data).sort()).toEqual(
      [
        'businessType',
        'costTime',
        'deptName',
        'errorMsg',
        'jsonResult',
        'method',
        'operId',
        'operIp',
        'operLocation',
        'operName',
        'operParam',
        'operTime',
        'operUrl',
        'operatorType',
        'requestMethod',
        'status',
        'title',
      ].sort(),
    );
    expect((await api('GET', '/monitor/operlog/99999999')).msg).toBe(
      'The operation log entry does not exist',
    );
    expect((await api('GET', `/monitor/operlog/${row?.operId}`, { token: member.token })).code).toBe(403);
  });

  it('exports the filtered list to Excel', async () => {
    await t.app.operLog.flush();
    const res = await t.app.inject({
      method: 'POST',
      url: '/monitor/operlog/export',
      headers: {
        authorization: `Bearer ${admin}`,
        language: 'en_US',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'title=Dictionaries&businessType=1',
    });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe('operation-log.xlsx');
    const sheet = await readFirstSheet(res.rawPayload);
    const header = sheet?.getRow(1).values as unknown[];
    expect(header).toContain('Module');
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r).toEqual(expect.arrayContaining(['Dictionaries', 'Add', 'Success']));
    const [exported] = await logged('/monitor/operlog/export');
    expect(exported).toMatchObject({
      businessType: 5,
      status: 0,
      jsonResult: expect.stringMatching(/bytes\)$/),
    });
  });

  it('deletes chosen entries and cleans the whole log', async () => {
    const ids = (await t.db.selectFrom('sysOperLog').select('operId').limit(2).execute()).map(
      (r) => r.operId,
    );
    expect((await api('DELETE', `/monitor/operlog/${ids.join(',')}`)).data).toEqual({ removed: 2 });
    const left = await t.db.selectFrom('sysOperLog').select('operId').where('operId', 'in', ids).execute();
    expect(left).toEqual([]);
    expect((await api('DELETE', '/monitor/operlog/1,,2')).msg).toBe('Malformed ID list: 1,,2');

    expect((await api('DELETE', '/monitor/operlog/clean', { token: member.token })).code).toBe(403);
    expect((await api('DELETE', '/monitor/operlog/clean')).code).toBe(200);
    await t.app.operLog.flush();
    // What is left is the cleaning itself, as in the original: what was recorded before it went with it.
    const rest = await t.db.selectFrom('sysOperLog').selectAll().execute();
    expect(rest.map((r) => [r.operUrl, r.businessType, r.status])).toEqual([
      ['/monitor/operlog/clean', 9, 0],
    ]);
  });
});

describe('login log export', () => {
  it('exports the filtered login log', async () => {
    await api('POST', '/login', { payload: { username: 'nobody-here', password: 'x' }, token: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/monitor/logininfor/export',
      headers: { authorization: `Bearer ${admin}`, language: 'en_US' },
      query: { userName: 'nobody-here' },
    });
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe('login-log.xlsx');
    const sheet = await readFirstSheet(res.rawPayload);
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['nobody-here', 'Failed']));
    const denied = await api('POST', '/monitor/logininfor/export', { token: member.token });
    expect(denied.code).toBe(403);
  });
});

describe('a log that cannot be written', () => {
  it('never fails the request; the failure is only logged', async () => {
    const broken = await createTestApp();
    try {
      const token = await broken.login();
      await broken.db.schema.dropTable('sys_oper_log').execute();
      const res = await broken.call({
        method: 'POST',
        url: '/system/config',
        token,
        payload: { configName: 'Still works', configKey: 'still.works', configValue: '1' },
      });
      expect(res.body.code).toBe(200);
      await expect(broken.app.operLog.flush()).resolves.toBeUndefined();
      expect(broken.app.operLog.pending).toBe(0);
    } finally {
      await broken.close();
    }
  });
});
