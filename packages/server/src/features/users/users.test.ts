import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backOfficeMenuIds } from '../../db/seed/menus.ts';
import { verifyPassword } from '../../lib/passwords.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Role 2 is seeded with no grants; here it is given the back office on purpose, as a super
  // administrator may, to test other administrators.
  await t.db
    .insertInto('sysRoleMenu')
    .values(backOfficeMenuIds().map((menuId) => ({ roleId: 2, menuId })))
    .execute();
});
afterAll(async () => t.close());

type Opts = { payload?: Record<string, unknown>; query?: Record<string, string>; token?: string };
/** Calls in English, as the administrator unless another token (or none) is given; answers the body. */
const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: Opts = {}) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...o })).body;
const codeOf = async (...args: Parameters<typeof api>): Promise<number> => (await api(...args)).code;

let phoneSeq = 0;
const nextPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;
/** A real user with a live session; role 2 ('common') is given the whole back office above. */
const userRow = (userId: number) =>
  t.db.selectFrom('sysUser').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
const roleIdsOf = async (userId: number) => {
  const rows = await t.db.selectFrom('sysUserRole').selectAll().where('userId', '=', userId).execute();
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
};
const sessionsOf = (userId: number) =>
  t.db.selectFrom('sysSession').select('tokenId').where('userId', '=', userId).execute();
const create = (payload: Record<string, unknown>, token = admin) =>
  api('POST', '/system/user', { payload, token });
const NO_PASSWORD = '"password"';

describe('GET /system/user/list', () => {
  it('pages and filters users and never shows a password', async () => {
    const u = await insertTestUser(t.db);
    const one = await api('GET', '/system/user/list', { query: { userName: u.userName } });
    expect(one).toMatchObject({ code: 200, total: 1 });
    expect(one.rows[0]).toMatchObject({ userId: u.userId, userName: u.userName, admin: false });
    const page = await api('GET', '/system/user/list', { query: { pageSize: '1' } });
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect(JSON.stringify(page)).not.toContain(NO_PASSWORD);
  });

  it('answers 401 without a token and 403 to anyone without system:user:list', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/system/user/list' });
    expect(anonymous).toMatchObject({ status: 200, body: { code: 401 } });
    const roleless = await t.signedIn([]);
    expect(await codeOf('GET', '/system/user/list', { token: roleless.token })).toBe(403);
    // Team inviters pick people through /system/team/{id}/not-member, which shows no contact data.
    const member = await t.signedIn();
    expect(await codeOf('GET', '/system/user/list', { token: member.token })).toBe(403);
    const backOffice = await t.signedIn([2]);
    expect(await codeOf('GET', '/system/user/list', { token: backOffice.token })).toBe(200);
  });
});

describe('GET /system/user/:userId', () => {
  it('answers the user, its roles and the platform roles to choose from', async () => {
    const u = await insertTestUser(t.db, { roleIds: [2] });
    const res = await api('GET', `/system/user/${u.userId}`);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ userId: u.userId, userName: u.userName });
    expect(res.roleIds).toEqual([2]);
    // By roleSort; never role 1 nor team or project roles.
    expect(res.roles.map((r: { roleId: number }) => r.roleId)).toEqual([10, 2, 3]);
    expect(JSON.stringify(res)).not.toContain(NO_PASSWORD);
    expect((await api('GET', '/system/user/')).roles).toHaveLength(3);
    expect(await api('GET', '/system/user/99999')).toEqual({ code: 500, msg: 'The member does not exist' });
    const member = await t.signedIn();
    expect(await codeOf('GET', `/system/user/${u.userId}`, { token: member.token })).toBe(403);
  });
});

