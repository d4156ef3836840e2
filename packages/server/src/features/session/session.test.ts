import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestProject, insertTestTeam, insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('login and session', () => {
  it('answers getInfo in the original shape, also under /prod-api', async () => {
    const login = await t.call({
      method: 'POST',
      url: '/prod-api/login',
      payload: { username: ' admin ', password: 'cat2bug' },
    });
    expect(login.body).toMatchObject({ code: 200, msg: '操作成功' });
    const token = login.body.token as string;
    for (const url of ['/getInfo', '/prod-api/getInfo']) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.body.code).toBe(200);
      expect(res.body.user).toMatchObject({ userId: 1, userName: 'admin', admin: true });
      expect(res.body.user).not.toHaveProperty('password');
      expect(res.body.roles).toContain('admin');
      expect(res.body.permissions).toEqual(['*:*:*']);
      expect(res.body.config).toMatchObject({ userId: 1, currentTeamId: 0, currentProjectId: 0 });
      expect(res.body.isDefaultModifyPwd).toBe(true);
    }
  });

  it('gives a user without roles ROLE_DEFAULT and only their permissions', async () => {
    const u = await insertTestUser(t.db, { roleIds: [] });
    const token = await t.login(u.userName, u.password);
    const res = await t.call({ method: 'GET', url: '/getInfo', token });
    expect(res.body.roles).toEqual(['ROLE_DEFAULT']);
    expect(res.body.permissions).toEqual([]);
    expect(res.body.isDefaultModifyPwd).toBe(false);
  });

  it('answers 401 with the message naming the path when the token is missing or wrong', async () => {
    const none = await t.call({ method: 'GET', url: '/getInfo' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ code: 401, msg: '请求访问：/getInfo，认证失败，无法访问系统资源' });
    const wrong = await t.call({ method: 'GET', url: '/prod-api/getRouters', token: 'nope', lang: 'en_US' });
    expect(wrong.body.code).toBe(401);
    expect(wrong.body.msg).toContain('/getRouters');
  });

  it('answers 403 when a permission is missing', async () => {
    const u = await insertTestUser(t.db);
    const token = await t.login(u.userName, u.password);
    const res = await t.call({ method: 'GET', url: '/system/role/list', token, lang: 'en_US' });
    expect(res.body).toEqual({
      code: 403,
      msg: 'You do not have permission to do this; ask an administrator to grant it',
    });
  });

  it('checks account and password lengths with clear messages', async () => {
    const short = await t.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'a', password: 'secret' },
      lang: 'en_US',
    });
    expect(short.body).toEqual({ code: 500, msg: 'The account must be 2 to 20 characters long' });
    const empty = await t.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin' },
      lang: 'en_US',
    });
    expect(empty.body).toEqual({ code: 500, msg: 'The password cannot be empty' });
    const longPwd = await t.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin', password: 'x'.repeat(21) },
    });
    expect(longPwd.body).toEqual({ code: 500, msg: '密码长度必须在5到20个字符之间' });
  });

  it('locks an account for ten minutes, for the address that failed five times, and logs every attempt', async () => {
    const u = await insertTestUser(t.db);
    const attempt = (password: string) =>
      t.call({ method: 'POST', url: '/login', payload: { username: u.userName, password }, lang: 'en_US' });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await attempt('wrong-pass')).body.msg);
    expect(messages[0]).toBe('Unknown account or wrong password; attempts left: 4');
    expect(messages[4]).toBe('Wrong password entered 5 times: the account is locked for 10 min');
    const locked = await attempt(u.password);
    expect(locked.body).toEqual({
      code: 500,
      msg: 'Wrong password entered 5 times: the account is locked for 10 min',
    });
    const rows = await t.db
      .selectFrom('sysLogininfor')
      .selectAll()
      .where('userName', '=', u.userName)
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === '1')).toBe(true);
    // The lock lives ten minutes: the server's clock moves on (only Date is faked), and the right
    // password is still refused at nine, taken after ten.
    const later = async (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + ms);
      try {
        return (await attempt(u.password)).body;
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await later(9 * 60_000)).toEqual(locked.body);
    expect(await later(10 * 60_000 + 1000)).toMatchObject({ code: 200, token: expect.any(String) });
  });

  it('answers an unknown account as a wrong password, in the same time; names a disabled one only to its right password', async () => {
    const sign = (username: string, password: string) =>
      t.call({ method: 'POST', url: '/login', payload: { username, password }, lang: 'en_US' });
    const u = await insertTestUser(t.db, { status: '1' });
    const disabledWrong = await sign(u.userName, 'not-it-1');
    const unknown = await sign('nobody-here', 'not-it-1');
    expect(disabledWrong.body).toEqual({
      code: 500,
      msg: 'Unknown account or wrong password; attempts left: 4',
    });
    expect(unknown.body).toEqual(disabledWrong.body);
    const disabled = await sign(u.userName, u.password);
    expect(disabled.body.msg).toBe('Your account is disabled; please contact the administrator');
    const deleted = await insertTestUser(t.db);
    await t.db.updateTable('sysUser').set({ delFlag: '2' }).where('userId', '=', deleted.userId).execute();
    expect((await sign(deleted.userName, 'not-it-1')).body.msg).toBe(disabledWrong.body.msg);
    expect((await sign(deleted.userName, deleted.password)).body.msg).toBe(
      'Sorry, your account has been deleted',
    );

    // The same work for both: a real account with a hash of the real cost, and a made-up name.
    const real = await insertTestUser(t.db);
    await t.db
      .updateTable('sysUser')
      .set({ password: await hashPassword(real.password) })
      .where('userId', '=', real.userId)
      .execute();
    const timeOf = async (username: string) => {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const started = performance.now();
        await sign(username, `wrong-${i}x`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[1] ?? 0;
    };
    const [wrong, none] = [await timeOf(real.userName), await timeOf('nobody-else')];
    // ~50 ms each (bcrypt at cost 10); a look-up alone answers in ~2 ms.
    expect(none).toBeGreaterThan(wrong / 2);
    expect(none).toBeLessThan(wrong * 2);
  });

  it('logs out: the token stops working and the logout is logged', async () => {
    const token = await t.login();
    const out = await t.call({ method: 'POST', url: '/logout', token });
    expect(out.body).toEqual({ code: 200, msg: '退出成功' });
    expect((await t.call({ method: 'GET', url: '/getInfo', token })).body.code).toBe(401);
    const log = await t.db
      .selectFrom('sysLogininfor')
      .select('msg')
      .orderBy('infoId', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.msg).toBe('user.logout.success');
    // Logging out without a session is harmless.
    expect((await t.call({ method: 'POST', url: '/logout' })).body.code).toBe(200);
  });

  it('slides the session: a session close to its end is extended on use', async () => {
    const token = await t.login();
    const almost = Date.now() + 5 * 60_000;
    await t.db.updateTable('sysSession').set({ expireAt: almost }).where('userId', '=', 1).execute();
    expect((await t.call({ method: 'GET', url: '/getInfo', token })).body.code).toBe(200);
    const rows = await t.db.selectFrom('sysSession').select('expireAt').where('userId', '=', 1).execute();
    expect(Math.max(...rows.map((r) => r.expireAt))).toBeGreaterThan(Date.now() + 230 * 60_000);
    await t.db
      .updateTable('sysSession')
      .set({ expireAt: Date.now() - 1 })
      .where('userId', '=', 1)
      .execute();
    expect((await t.call({ method: 'GET', url: '/getInfo', token })).body.code).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login();
    const rows = await t.db.selectFrom('sysSession').select('tokenId').execute();
    expect(rows.some((r) => r.tokenId === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenId))).toBe(true);
  });
});

