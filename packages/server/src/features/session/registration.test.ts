import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('captcha and registration', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ CAPTCHA_ENABLED: 'true' });
  });
  afterAll(async () => c.close());

  const answerOf = async (uuid: string) =>
    (
      await c.db
        .selectFrom('sysKv')
        .select('v')
        .where('k', '=', `captcha_codes:${uuid}`)
        .executeTakeFirstOrThrow()
    ).v;

  it('issues a PNG math captcha whose answer works once', async () => {
    const cap = await c.call({ method: 'GET', url: '/captchaImage' });
    expect(cap.body).toMatchObject({ code: 200, captchaEnabled: true, registerEnabled: true });
    expect(cap.body.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(cap.body.img, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const code = await answerOf(cap.body.uuid);
    const ok = await c.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin', password: 'cat2bug', code, uuid: cap.body.uuid },
    });
    expect(ok.body.code).toBe(200);
    const again = await c.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin', password: 'cat2bug', code, uuid: cap.body.uuid },
      lang: 'en_US',
    });
    expect(again.body.msg).toBe('The verification code has expired; refresh it and try again');
  });

  it('refuses a wrong answer', async () => {
    const cap = await c.call({ method: 'GET', url: '/captchaImage' });
    const code = String(Number(await answerOf(cap.body.uuid)) + 1);
    const res = await c.call({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin', password: 'cat2bug', code, uuid: cap.body.uuid },
      lang: 'en_US',
    });
    expect(res.body).toEqual({ code: 500, msg: 'Wrong verification code' });
  });

  it('registers a user with the default role, checking every rule', async () => {
    const cap = await c.call({ method: 'GET', url: '/captchaImage' });
    const base = {
      username: 'newbie',
      password: 'secret1',
      confirmPassword: 'secret1',
      phoneNumber: '13900001111',
      nickName: 'New',
    };
    const differ = await c.call({
      method: 'POST',
      url: '/register',
      payload: { ...base, confirmPassword: 'other' },
      lang: 'en_US',
    });
    expect(differ.body.msg).toBe('The passwords do not match');
    const badPhone = await c.call({
      method: 'POST',
      url: '/register',
      payload: { ...base, phoneNumber: '12ab' },
      lang: 'en_US',
    });
    expect(badPhone.body.msg).toBe('The phone number must be 11 to 16 characters long');
    const ok = await c.call({
      method: 'POST',
      url: '/register',
      payload: { ...base, uuid: cap.body.uuid, code: await answerOf(cap.body.uuid) },
    });
    expect(ok.body.code).toBe(200);
    const user = await c.db
      .selectFrom('sysUser')
      .selectAll()
      .where('userName', '=', 'newbie')
      .executeTakeFirstOrThrow();
    expect(user.password).toMatch(/^\$2[aby]\$10\$/);
    const roles = await c.db
      .selectFrom('sysUserRole')
      .select('roleId')
      .where('userId', '=', user.userId)
      .execute();
    expect(roles).toEqual([{ roleId: 10 }]);
    const cap2 = await c.call({ method: 'GET', url: '/captchaImage' });
    const dup = await c.call({
      method: 'POST',
      url: '/register',
      payload: { ...base, uuid: cap2.body.uuid, code: await answerOf(cap2.body.uuid) },
      lang: 'en_US',
    });
    // A taken name and a taken phone number get one answer that names neither.
    const taken = 'This account name or phone number cannot be used; choose another';
    expect(dup.body).toEqual({ code: 500, msg: taken });
    const cap3 = await c.call({ method: 'GET', url: '/captchaImage' });
    const samePhone = await c.call({
      method: 'POST',
      url: '/register',
      payload: { ...base, username: 'newbie2', uuid: cap3.body.uuid, code: await answerOf(cap3.body.uuid) },
      lang: 'en_US',
    });
    expect(samePhone.body).toEqual({ code: 500, msg: taken });
  });

  it('honours the captcha switch in the config records when the environment does not force it', async () => {
    const plain = await createTestApp({ CAPTCHA_ENABLED: '' });
    try {
      await plain.db
        .updateTable('sysConfig')
        .set({ configValue: 'false' })
        .where('configKey', '=', 'sys.account.captchaEnabled')
        .execute();
      const cap = await plain.call({ method: 'GET', url: '/captchaImage' });
      expect(cap.body.captchaEnabled).toBe(false);
      expect(cap.body).not.toHaveProperty('img');
      expect(
        (
          await plain.call({
            method: 'POST',
            url: '/login',
            payload: { username: 'admin', password: 'cat2bug' },
          })
        ).body.code,
      ).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('admin password', () => {
  it('uses ADMIN_PASSWORD at the first start and does not flag it as a default', async () => {
    const custom = await createTestApp({ ADMIN_PASSWORD: 'Str0ng-pass' });
    try {
      const bad = await custom.call({
        method: 'POST',
        url: '/login',
        payload: { username: 'admin', password: 'cat2bug' },
      });
      expect(bad.body.code).toBe(500);
      const token = await custom.login('admin', 'Str0ng-pass');
      expect((await custom.call({ method: 'GET', url: '/getInfo', token })).body.isDefaultModifyPwd).toBe(
        false,
      );
    } finally {
      await custom.close();
    }
  });
});