describe('POST /system/user', () => {
  let seq = 0;
  /** A valid new-user body; `over` breaks or extends it. */
  const fresh = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return { userName: `new${seq}`, nickName: 'New', password: 'secret1', phoneNumber: nextPhone(), ...over };
  };
  const named = (...userNames: string[]) =>
    t.db.selectFrom('sysUser').select('userId').where('userName', 'in', userNames).execute();

  it('creates a user with a hashed password, the default role and a config row', async () => {
    const res = await create(fresh({ userName: 'created1', nickName: 'Created' }));
    expect(res.code).toBe(200);
    const userId = res.data.userId as number;
    const row = await userRow(userId);
    expect(row).toMatchObject({ userName: 'created1', nickName: 'Created', status: '0', delFlag: '0' });
    expect(row.createBy).toBe('admin');
    expect(await verifyPassword('secret1', row.password)).toBe(true);
    expect(await roleIdsOf(userId)).toEqual([10]);
    const config = await t.db.selectFrom('sysUserConfig').selectAll().where('userId', '=', userId).execute();
    expect(config).toHaveLength(1);
    // Only platform roles are stored among those asked for.
    expect(await roleIdsOf((await create(fresh({ roleIds: [1, 2, 4, 6] }))).data.userId)).toEqual([2]);
  });

  it('refuses a taken account, phone number or e-mail', async () => {
    const first = fresh({ userName: 'taken1', email: 'a@x.io' });
    expect((await create(first)).code).toBe(200);
    expect(await create(fresh({ userName: 'taken1', nickName: 'Again' }))).toEqual({
      code: 500,
      msg: 'Could not save member "Again": the account "taken1" already exists',
    });
    expect((await create(fresh({ userName: 'taken2', phoneNumber: first.phoneNumber }))).msg).toBe(
      `Could not save member "New": the phone number "${first.phoneNumber}" is already used`,
    );
    expect((await create(fresh({ userName: 'taken3', email: 'a@x.io' }))).msg).toBe(
      'Could not save member "New": the email address "a@x.io" is already used',
    );
    expect(await named('taken2', 'taken3')).toEqual([]);
  });

  it('names the broken field', async () => {
    const broken = (over: Record<string, unknown>) => create(fresh({ userName: 'valid1', ...over }));
    expect(await broken({ nickName: undefined })).toEqual({ code: 500, msg: 'The name cannot be empty' });
    expect((await broken({ userName: 'a' })).msg).toBe('The account must be 2 to 20 characters long');
    expect((await broken({ password: '123' })).msg).toBe('The password must be 5 to 20 characters long');
    expect((await broken({ phoneNumber: '12345abcdefg' })).msg).toBe('The phone number is not valid');
    expect((await broken({ email: 'no-at-sign' })).msg).toBe('The email address is not valid');
    expect((await broken({ sex: '9' })).msg).toBe('sex must be one of: 0, 1, 2');
    expect(await named('valid1', 'a')).toEqual([]);
  });

  it('answers 401 and 403', async () => {
    expect((await create(fresh({ userName: 'nobody1' }), '')).code).toBe(401);
    expect((await create(fresh({ userName: 'nobody1' }), (await t.signedIn()).token)).code).toBe(403);
    expect(await named('nobody1')).toEqual([]);
  });
});

describe('PUT /system/user', () => {
  it('edits the user and replaces its platform roles', async () => {
    const u = await insertTestUser(t.db);
    const payload = { userId: u.userId, nickName: 'Edited', phoneNumber: nextPhone(), roleIds: [3, 5] };
    expect(await codeOf('PUT', '/system/user', { payload })).toBe(200);
    const row = await userRow(u.userId);
    expect(row).toMatchObject({ nickName: 'Edited', phoneNumber: payload.phoneNumber, updateBy: 'admin' });
    expect(await roleIdsOf(u.userId)).toEqual([3]);
  });

  it('refuses a phone number another user holds', async () => {
    const a = await insertTestUser(t.db);
    const b = await userRow((await insertTestUser(t.db)).userId);
    const payload = { userId: a.userId, nickName: 'A', phoneNumber: b.phoneNumber };
    expect((await api('PUT', '/system/user', { payload })).msg).toBe(
      `Could not save member "A": the phone number "${b.phoneNumber}" is already used`,
    );
    expect((await userRow(a.userId)).nickName).not.toBe('A');
  });

  it('keeps the super administrator enabled, signed in and out of reach of other administrators', async () => {
    const self = { userId: 1, nickName: 'Boss', phoneNumber: nextPhone(), status: '1', roleIds: [10] };
    expect(await codeOf('PUT', '/system/user', { payload: self })).toBe(200);
    expect(await userRow(1)).toMatchObject({ nickName: 'Boss', status: '0' });
    expect(await roleIdsOf(1)).toEqual([1]);
    expect(await codeOf('GET', '/getInfo')).toBe(200);
    const other = await t.signedIn([2]);
    const res = await api('PUT', '/system/user', {
      payload: { ...self, nickName: 'Hijacked' },
      token: other.token,
    });
    expect(res).toEqual({ code: 500, msg: 'The super administrator cannot be changed this way' });
    expect((await userRow(1)).nickName).toBe('Boss');
  });

  it('ends the sessions of a user it disables', async () => {
    const u = await t.signedIn();
    const payload = { userId: u.userId, nickName: 'Off', phoneNumber: nextPhone(), status: '1' };
    expect(await codeOf('PUT', '/system/user', { payload })).toBe(200);
    expect(await sessionsOf(u.userId)).toEqual([]);
    expect(await codeOf('GET', '/getInfo', { token: u.token })).toBe(401);
  });
});

