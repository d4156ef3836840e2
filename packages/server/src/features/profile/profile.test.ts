import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token: string };
/** Calls in English with the given token (empty for none); answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT', url: string, o: Opts) =>
  (await t.call({ method, url, lang: 'en_US', ...o })).body;

const userRow = (userId: number) =>
  t.db.selectFrom('sysUser').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
const loginCode = async (username: string, password: string) =>
  (await api('POST', '/login', { payload: { username, password }, token: '' })).code;
const infoOf = (token: string) => api('GET', '/getInfo', { token });

describe('GET /system/user/profile', () => {
  it('answers the own account with its role names and no password', async () => {
    const u = await t.signedIn();
    const res = await api('GET', '/system/user/profile', { token: u.token });
    expect(res).toMatchObject({ code: 200, roleGroup: '默认成员', postGroup: '' });
    expect(res.data).toMatchObject({ userId: u.userId, userName: u.userName, roles: [{ roleId: 10 }] });
    expect(JSON.stringify(res)).not.toContain('"password"');
    expect((await api('GET', '/system/user/profile', { token: '' })).code).toBe(401);
  });
});

describe('PUT /system/user/profile', () => {
  it('updates the own account', async () => {
    const u = await t.signedIn();
    const payload = {
      nickName: 'Me',
      phoneNumber: '+86 136-0000-111',
      email: 'me@x.io',
      sex: '1',
      dingUserId: 'd1',
    };
    expect((await api('PUT', '/system/user/profile', { payload, token: u.token })).code).toBe(200);
    expect(await userRow(u.userId)).toMatchObject({ ...payload, updateBy: u.userName });
    expect((await api('PUT', '/system/user/profile', { payload, token: '' })).code).toBe(401);
  });

  it("refuses another user's phone number and names the broken field", async () => {
    const u = await t.signedIn();
    const taken = (await userRow((await insertTestUser(t.db)).userId)).phoneNumber;
    const base = { nickName: 'Me', phoneNumber: '13611112222' };
    const clash = await api('PUT', '/system/user/profile', {
      payload: { ...base, phoneNumber: taken },
      token: u.token,
    });
    expect(clash).toEqual({
      code: 500,
      msg: `Could not save member [Me]: phone number [${taken}] is already used`,
    });
    const mail = await api('PUT', '/system/user/profile', {
      payload: { ...base, email: 'x@' },
      token: u.token,
    });
    expect(mail.msg).toBe('The e-mail address is not well-formed');
    const long = await api('PUT', '/system/user/profile', {
      payload: { ...base, nickName: 'n'.repeat(31) },
      token: u.token,
    });
    expect(long.msg).toBe('The name cannot be longer than 30 characters');
    const row = await userRow(u.userId);
    expect(row.nickName).not.toBe('Me');
    expect(row.phoneNumber).not.toBe(taken);
  });
});

describe('PUT /system/user/profile/updatePwd', () => {
  const url = '/system/user/profile/updatePwd';

  it('refuses a wrong old password, an unchanged one and a short new one', async () => {
    const u = await t.signedIn();
    const wrong = await api('PUT', url, {
      query: { oldPassword: 'nope123', newPassword: 'next123' },
      token: u.token,
    });
    expect(wrong).toEqual({ code: 500, msg: 'Could not change the password: the old password is wrong' });
    const same = await api('PUT', url, {
      payload: { oldPassword: u.password, newPassword: u.password },
      token: u.token,
    });
    expect(same.msg).toBe('The new password must differ from the old one');
    const short = await api('PUT', url, {
      query: { oldPassword: u.password, newPassword: 'abc' },
      token: u.token,
    });
    expect(short.msg).toBe('The password must be 5 to 20 characters long');
    const missing = await api('PUT', url, { payload: { newPassword: 'next123' }, token: u.token });
    expect(missing.msg).toBe('The password cannot be empty');
    expect(await bcrypt.compare(u.password, (await userRow(u.userId)).password)).toBe(true);
    expect(
      (await api('PUT', url, { query: { oldPassword: u.password, newPassword: 'next123' }, token: '' })).code,
    ).toBe(401);
  });

  for (const carrier of ['query', 'payload'] as const) {
    it(`changes the password sent as ${carrier}, ending the other sessions only`, async () => {
      const u = await t.signedIn();
      const other = await t.login(u.userName, u.password);
      const passwords = { oldPassword: u.password, newPassword: 'changed1' };
      expect((await api('PUT', url, { [carrier]: passwords, token: u.token })).code).toBe(200);
      expect(await bcrypt.compare('changed1', (await userRow(u.userId)).password)).toBe(true);
      expect((await infoOf(u.token)).code).toBe(200);
      expect((await infoOf(other)).code).toBe(401);
      expect(await loginCode(u.userName, u.password)).toBe(500);
      expect(await loginCode(u.userName, 'changed1')).toBe(200);
    });
  }

  it('stops asking the administrator to change the default password once it is changed', async () => {
    const admin = await t.login();
    expect((await infoOf(admin)).isDefaultModifyPwd).toBe(true);
    const passwords = { oldPassword: 'cat2bug', newPassword: 'better99' };
    expect((await api('PUT', url, { payload: passwords, token: admin })).code).toBe(200);
    expect((await infoOf(admin)).isDefaultModifyPwd).toBe(false);
    const sessions = await t.db
      .selectFrom('sysSession')
      .select('isDefaultPassword')
      .where('userId', '=', 1)
      .execute();
    expect(sessions).toEqual([{ isDefaultPassword: 0 }]);
    expect(await loginCode('admin', 'cat2bug')).toBe(500);
    expect((await infoOf(await t.login('admin', 'better99'))).isDefaultModifyPwd).toBe(false);
  });

  it('asks a member who signed in with the initial password to change it', async () => {
    const u = await t.signedIn(undefined, { password: '123456' });
    expect((await infoOf(u.token)).isDefaultModifyPwd).toBe(true);
    expect(
      (await api('PUT', url, { query: { oldPassword: '123456', newPassword: 'mine123' }, token: u.token }))
        .code,
    ).toBe(200);
    expect((await infoOf(u.token)).isDefaultModifyPwd).toBe(false);
  });
});