describe('routers and context', () => {
  it('gives the administrator the whole tree and a default member only granted menus', async () => {
    const admin = await t.call({ method: 'GET', url: '/getRouters', token: await t.login() });
    const adminPaths = (admin.body.data as Array<{ path: string }>).map((r) => r.path);
    expect(adminPaths).toEqual(
      expect.arrayContaining(['/team', '/project', '/team-options', '/system', '/monitor', '/tool']),
    );
    // The original's 系统 → 成员管理 (/admin) listed the users of /system/user again: gone.
    expect(adminPaths).not.toContain('/admin');
    const u = await insertTestUser(t.db);
    const member = await t.call({
      method: 'GET',
      url: '/getRouters',
      token: await t.login(u.userName, u.password),
    });
    const memberPaths = (member.body.data as Array<{ path: string }>).map((r) => r.path);
    expect(memberPaths).toContain('/team-options');
    expect(memberPaths).not.toContain('/system');
    expect(memberPaths).not.toContain('/admin');
  });

  it('recomputes permissions from the current team and project roles', async () => {
    const u = await insertTestUser(t.db);
    const token = await t.login(u.userName, u.password);
    const teamId = await insertTestTeam(t.db, { [u.userId]: [4] });
    const projectId = await insertTestProject(t.db, teamId, { [u.userId]: [8] });

    const before = await t.call({ method: 'GET', url: '/getInfo', token });
    expect(before.body.permissions).not.toContain('system:defect:pass');
    const sw = await t.call({
      method: 'PUT',
      url: '/system/user-config',
      token,
      payload: { currentTeamId: teamId, currentProjectId: projectId },
    });
    expect(sw.body.data).toMatchObject({ currentTeamId: teamId, currentProjectId: projectId });
    const after = await t.call({ method: 'GET', url: '/getInfo', token });
    expect(after.body.roles).toEqual(expect.arrayContaining(['default', 'team.admin', 'project.tester']));
    expect(after.body.permissions).toContain('system:defect:pass');
    const routers = await t.call({ method: 'GET', url: '/getRouters', token });
    expect((routers.body.data as Array<{ path: string }>).map((r) => r.path)).toContain('/project');

    // Locked out of the team: the team's roles no longer count.
    await t.db.updateTable('sysUserTeam').set({ isLock: 1 }).where('teamId', '=', teamId).execute();
    const locked = await t.call({ method: 'GET', url: '/getInfo', token });
    expect(locked.body.roles).not.toContain('team.admin');
  });

  it('refuses to make current a team or project the user is not in', async () => {
    const u = await insertTestUser(t.db);
    const token = await t.login(u.userName, u.password);
    const team = await t.call({
      method: 'PUT',
      url: '/system/user-config',
      token,
      payload: { currentTeamId: 4242 },
    });
    expect(team.body.code).toBe(403);
    const project = await t.call({
      method: 'POST',
      url: '/system/user-config',
      token,
      payload: { currentProjectId: 4242 },
    });
    expect(project.body.code).toBe(403);
    const reset = await t.call({
      method: 'PUT',
      url: '/system/user-config',
      token,
      payload: { currentTeamId: 0, currentProjectId: 0 },
    });
    expect(reset.body.code).toBe(200);
    const bad = await t.call({
      method: 'PUT',
      url: '/system/user-config',
      token,
      payload: { currentTeamId: 'x' },
      lang: 'en_US',
    });
    expect(bad.body).toEqual({ code: 500, msg: 'currentTeamId has the wrong type' });
  });
});