describe('DELETE /system/user/:userIds', () => {
  it('soft-deletes several users, drops their roles and ends their sessions', async () => {
    const a = await t.signedIn();
    const b = await insertTestUser(t.db);
    expect(await codeOf('DELETE', `/system/user/${a.userId},${b.userId}`)).toBe(200);
    expect((await userRow(a.userId)).delFlag).toBe('2');
    expect((await userRow(b.userId)).delFlag).toBe('2');
    expect(await roleIdsOf(a.userId)).toEqual([]);
    expect(await sessionsOf(a.userId)).toEqual([]);
    expect(await codeOf('GET', '/getInfo', { token: a.token })).toBe(401);
    expect((await api('GET', '/system/user/list', { query: { userName: a.userName } })).total).toBe(0);
    const login = await api('POST', '/login', { payload: { username: a.userName, password: a.password } });
    expect(login).toEqual({ code: 500, msg: 'Sorry, your account has been deleted' });
  });

  it('refuses to delete yourself or the super administrator', async () => {
    const other = await t.signedIn([2]);
    expect(await api('DELETE', `/system/user/${other.userId}`, { token: other.token })).toEqual({
      code: 500,
      msg: 'You cannot delete the account you are logged in with',
    });
    const boss = await api('DELETE', '/system/user/1', { token: other.token });
    expect(boss.msg).toBe('The super administrator cannot be changed this way');
    expect((await api('DELETE', '/system/user/1')).msg).toBe(
      'You cannot delete the account you are logged in with',
    );
    expect((await userRow(1)).delFlag).toBe('0');
    expect((await userRow(other.userId)).delFlag).toBe('0');
    expect((await api('DELETE', '/system/user/3,x')).msg).toBe('Malformed ID list: 3,x');
    const member = await t.signedIn();
    expect(await codeOf('DELETE', `/system/user/${other.userId}`, { token: member.token })).toBe(403);
    expect((await userRow(other.userId)).delFlag).toBe('0');
  });
});

describe('PUT /system/user/resetPwd', () => {
  it('resets a password so that only the new one logs in', async () => {
    const u = await insertTestUser(t.db);
    const held = await t.login(u.userName, u.password);
    expect(
      await codeOf('PUT', '/system/user/resetPwd', { payload: { userId: u.userId, password: 'fresh99' } }),
    ).toBe(200);
    expect(await verifyPassword('fresh99', (await userRow(u.userId)).password)).toBe(true);
    const old = await api('POST', '/login', { payload: { username: u.userName, password: u.password } });
    expect(old).toEqual({ code: 500, msg: 'Unknown account or wrong password; attempts left: 4' });
    expect(await t.login(u.userName, 'fresh99')).toMatch(/.{20}/);
    // The session opened with the old password ended with it.
    expect((await t.call({ method: 'GET', url: '/getInfo', token: held })).body.code).toBe(401);
  });

  it('checks the length, the super administrator and the permission', async () => {
    const u = await insertTestUser(t.db);
    const short = await api('PUT', '/system/user/resetPwd', {
      payload: { userId: u.userId, password: 'abc' },
    });
    expect(short.msg).toBe('The password must be 5 to 20 characters long');
    const other = await t.signedIn([2]);
    const boss = await api('PUT', '/system/user/resetPwd', {
      payload: { userId: 1, password: 'fresh99' },
      token: other.token,
    });
    expect(boss.msg).toBe('The super administrator cannot be changed this way');
    expect(await verifyPassword('cat2bug', (await userRow(1)).password)).toBe(true);
    const member = await t.signedIn();
    const payload = { userId: u.userId, password: 'x12345' };
    expect(await codeOf('PUT', '/system/user/resetPwd', { payload, token: member.token })).toBe(403);
    expect(await verifyPassword('x12345', (await userRow(u.userId)).password)).toBe(false);
  });
});

