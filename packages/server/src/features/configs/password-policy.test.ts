import { DEFAULT_PASSWORD_POLICY, PASSWORD_POLICY_KEYS } from '@buglet/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { up as seedPolicy } from '../../db/migrations/033-password-policy.ts';
import { verifyPassword } from '../../lib/passwords.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; payload?: Json; query?: Record<string, string>; lang?: string } = {},
): Promise<Json> =>
  (
    await t.call({
      method,
      url,
      lang: opts.lang ?? 'en_US',
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.payload ? { payload: opts.payload } : {}),
      ...(opts.query ? { query: opts.query } : {}),
    })
  ).body;

const configRow = (key: string) =>
  t.db.selectFrom('sysConfig').selectAll().where('configKey', '=', key).executeTakeFirstOrThrow();

/** Sets one of the policy's records through the settings page's own call. */
async function setPolicy(key: string, value: string): Promise<Json> {
  const row = await configRow(key);
  return call('PUT', '/system/config', {
    token: admin,
    payload: { configId: row.configId, configName: row.configName, configKey: key, configValue: value },
  });
}

async function usePolicy(minLength: number, requireLetter: boolean, requireDigit: boolean) {
  expect((await setPolicy(PASSWORD_POLICY_KEYS.minLength, String(minLength))).code).toBe(200);
  expect((await setPolicy(PASSWORD_POLICY_KEYS.requireLetter, String(requireLetter))).code).toBe(200);
  expect((await setPolicy(PASSWORD_POLICY_KEYS.requireDigit, String(requireDigit))).code).toBe(200);
}

const passwordOf = async (userName: string) =>
  (await t.db.selectFrom('sysUser').select('password').where('userName', '=', userName).executeTakeFirst())
    ?.password;

const TOO_SHORT = 'The password must be 8 to 20 characters long';
const NO_LETTER = 'The password must contain at least one letter';
const NO_DIGIT = 'The password must contain at least one digit (0–9)';

describe('the seeded policy', () => {
  it('is answered to anyone and keeps the seeded passwords and the tests’ own valid', async () => {
    const answer = await call('GET', '/passwordPolicy');
    expect(answer).toMatchObject({ code: 200, data: DEFAULT_PASSWORD_POLICY });
    expect(answer.data).toEqual({ minLength: 6, requireLetter: false, requireDigit: true });
    const u = await t.signedIn();
    // The seeded administrator's password, the factories' and the seeded initial password (123456).
    for (const password of ['cat2bug', u.password, '123456']) {
      const res = await call('PUT', '/system/user/resetPwd', {
        token: admin,
        payload: { userId: u.userId, password },
      });
      expect([password, res.code]).toEqual([password, 200]);
    }
  });
});

