import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { constraintViolation } from './error-handler.ts';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-web-'));
const logged: string[] = [];

beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Buglet</title>');
  t = await createTestApp({ WEB_DIR: webDir });
  t.app.log.error = ((obj: unknown) => logged.push(JSON.stringify(obj))) as never;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('text the database cannot hold', () => {
  it('refuses a NUL byte in a filter with a clear message, on either database', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/monitor/logininfor/list',
      query: { ipaddr: 'a\u0000b', userName: 'x\u0000' },
      token: await t.login(),
      lang: 'en_US',
    });
    // SQLite matches nothing; PostgreSQL refuses the character, answered as the caller's mistake.
    if (res.body.code === 200) expect(res.body.total).toBe(0);
    else expect(res.body).toEqual({ code: 500, msg: expect.stringContaining('cannot be stored') });
  });
});

describe('numbers past what the database holds', () => {
  it('refuses an id beyond PostgreSQL integers, and a run of digits too long for an id, never the internal error', async () => {
    const token = await t.login();
    // Valid for the route's schema (a safe integer), past PostgreSQL's integer column.
    const view = await t.call({ method: 'GET', url: '/system/user/3000000000', token, lang: 'en_US' });
    expect(view.body.msg).not.toMatch(/internal error/i);
    if (view.body.code !== 200)
      expect(view.body.msg).toMatch(/not exist|not found|out of range: 3000000000/i);
    // A handler list of 41 digits is refused by name; "#" and 41 digits is words of a title.
    const list = (query: Record<string, string>) =>
      t.call({
        method: 'GET',
        url: '/system/defect/list',
        query: { projectId: '1', ...query },
        token,
        lang: 'en_US',
      });
    const handlers = await list({ handleBy: `1${'0'.repeat(40)}` });
    expect(handlers.body.msg).toMatch(/handleBy/);
    const byNumber = await list({ defectName: `#1${'0'.repeat(40)}` });
    expect(byNumber.body.msg).not.toMatch(/internal error/i);
  });
});

describe('addresses a caller got wrong', () => {
  it('answers over-long, malformed and outside paths with a clean 4xx, never the internal error', async () => {
    const cases: Array<[string, number, ('GET' | 'DELETE')?]> = [
      [`/${'a'.repeat(300)}`, 404],
      [`/${'a'.repeat(20_000)}`, 404],
      [`/assets/${'c'.repeat(400)}.js`, 404],
      ['/..%2f..%2fetc/passwd', 404],
      ['/%', 400],
      [`/system/defect/${'9'.repeat(13_000)}`, 414, 'DELETE'],
    ];
    for (const [url, status, method = 'GET'] of cases) {
      const res = await t.call({ method, url, lang: 'en_US' });
      expect(res.status, url.slice(0, 40)).toBe(status);
      expect(res.body.msg).not.toMatch(/internal error/i);
      // The answer repeats at most the start of the address, not all of it.
      expect(JSON.stringify(res.body).length).toBeLessThan(300);
    }
    expect(logged).toEqual([]);
  });
});

describe('a unique or foreign-key clash in the database', () => {
  it('names the clashing columns instead of the internal error', async () => {
    const u = await insertTestUser(t.db);
    const error = await t.db
      .insertInto('sysUser')
      .values({
        userName: u.userName,
        nickName: 'twin',
        password: 'x',
        status: '0',
        delFlag: '0',
        createTime: '2026-01-01 00:00:00',
      } as never)
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(constraintViolation(error)).toEqual({ key: 'db.conflict.unique', what: 'user_name' });
    expect(constraintViolation(new Error('disk full'))).toBeUndefined();
  });
});
