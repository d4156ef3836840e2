import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const u = await insertTestUser(t.db);
  member = await t.login(u.userName, u.password);
});
afterAll(async () => t.close());

type Opts = {
  payload?: Record<string, unknown>;
  query?: Record<string, string>;
  token?: string;
  lang?: string;
};
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const login = (username: string, password: string) =>
  api('POST', '/login', { payload: { username, password }, token: '' });
const logOf = (userName: string) =>
  t.db.selectFrom('sysLogininfor').selectAll().where('userName', '=', userName).orderBy('infoId').execute();
const lockOf = (userName: string) =>
  t.db
    .selectFrom('sysKv')
    .selectAll()
    .where('k', '=', `pwd_err_cnt:${userName.toLowerCase()}:127.0.0.1`)
    .executeTakeFirst();

describe('recording', () => {
  it('adds a row for every failed and successful login', async () => {
    const u = await insertTestUser(t.db);
    expect((await login(u.userName, 'wrong-password')).code).toBe(500);
    expect((await login(u.userName, u.password)).code).toBe(200);
    // An unknown account is counted and answered as a wrong password is.
    expect((await login('ghost', 'whatever')).msg).toBe(
      'Unknown account or wrong password; attempts left: 4',
    );
    expect(await logOf(u.userName)).toMatchObject([
      { status: '1', msg: 'user.password.not.match|4' },
      { status: '0', msg: 'user.login.success' },
    ]);
    expect(await logOf('ghost')).toMatchObject([{ status: '1', msg: 'user.password.not.match|4' }]);
  });
});

describe('GET /monitor/logininfor/list', () => {
  it('filters by user and status and translates the message for the reader', async () => {
    const u = await insertTestUser(t.db);
    await login(u.userName, 'wrong-password');
    await login(u.userName, u.password);
    const mine = await api('GET', '/monitor/logininfor/list', { query: { userName: u.userName } });
    expect(mine).toMatchObject({ code: 200, total: 2 });
    // Newest first.
    expect(mine.rows.map((r: { status: string }) => r.status)).toEqual(['0', '1']);
    const ok = await api('GET', '/monitor/logininfor/list', { query: { userName: u.userName, status: '0' } });
    expect(ok.rows).toMatchObject([
      { userName: u.userName, status: '0', msg: 'Logged in', loginLocation: 'Internal network' },
    ]);
    expect(ok.total).toBe(1);
    // A failure is shown with the number of attempts that were left at the time.
    expect(mine.rows[1].msg).toBe('Unknown account or wrong password; attempts left: 4');
    const zh = await api('GET', '/monitor/logininfor/list', {
      query: { userName: u.userName, status: '0' },
      lang: 'zh_CN',
    });
    expect(zh.rows[0].msg).toBe('登录成功');
    expect(zh.rows[0].loginLocation).toBe('内网IP');
    const bad = await api('GET', '/monitor/logininfor/list', { query: { status: '7' } });
    expect(bad.msg).toBe('status must be one of: 0, 1');
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect(await codeOf('GET', '/monitor/logininfor/list', { token: '' })).toBe(401);
    expect(await codeOf('GET', '/monitor/logininfor/list', { token: member })).toBe(403);
  });
});

describe('locking and unlocking', () => {
  it('locks an account after five wrong passwords until an administrator unlocks it', async () => {
    const u = await insertTestUser(t.db);
    for (let left = 4; left >= 1; left -= 1) {
      expect((await login(u.userName, 'wrong-password')).msg).toBe(
        `Unknown account or wrong password; attempts left: ${left}`,
      );
    }
    const locked = 'Wrong password entered 5 times: the account is locked for 10 min';
    expect(await login(u.userName, 'wrong-password')).toEqual({ code: 500, msg: locked });
    expect(await login(u.userName, u.password)).toEqual({ code: 500, msg: locked });
    // Every attempt is counted before its check, the refused right password too.
    expect((await lockOf(u.userName))?.v).toBe('6');

    expect(await codeOf('GET', `/monitor/logininfor/unlock/${u.userName}`, { token: member })).toBe(403);
    expect((await login(u.userName, u.password)).msg).toBe(locked);
    expect(await codeOf('GET', `/monitor/logininfor/unlock/${u.userName}`)).toBe(200);
    expect(await lockOf(u.userName)).toBeUndefined();
    expect((await login(u.userName, u.password)).code).toBe(200);
  });
});

describe('deleting', () => {
  it('deletes chosen rows', async () => {
    await login('ghost1', 'whatever');
    await login('ghost2', 'whatever');
    const [one, two] = [(await logOf('ghost1'))[0]?.infoId, (await logOf('ghost2'))[0]?.infoId];
    expect(await codeOf('DELETE', `/monitor/logininfor/${one},${two}`, { token: member })).toBe(403);
    expect(await logOf('ghost1')).toHaveLength(1);
    expect(await codeOf('DELETE', `/monitor/logininfor/${one},${two}`)).toBe(200);
    expect(await logOf('ghost1')).toEqual([]);
    expect(await logOf('ghost2')).toEqual([]);
    expect((await api('DELETE', '/monitor/logininfor/1,,2')).msg).toBe('Malformed ID list: 1,,2');
  });

  it('cleans the whole log', async () => {
    const count = async () => (await t.db.selectFrom('sysLogininfor').select('infoId').execute()).length;
    expect(await count()).toBeGreaterThan(0);
    expect(await codeOf('DELETE', '/monitor/logininfor/clean', { token: member })).toBe(403);
    expect(await count()).toBeGreaterThan(0);
    expect(await codeOf('DELETE', '/monitor/logininfor/clean')).toBe(200);
    expect(await count()).toBe(0);
    expect((await api('GET', '/monitor/logininfor/list')).total).toBe(0);
  });
});