describe('seeded administrator', () => {
  it('stores a bcrypt hash of the default password that verifies', async () => {
    const row = await t.db
      .selectFrom('sysUser')
      .select('password')
      .where('userId', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword('cat2bug', row.password)).toBe(true);
  });
});

describe('the /prod-api prefix', () => {
  it('reaches captcha, login, routers and logout as the original web client calls them', async () => {
    const cap = await t.call({ method: 'GET', url: '/prod-api/captchaImage' });
    expect(cap.body).toMatchObject({ code: 200, captchaEnabled: false });
    const login = await t.call({
      method: 'POST',
      url: '/prod-api/login',
      payload: { username: 'admin', password: 'cat2bug' },
    });
    const token = login.body.token as string;
    const routers = await t.call({ method: 'GET', url: '/prod-api/getRouters', token });
    expect(routers.body.code).toBe(200);
    expect(routers.body.data[0]).toHaveProperty('meta.title');
    const out = await t.call({ method: 'POST', url: '/dev-api/logout', token });
    expect(out.body).toEqual({ code: 200, msg: '退出成功' });
    expect((await t.call({ method: 'GET', url: '/prod-api/getInfo', token })).body.code).toBe(401);
    const unknown = await t.call({ method: 'GET', url: '/prod-api/no/such/route', lang: 'en_US' });
    expect(unknown.body).toEqual({ code: 404, msg: 'The resource does not exist: /no/such/route' });
  });
});