describe('PUT /system/user/changeStatus', () => {
  it('disables a user, ends its sessions and never disables the super administrator', async () => {
    const u = await t.signedIn();
    expect(
      await codeOf('PUT', '/system/user/changeStatus', { payload: { userId: u.userId, status: '1' } }),
    ).toBe(200);
    expect((await userRow(u.userId)).status).toBe('1');
    expect(await codeOf('GET', '/getInfo', { token: u.token })).toBe(401);
    const login = await api('POST', '/login', { payload: { username: u.userName, password: u.password } });
    expect(login.msg).toBe('Your account is disabled; please contact the administrator');
    const boss = await api('PUT', '/system/user/changeStatus', { payload: { userId: 1, status: '1' } });
    expect(boss).toEqual({ code: 500, msg: 'The super administrator cannot be changed this way' });
    expect((await userRow(1)).status).toBe('0');
    const bad = await api('PUT', '/system/user/changeStatus', { payload: { userId: u.userId, status: '2' } });
    expect(bad.msg).toBe('status must be one of: 0, 1');
  });
});

describe('/system/user/authRole', () => {
  it('shows the held platform roles flagged, without the password', async () => {
    const u = await insertTestUser(t.db, { roleIds: [3] });
    const res = await api('GET', `/system/user/authRole/${u.userId}`);
    expect(res.code).toBe(200);
    expect(res.user.userName).toBe(u.userName);
    const flags = Object.fromEntries(
      res.roles.map((r: { roleId: number; flag: boolean }) => [r.roleId, r.flag]),
    );
    expect(flags).toEqual({ 2: false, 3: true, 10: false });
    expect(JSON.stringify(res)).not.toContain(NO_PASSWORD);
  });

  it('hands out platform roles only, and never to the super administrator', async () => {
    const u = await insertTestUser(t.db);
    const userId = String(u.userId);
    expect(await codeOf('PUT', '/system/user/authRole', { query: { userId, roleIds: '1,2,4,7,10' } })).toBe(
      200,
    );
    expect(await roleIdsOf(u.userId)).toEqual([2, 10]);
    await api('PUT', '/system/user/authRole', { query: { userId } });
    expect(await roleIdsOf(u.userId)).toEqual([]);
    const boss = await api('PUT', '/system/user/authRole', { query: { userId: '1', roleIds: '10' } });
    expect(boss.msg).toBe('The super administrator cannot be changed this way');
    expect(await roleIdsOf(1)).toEqual([1]);
    const member = await t.signedIn();
    const denied = await api('PUT', '/system/user/authRole', {
      query: { userId, roleIds: '2' },
      token: member.token,
    });
    expect(denied.code).toBe(403);
    expect(await roleIdsOf(u.userId)).toEqual([]);
  });
});

describe('guards of the remaining routes', () => {
  it('answers 401 without a token and 403 to a member, and changes nothing', async () => {
    const u = await insertTestUser(t.db);
    const member = await t.signedIn();
    const routes: Array<Parameters<typeof api>> = [
      ['PUT', '/system/user', { payload: { userId: u.userId, nickName: 'X', phoneNumber: nextPhone() } }],
      ['PUT', '/system/user/changeStatus', { payload: { userId: u.userId, status: '1' } }],
      ['GET', `/system/user/authRole/${u.userId}`],
    ];
    for (const [method, url, o] of routes) {
      expect(await codeOf(method, url, { ...o, token: '' })).toBe(401);
      expect(await codeOf(method, url, { ...o, token: member.token })).toBe(403);
    }
    const row = await userRow(u.userId);
    expect(row.nickName).not.toBe('X');
    expect(row.status).toBe('0');
  });
});
