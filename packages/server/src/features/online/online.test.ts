import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tokenIdOf } from '../../http/auth.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t.close());

type Opts = { query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const sessionOf = (tokenId: string) =>
  t.db.selectFrom('sysSession').selectAll().where('tokenId', '=', tokenId).executeTakeFirst();

describe('GET /monitor/online/list', () => {
  it("shows the administrator's session by its token hash, never the token", async () => {
    const res = await api('GET', '/monitor/online/list', { query: { userName: 'admin' } });
    expect(res.code).toBe(200);
    expect(res.total).toBe(1);
    const [row] = res.rows;
    expect(row).toMatchObject({ userName: 'admin', tokenId: tokenIdOf(admin), deptName: null });
    expect(row.tokenId).toMatch(/^[0-9a-f]{64}$/);
    expect(await sessionOf(row.tokenId)).toMatchObject({ userId: 1 });
    expect(JSON.stringify(res)).not.toContain(admin);
  });

  it('lists every live session and pages them', async () => {
    const a = await t.signedIn();
    await t.signedIn();
    const all = await api('GET', '/monitor/online/list');
    expect(all.total).toBe(3);
    const page = await api('GET', '/monitor/online/list', { query: { pageSize: '2', pageNum: '2' } });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows).toHaveLength(1);
    const mine = await api('GET', '/monitor/online/list', { query: { userName: a.userName } });
    expect(mine.rows).toMatchObject([{ userName: a.userName, tokenId: tokenIdOf(a.token) }]);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect(await codeOf('GET', '/monitor/online/list', { token: '' })).toBe(401);
    expect(await codeOf('GET', '/monitor/online/list', { token: (await t.signedIn()).token })).toBe(403);
  });
});

describe('DELETE /monitor/online/:tokenId', () => {
  it('forces a session out so that its token answers 401', async () => {
    const u = await t.signedIn();
    const other = await t.login(u.userName, u.password);
    const listed = await api('GET', '/monitor/online/list', { query: { userName: u.userName } });
    expect(listed.total).toBe(2);
    const tokenId = tokenIdOf(u.token);
    expect(await codeOf('GET', '/getInfo', { token: u.token })).toBe(200);
    expect(await codeOf('DELETE', `/monitor/online/${tokenId}`)).toBe(200);
    expect(await sessionOf(tokenId)).toBeUndefined();
    expect(await codeOf('GET', '/getInfo', { token: u.token })).toBe(401);
    // Only that one session ends.
    expect(await codeOf('GET', '/getInfo', { token: other })).toBe(200);
  });

  it('refuses a malformed token id and a caller without the permission', async () => {
    expect(await api('DELETE', '/monitor/online/abc')).toEqual({
      code: 500,
      msg: 'tokenId has an invalid value',
    });
    const u = await t.signedIn();
    const tokenId = tokenIdOf(u.token);
    expect(await codeOf('DELETE', `/monitor/online/${tokenIdOf(admin)}`, { token: u.token })).toBe(403);
    expect(await codeOf('DELETE', `/monitor/online/${tokenId}`, { token: '' })).toBe(401);
    expect(await sessionOf(tokenId)).toBeDefined();
    expect(await sessionOf(tokenIdOf(admin))).toBeDefined();
  });
});