describe('a stricter policy set in the settings', () => {
  beforeAll(async () => usePolicy(8, true, true));
  afterAll(async () =>
    usePolicy(
      DEFAULT_PASSWORD_POLICY.minLength,
      DEFAULT_PASSWORD_POLICY.requireLetter,
      DEFAULT_PASSWORD_POLICY.requireDigit,
    ),
  );

  it('is answered at once by the public endpoint', async () => {
    expect((await call('GET', '/passwordPolicy')).data).toEqual({
      minLength: 8,
      requireLetter: true,
      requireDigit: true,
    });
  });

  it('refuses a registration by the rule broken, in the caller’s language, and creates nobody', async () => {
    const body = (password: string, n: number) => ({
      username: `policy-reg${n}`,
      password,
      confirmPassword: password,
      phoneNumber: `1380000${String(n).padStart(4, '0')}`,
    });
    expect((await call('POST', '/register', { payload: body('abc1234', 1) })).msg).toBe(TOO_SHORT);
    expect((await call('POST', '/register', { payload: body('12345678', 2) })).msg).toBe(NO_LETTER);
    expect((await call('POST', '/register', { payload: body('abcdefgh', 3) })).msg).toBe(NO_DIGIT);
    expect((await call('POST', '/register', { payload: body('abcdefgh', 4), lang: 'zh_CN' })).msg).toBe(
      '密码必须包含至少一个数字（0–9）',
    );
    expect((await call('POST', '/register', { payload: body('abc1234', 5), lang: 'zh_CN' })).msg).toBe(
      '密码长度必须在8到20个字符之间',
    );
    for (const n of [1, 2, 3, 4, 5]) expect(await passwordOf(`policy-reg${n}`)).toBeUndefined();
    expect((await call('POST', '/register', { payload: body('abcd1234', 6) })).code).toBe(200);
    expect(await t.login('policy-reg6', 'abcd1234')).toBeTruthy();
  });

  it('refuses a change of one’s own password that breaks it, and keeps the old one', async () => {
    const u = await t.signedIn(undefined, { password: 'old-pass1' });
    const change = (newPassword: string) =>
      call('PUT', '/system/user/profile/updatePwd', {
        token: u.token,
        payload: { oldPassword: 'old-pass1', newPassword },
      });
    expect((await change('short1')).msg).toBe(TOO_SHORT);
    expect((await change('only-letters')).msg).toBe(NO_DIGIT);
    expect((await change('1234567890')).msg).toBe(NO_LETTER);
    expect(await verifyPassword('old-pass1', (await passwordOf(u.userName)) ?? '')).toBe(true);
    expect((await change('new-pass12')).code).toBe(200);
    expect(await t.login(u.userName, 'new-pass12')).toBeTruthy();
  });

  it('refuses an administrator’s reset that breaks it', async () => {
    const u = await t.signedIn();
    const reset = (password: string) =>
      call('PUT', '/system/user/resetPwd', { token: admin, payload: { userId: u.userId, password } });
    expect((await reset('abc12')).msg).toBe(TOO_SHORT);
    expect((await reset('abcdefghij')).msg).toBe(NO_DIGIT);
    expect(await verifyPassword(u.password, (await passwordOf(u.userName)) ?? '')).toBe(true);
    // The person is still signed in: a refused reset ends no session.
    expect((await call('GET', '/getInfo', { token: u.token })).code).toBe(200);
    expect((await reset('reset-pass9')).code).toBe(200);
    expect(await t.login(u.userName, 'reset-pass9')).toBeTruthy();
  });

  it('refuses an administrator’s new user, and a team owner’s new member, that break it', async () => {
    const user = (userName: string, password: string, phone: string) => ({
      userName,
      nickName: userName,
      password,
      phoneNumber: phone,
    });
    expect(
      (
        await call('POST', '/system/user', {
          token: admin,
          payload: user('policy-u1', '99999999', '13700000001'),
        })
      ).msg,
    ).toBe(NO_LETTER);
    expect(await passwordOf('policy-u1')).toBeUndefined();
    expect(
      (
        await call('POST', '/system/user', {
          token: admin,
          payload: user('policy-u1', 'user-pass1', '13700000001'),
        })
      ).code,
    ).toBe(200);

    const teamId = await insertTestTeam(t.db, {});
    const member = (userName: string, password: string, phone: string) => ({
      ...user(userName, password, phone),
      email: `${userName}@example.com`,
      roleIds: [5],
    });
    const add = (body: Json) =>
      call('POST', `/system/team/${teamId}/member`, { token: admin, payload: body });
    expect((await add(member('policy-m1', 'abc123', '13700000002'))).msg).toBe(TOO_SHORT);
    expect(await passwordOf('policy-m1')).toBeUndefined();
    expect((await add(member('policy-m1', 'member-pass1', '13700000002'))).code).toBe(200);
  });

  it('refuses to import new people when the initial password breaks it, naming the rule', async () => {
    // Saved before the policy was tightened: the seeded 123456 has no letter.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户数据');
    ws.addRow(['登录名称 *', '用户名称 *', '部门', '用户邮箱', '手机号码 *', '用户性别', '帐号状态']);
    ws.addRow(['policy-i1', 'Imported', '', '', '13600000001', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const upload = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/system/user/importData',
          token: admin,
          lang: 'en_US',
          ...multipart('file', 'users.xlsx', file),
        })
      ).body;
    expect((await upload()).msg).toBe(
      `The initial password setting (sys.member.initPassword) breaks the password policy, so new members cannot be imported: ${TOO_SHORT}`,
    );
    expect(await passwordOf('policy-i1')).toBeUndefined();
    // An initial password that breaks it cannot be saved either.
    expect((await setPolicy('sys.member.initPassword', 'abcdefghi')).msg).toBe(
      `The initial password breaks the password policy: ${NO_DIGIT}`,
    );
    expect((await setPolicy('sys.member.initPassword', 'welcome-2026')).code).toBe(200);
    expect((await upload()).code).toBe(200);
    expect(await t.login('policy-i1', 'welcome-2026')).toBeTruthy();
    expect((await setPolicy('sys.member.initPassword', '123456')).msg).toBe(
      `The initial password breaks the password policy: ${TOO_SHORT}`,
    );
    await t.db
      .updateTable('sysConfig')
      .set({ configValue: '123456' })
      .where('configKey', '=', 'sys.member.initPassword')
      .execute();
  });
});

describe('the policy’s records', () => {
  it('refuse values the server could not read, by name', async () => {
    for (const value of ['4', '21', 'abc', '6.5', '']) {
      expect([value, (await setPolicy(PASSWORD_POLICY_KEYS.minLength, value)).msg]).toEqual([
        value,
        'The minimum password length must be a whole number from 5 to 20',
      ]);
    }
    expect((await setPolicy(PASSWORD_POLICY_KEYS.requireDigit, 'yes')).msg).toBe(
      'sys.account.passwordRequireDigit must be true or false',
    );
    expect((await configRow(PASSWORD_POLICY_KEYS.minLength)).configValue).toBe('6');
    expect((await configRow(PASSWORD_POLICY_KEYS.requireDigit)).configValue).toBe('true');
  });

  it('are built in: they cannot be deleted', async () => {
    const row = await configRow(PASSWORD_POLICY_KEYS.requireLetter);
    expect((await call('DELETE', `/system/config/${row.configId}`, { token: admin })).msg).toBe(
      `The built-in setting "${PASSWORD_POLICY_KEYS.requireLetter}" cannot be deleted`,
    );
  });

  it('come to a database seeded before (migration 033), without touching one already there', async () => {
    await setPolicy(PASSWORD_POLICY_KEYS.minLength, '10');
    await t.db
      .deleteFrom('sysConfig')
      .where('configKey', 'in', [PASSWORD_POLICY_KEYS.requireLetter, PASSWORD_POLICY_KEYS.requireDigit])
      .execute();
    // Missing records read as the defaults.
    expect((await call('GET', '/passwordPolicy')).data).toEqual({
      minLength: 10,
      requireLetter: false,
      requireDigit: true,
    });
    await seedPolicy(t.db as never);
    expect(await configRow(PASSWORD_POLICY_KEYS.requireLetter)).toMatchObject({
      configValue: 'false',
      configType: 'Y',
    });
    expect(await configRow(PASSWORD_POLICY_KEYS.requireDigit)).toMatchObject({
      configValue: 'true',
      configType: 'Y',
    });
    expect((await configRow(PASSWORD_POLICY_KEYS.minLength)).configValue).toBe('10');
    await setPolicy(PASSWORD_POLICY_KEYS.minLength, '6');
  });
});
