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

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

const configRow = (configKey: string) =>
  t.db.selectFrom('sysConfig').selectAll().where('configKey', '=', configKey).executeTakeFirst();
const newConfig = async (configKey: string, configValue = 'v') => {
  const res = await api('POST', '/system/config', {
    payload: { configName: configKey, configKey, configValue },
  });
  expect(res.code).toBe(200);
  return res.data.configId as number;
};
/** Sets a seeded record through the API, as an administrator would. */
const setConfig = async (configKey: string, configValue: string) => {
  const row = await configRow(configKey);
  const payload = { configId: row?.configId, configName: row?.configName, configKey, configValue };
  expect(await codeOf('PUT', '/system/config', { payload })).toBe(200);
};

describe('reading parameters', () => {
  it('lists, filters and answers parameters for holders of the permission', async () => {
    // The seeded records: seven of the original's and the password policy's three (migration 033).
    expect(await api('GET', '/system/config/list')).toMatchObject({ code: 200, total: 11 });
    const one = await api('GET', '/system/config/list', { query: { configKey: 'registerUser' } });
    expect(one.rows).toMatchObject([
      { configKey: 'sys.account.registerUser', configValue: 'true', configType: 'Y' },
    ]);
    const id = one.rows[0].configId as number;
    expect((await api('GET', `/system/config/${id}`)).data.configKey).toBe('sys.account.registerUser');
    expect(await api('GET', '/system/config/9999')).toEqual({
      code: 500,
      msg: 'The setting does not exist',
    });
    expect(await codeOf('GET', '/system/config/list', { token: member })).toBe(403);
    expect(await codeOf('GET', `/system/config/${id}`, { token: member })).toBe(403);
    expect(await codeOf('GET', '/system/config/list', { token: '' })).toBe(401);
  });

  it('answers one value by key in msg to any signed-in user', async () => {
    const res = await api('GET', '/system/config/configKey/sys.account.registerUser', { token: member });
    expect(res).toEqual({ code: 200, msg: 'true' });
    expect(await api('GET', '/system/config/configKey/no.such.key')).toEqual({ code: 200, msg: '' });
    expect(await codeOf('GET', '/system/config/configKey/sys.account.registerUser', { token: '' })).toBe(401);
  });
});

describe('writing parameters', () => {
  it('creates a parameter and refuses a taken or blank key', async () => {
    const configId = await newConfig('test.one', 'first');
    expect(await configRow('test.one')).toMatchObject({
      configId,
      configValue: 'first',
      configType: 'N',
      createBy: 'admin',
    });
    const taken = await api('POST', '/system/config', {
      payload: { configName: 'Again', configKey: 'test.one', configValue: 'x' },
    });
    expect(taken).toEqual({ code: 500, msg: 'Could not save setting "Again": the key already exists' });
    const blank = await api('POST', '/system/config', {
      payload: { configName: 'B', configKey: ' ', configValue: 'x' },
    });
    expect(blank.msg).toBe('The setting key cannot be empty');
    const type = await api('POST', '/system/config', {
      payload: { configName: 'T', configKey: 'test.type', configValue: 'x', configType: 'Z' },
    });
    expect(type.msg).toBe('configType must be one of: Y, N');
    expect(await configRow('test.type')).toBeUndefined();
    const denied = await api('POST', '/system/config', {
      payload: { configName: 'D', configKey: 'test.denied', configValue: 'x' },
      token: member,
    });
    expect(denied.code).toBe(403);
    expect(await configRow('test.denied')).toBeUndefined();
  });

  it('edits a parameter and keeps its type', async () => {
    const configId = await newConfig('test.two');
    const payload = { configId, configName: 'Two', configKey: 'test.two', configValue: 'second' };
    expect(await codeOf('PUT', '/system/config', { payload })).toBe(200);
    expect(await configRow('test.two')).toMatchObject({
      configName: 'Two',
      configValue: 'second',
      configType: 'N',
    });
    const clash = await api('PUT', '/system/config', {
      payload: { ...payload, configKey: 'sys.index.skinName' },
    });
    expect(clash.msg).toBe('Could not save setting "Two": the key already exists');
    expect(
      await codeOf('PUT', '/system/config', { payload: { ...payload, configValue: 'x' }, token: member }),
    ).toBe(403);
    expect((await configRow('test.two'))?.configValue).toBe('second');
  });

  it('deletes custom parameters but never a built-in one', async () => {
    const custom = await newConfig('test.three');
    const builtin = (await configRow('sys.index.skinName'))?.configId;
    expect(await api('DELETE', `/system/config/${custom},${builtin}`)).toEqual({
      code: 500,
      msg: 'The built-in setting "sys.index.skinName" cannot be deleted',
    });
    expect(await configRow('sys.index.skinName')).toBeDefined();
    expect(await configRow('test.three')).toBeDefined();
    expect(await codeOf('DELETE', `/system/config/${custom}`, { token: member })).toBe(403);
    expect(await codeOf('DELETE', `/system/config/${custom}`)).toBe(200);
    expect(await configRow('test.three')).toBeUndefined();
    expect(await codeOf('DELETE', '/system/config/refreshCache')).toBe(200);
    expect(await codeOf('DELETE', '/system/config/refreshCache', { token: member })).toBe(403);
  });
});

describe('switches read from the records', () => {
  const registration = {
    username: 'newcomer',
    password: 'secret1',
    confirmPassword: 'secret1',
    phoneNumber: '13612345678',
  };
  const newcomer = () =>
    t.db.selectFrom('sysUser').select('userId').where('userName', '=', 'newcomer').executeTakeFirst();

  it('turns self-registration off and on', async () => {
    await setConfig('sys.account.registerUser', 'false');
    expect((await api('GET', '/system/config/configKey/sys.account.registerUser')).msg).toBe('false');
    expect((await api('GET', '/captchaImage', { token: '' })).registerEnabled).toBe(false);
    const refused = await api('POST', '/register', { payload: registration, token: '' });
    expect(refused).toEqual({ code: 500, msg: 'Registration is turned off on this system' });
    expect(await newcomer()).toBeUndefined();

    await setConfig('sys.account.registerUser', 'true');
    expect((await api('GET', '/captchaImage', { token: '' })).registerEnabled).toBe(true);
    expect(await codeOf('POST', '/register', { payload: registration, token: '' })).toBe(200);
    const user = await newcomer();
    expect(user).toBeDefined();
    const roles = await t.db
      .selectFrom('sysUserRole')
      .select('roleId')
      .where('userId', '=', user?.userId ?? 0)
      .execute();
    expect(roles).toEqual([{ roleId: 10 }]);
  });

  it('lets the CAPTCHA_ENABLED environment override the captcha record', async () => {
    expect((await configRow('sys.account.captchaEnabled'))?.configValue).toBe('true');
    const res = await api('GET', '/captchaImage', { token: '' });
    expect(res).toMatchObject({ code: 200, captchaEnabled: false });
    expect(res).not.toHaveProperty('img');
    const login = await api('POST', '/login', {
      payload: { username: 'admin', password: 'cat2bug' },
      token: '',
    });
    expect(login.code).toBe(200);
  });
});
