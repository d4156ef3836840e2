import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { verifyPassword } from '../../lib/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token: string };
/** Calls in English with the given token (empty for none); answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts) =>
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
      msg: `Could not save member "Me": the phone number "${taken}" is already used`,
    });
    const mail = await api('PUT', '/system/user/profile', {
      payload: { ...base, email: 'x@' },
      token: u.token,
    });
    expect(mail.msg).toBe('The email address is not valid');
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
    expect(wrong).toEqual({ code: 500, msg: 'Could not change the password: the current password is wrong' });
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
    expect(await verifyPassword(u.password, (await userRow(u.userId)).password)).toBe(true);
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
      expect(await verifyPassword('changed1', (await userRow(u.userId)).password)).toBe(true);
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

describe('POST /system/user/profile/avatar', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const upload = (token: string, name: string, content: Buffer) =>
    t.call({
      method: 'POST',
      url: '/system/user/profile/avatar',
      token,
      lang: 'en_US',
      ...multipart('avatarfile', name, content),
    });

  it('takes an image by its content and shows it as the avatar', async () => {
    const u = await t.signedIn();
    const res = await upload(u.token, 'me.png', PNG);
    expect(res.body).toMatchObject({ code: 200, imgUrl: expect.stringMatching(/\.png$/) });
    expect((await userRow(u.userId)).avatar).toBe(res.body.imgUrl);
    expect((await infoOf(u.token)).user.avatar).toBe(res.body.imgUrl);
  });

  it('refuses a file that is not what its name says, and a non-image, keeping the old avatar', async () => {
    const u = await t.signedIn();
    const before = (await userRow(u.userId)).avatar;
    const fake = await upload(u.token, 'me.png', Buffer.from('<svg onload=alert(1)>'));
    expect(fake.body.code).toBe(500);
    expect(fake.body.msg).toMatch(/content|png/i);
    const pdf = await upload(u.token, 'me.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.body.code).toBe(500);
    expect(pdf.body.msg).toContain('png');
    expect((await userRow(u.userId)).avatar).toBe(before);
  });
});

describe('the own sessions', () => {
  type Session = { sessionId: string; current: boolean; ipaddr: string | null; loginTime: string };
  const sessionsOf = async (token: string) =>
    (await api('GET', '/system/user/profile/sessions', { token })).data as Session[];

  it('lists the own sign-ins only, the current one marked, with no token id in them', async () => {
    const u = await t.signedIn();
    const second = await t.login(u.userName, u.password);
    await t.signedIn();
    const list = await sessionsOf(u.token);
    expect(list).toHaveLength(2);
    expect(list.filter((x) => x.current)).toHaveLength(1);
    for (const x of list) expect(x.sessionId).toMatch(/^[0-9a-f]{16}$/);
    const tokens = await t.db
      .selectFrom('sysSession')
      .select('tokenId')
      .where('userId', '=', u.userId)
      .execute();
    for (const { tokenId } of tokens) expect(JSON.stringify(list)).not.toContain(tokenId);
    expect((await sessionsOf(second)).find((x) => x.current)?.sessionId).not.toBe(
      list.find((x) => x.current)?.sessionId,
    );
  });

  it("ends one other sign-in by its id, and refuses an id that is not the caller's", async () => {
    const u = await t.signedIn();
    const other = await t.login(u.userName, u.password);
    const stranger = await t.signedIn();
    const strangers = await sessionsOf(stranger.token);
    const refused = await api('DELETE', `/system/user/profile/sessions/${strangers[0]?.sessionId}`, {
      token: u.token,
    });
    expect(refused).toEqual({ code: 500, msg: 'That session has already ended' });
    expect((await infoOf(stranger.token)).code).toBe(200);
    const target = (await sessionsOf(u.token)).find((x) => !x.current);
    const bad = await api('DELETE', '/system/user/profile/sessions/not-hex', { token: u.token });
    expect(bad.code).toBe(500);
    expect(
      (await api('DELETE', `/system/user/profile/sessions/${target?.sessionId}`, { token: u.token })).code,
    ).toBe(200);
    expect((await infoOf(other)).code).toBe(401);
    expect((await infoOf(u.token)).code).toBe(200);
  });

  it('signs out everywhere else, keeping the caller signed in', async () => {
    const u = await t.signedIn();
    const a = await t.login(u.userName, u.password);
    const b = await t.login(u.userName, u.password);
    expect((await api('DELETE', '/system/user/profile/sessions', { token: u.token })).code).toBe(200);
    expect((await infoOf(a)).code).toBe(401);
    expect((await infoOf(b)).code).toBe(401);
    expect(await sessionsOf(u.token)).toMatchObject([{ current: true }]);
  });
});

describe('the language and layout preferences', () => {
  it('keeps them on the server so another browser gets them with getInfo', async () => {
    const u = await t.signedIn();
    expect((await infoOf(u.token)).config).toMatchObject({ lang: null, uiSettings: null });
    const saved = await api('PUT', '/system/user-config', {
      payload: { lang: 'en_US', uiSettings: { theme: '#13c2c2', sideTheme: 'theme-dark', tagsView: true } },
      token: u.token,
    });
    expect(saved.code).toBe(200);
    const elsewhere = await t.login(u.userName, u.password);
    expect((await infoOf(elsewhere)).config).toMatchObject({
      lang: 'en_US',
      uiSettings: { theme: '#13c2c2', sideTheme: 'theme-dark', tagsView: true },
    });
  });

  it('refuses a language or setting it does not know, naming it', async () => {
    const u = await t.signedIn();
    const lang = await api('PUT', '/system/user-config', { payload: { lang: 'fr_FR' }, token: u.token });
    expect(lang.code).toBe(500);
    expect(lang.msg).toContain('lang');
    const colour = await api('PUT', '/system/user-config', {
      payload: { uiSettings: { theme: 'red;background:url(x)' } },
      token: u.token,
    });
    expect(colour.code).toBe(500);
    expect(colour.msg).toContain('theme');
    const extra = await api('PUT', '/system/user-config', {
      payload: { uiSettings: { evil: 1 } },
      token: u.token,
    });
    expect(extra.code).toBe(500);
    expect((await infoOf(u.token)).config).toMatchObject({ lang: null, uiSettings: null });
  });
});
