import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { apiAs, createTestApp, type Person, type TestApp } from '../../../test/test-app.ts';

/*
 * The second probe read the initial password of new accounts as any signed-in person
 * (`/system/config/configKey/sys.member.initPassword` → "123456") and signed in as an imported
 * account with it. Now only the settings' administrators read such records, and an account whose
 * password someone else chose can do nothing but set its own.
 */

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let admin: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t);
  admin = { userId: 1, userName: 'admin', password: 'cat2bug', token: await t.login() } as Person;
  // Someone who registered: the default role only.
  stranger = await t.signedIn();
});
afterAll(async () => t.close());

const readKey = (who: Person, key: string) => api(who, 'GET', `/system/config/configKey/${key}`);

describe('config records by key', () => {
  it('gives anyone signed in the settings the web clients need, and nothing else', async () => {
    expect(await readKey(stranger, 'sys.account.captchaEnabled')).toMatchObject({ code: 200, msg: 'true' });
    expect(await readKey(stranger, 'sys.account.registerUser')).toMatchObject({ code: 200, msg: 'true' });
    expect(await readKey(stranger, 'sys.account.passwordMinLength')).toMatchObject({ code: 200 });
    for (const key of [
      'sys.member.initPassword',
      'sys.login.blackIPList',
      'sys.outbound.allowRanges',
      'x.made.up',
    ])
      expect(await readKey(stranger, key)).toEqual({
        code: 403,
        msg: `You do not have permission to read the setting "${key}"`,
      });
    expect(await readKey(admin, 'sys.member.initPassword')).toMatchObject({ code: 200, msg: '123456' });
  });
});

async function importOne(userName: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  ws.addRow(['登录名称 *', '用户名称 *', '部门', '用户邮箱', '手机号码 *', '用户性别', '帐号状态']);
  ws.addRow([userName, `Nick ${userName}`, '', '', `1380000${String(Date.now()).slice(-4)}`, '', '']);
  const res = await t.call({
    method: 'POST',
    url: '/system/user/importData',
    token: admin.token,
    lang: 'en_US',
    ...multipart('file', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer())),
  });
  expect(res.body.code).toBe(200);
}

const sessionOf = async (userName: string, password: string): Promise<Person> =>
  ({ userName, password, token: await t.login(userName, password) }) as Person;

describe('a password someone else chose', () => {
  it('must be changed by an imported account before it can do anything else', async () => {
    await importOne('imported1');
    const me = await sessionOf('imported1', '123456');
    const info = await api(me, 'GET', '/getInfo');
    expect(info).toMatchObject({ code: 200, isPasswordChangeRequired: true, isDefaultModifyPwd: true });
    expect((await api(me, 'GET', '/getRouters')).code).toBe(200);
    expect((await api(me, 'GET', '/system/user/profile')).code).toBe(200);
    for (const [method, url] of [
      ['GET', '/system/team/my'],
      ['GET', '/system/notice/list'],
      ['POST', '/system/team'],
    ] as const)
      expect(await api(me, method, url, method === 'POST' ? { teamName: 'Mine' } : undefined)).toEqual({
        code: 403,
        msg: 'Set a password of your own first: this one was chosen by someone else',
        passwordChangeRequired: true,
      });
    // The initial password again is nobody's own.
    expect(
      await api(me, 'PUT', '/system/user/profile/updatePwd', {
        oldPassword: '123456',
        newPassword: '123456x',
      }),
    ).toMatchObject({ code: 200 });
    const after = await api(me, 'GET', '/getInfo');
    expect(after).toMatchObject({ isPasswordChangeRequired: false, isDefaultModifyPwd: false });
    expect((await api(me, 'GET', '/system/team/my')).code).toBe(200);
  });

  it('is refused as the new password when it is the initial one', async () => {
    await importOne('imported2');
    const me = await sessionOf('imported2', '123456');
    await api(me, 'PUT', '/system/user/profile/updatePwd', {
      oldPassword: '123456',
      newPassword: 'interim9',
    });
    expect(
      await api(me, 'PUT', '/system/user/profile/updatePwd', {
        oldPassword: 'interim9',
        newPassword: '123456',
      }),
    ).toEqual({ code: 500, msg: "The new password cannot be the platform's initial password" });
  });

  it('holds for accounts the administrator makes or resets, not for a reset of their own', async () => {
    const made = await api(admin, 'POST', '/system/user', {
      userName: 'made1',
      nickName: 'Made One',
      password: 'chosen-1',
      phoneNumber: '13811112222',
    });
    expect(made.code).toBe(200);
    const madeRow = await t.db
      .selectFrom('sysUser')
      .select(['userId', 'passwordChangeRequired'])
      .where('userName', '=', 'made1')
      .executeTakeFirstOrThrow();
    expect(madeRow.passwordChangeRequired).toBe(1);
    const flagOf = async (userId: number) =>
      (
        await t.db
          .selectFrom('sysUser')
          .select('passwordChangeRequired')
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).passwordChangeRequired;
    await t.db
      .updateTable('sysUser')
      .set({ passwordChangeRequired: 0 })
      .where('userId', '=', stranger.userId)
      .execute();
    expect(
      (await api(admin, 'PUT', '/system/user/resetPwd', { userId: stranger.userId, password: 'reset-99' }))
        .code,
    ).toBe(200);
    expect(await flagOf(stranger.userId)).toBe(1);
  });

  it('is required of an older account that signs in with the initial password', async () => {
    const old = await t.signedIn([], { password: '123456' });
    const me = await sessionOf(old.userName, '123456');
    expect((await api(me, 'GET', '/getInfo')).isPasswordChangeRequired).toBe(true);
    expect((await api(me, 'GET', '/system/team/my')).code).toBe(403);
  });
});
