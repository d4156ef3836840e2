import { TOTP } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { codeAt, digest, normaliseRecoveryCode, stepAt, stepOfCode } from './totp-codes.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let address = 0;
/** Each scene signs in from its own address: wrong codes lock an account per address. */
const nextAddress = () => `10.30.${Math.floor(++address / 250)}.${address % 250}`;
const call = async (method: Method, url: string, o: { token?: string; payload?: Json; ip?: string } = {}) =>
  (
    await t.call({
      method,
      url,
      lang: 'en_US',
      ...(o.token ? { token: o.token } : {}),
      ...(o.payload ? { payload: o.payload } : {}),
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    })
  ).body;

interface Enrolled {
  userId: number;
  userName: string;
  password: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** A new person with two-factor sign-in on, through the profile routes. */
async function enrolled(): Promise<Enrolled> {
  const u = await t.signedIn();
  const started = await call('POST', '/system/user/profile/totp', { token: u.token });
  expect(started.code).toBe(200);
  const secret = started.data.secret as string;
  const confirmed = await call('POST', '/system/user/profile/totp/confirm', {
    token: u.token,
    payload: { code: codeAt(secret, Date.now()) },
  });
  expect(confirmed.code).toBe(200);
  return { ...u, secret, recoveryCodes: confirmed.data.recoveryCodes };
}

/** The password step: the ticket for the code step. */
async function passwordStep(u: { userName: string; password: string }, ip: string): Promise<string> {
  const res = await call('POST', '/login', { payload: { username: u.userName, password: u.password }, ip });
  expect(res).toMatchObject({ code: 200, twoFactor: true });
  expect(res.token).toBeUndefined();
  return res.ticket as string;
}

/** A code of a step after any already taken and within the window: the next step's. */
const nextCode = (secret: string) => codeAt(secret, Date.now() + TOTP.periodSeconds * 1000);

describe('the codes', () => {
  it('accept one step either side of now and nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = Date.UTC(2026, 0, 1, 12, 0, 10);
    const step = stepAt(now);
    expect(stepOfCode(secret, codeAt(secret, now), now)).toBe(step);
    expect(stepOfCode(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(stepOfCode(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(stepOfCode(secret, codeAt(secret, now - 60_000), now)).toBeNull();
    expect(stepOfCode(secret, codeAt(secret, now + 60_000), now)).toBeNull();
    expect(stepOfCode(secret, 'abcdef', now)).toBeNull();
    // RFC 6238's test vector (SHA-1, secret "12345678901234567890", 59 s): 94287082, six digits.
    expect(codeAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });
});

describe('enrolment in the personal center', () => {
  it('shows the secret once, turns on with a code, and hands out ten recovery codes kept only as digests', async () => {
    const u = await t.signedIn();
    expect((await call('GET', '/system/user/profile/totp', { token: u.token })).data).toEqual({
      enabled: false,
      pending: false,
      enabledTime: null,
      recoveryCodesLeft: 0,
    });
    const started = await call('POST', '/system/user/profile/totp', { token: u.token });
    const secret = started.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.otpauthUrl).toBe(
      `otpauth://totp/Buglet:${u.userName}?issuer=Buglet&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await call('GET', '/system/user/profile/totp', { token: u.token })).data).toMatchObject({
      enabled: false,
      pending: true,
    });
    // Still pending: the password alone signs in.
    expect(
      (await call('POST', '/login', { payload: { username: u.userName, password: u.password } })).token,
    ).toBeTruthy();

    const wrong = await call('POST', '/system/user/profile/totp/confirm', {
      token: u.token,
      payload: { code: codeAt(secret, Date.now() + 600_000) },
    });
    expect(wrong).toEqual({ code: 500, msg: 'The code is wrong or has been used already' });
    const malformed = await call('POST', '/system/user/profile/totp/confirm', {
      token: u.token,
      payload: { code: '12ab' },
    });
    expect(malformed).toEqual({ code: 500, msg: 'The code must be 6 digits' });

    const confirmed = await call('POST', '/system/user/profile/totp/confirm', {
      token: u.token,
      payload: { code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.code).toBe(200);
    const codes = confirmed.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await call('GET', '/system/user/profile/totp', { token: u.token })).data;
    expect(status).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect(status.enabledTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const stored = await t.db
      .selectFrom('sysUserRecoveryCode')
      .select('codeHash')
      .where('userId', '=', u.userId)
      .execute();
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      codes.map((c) => digest(normaliseRecoveryCode(c))).sort(),
    );
    // On: neither a second enrolment nor a second confirmation.
    expect((await call('POST', '/system/user/profile/totp', { token: u.token })).msg).toBe(
      'Two-factor authentication is already on',
    );
    expect(
      (
        await call('POST', '/system/user/profile/totp/confirm', {
          token: u.token,
          payload: { code: nextCode(secret) },
        })
      ).msg,
    ).toBe('Two-factor authentication is already on');
    expect((await call('GET', '/system/user/profile/totp', {})).code).toBe(401);
  });

  it('refuses a confirmation before any enrolment', async () => {
    const u = await t.signedIn();
    const res = await call('POST', '/system/user/profile/totp/confirm', {
      token: u.token,
      payload: { code: '123456' },
    });
    expect(res.msg).toBe('Start setting up two-factor authentication first');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('gives no token for the password; the ticket and a code give one', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const ticket = await passwordStep(u, ip);
    expect(ticket).toMatch(/^[\w-]{43}$/);
    const row = await t.db
      .selectFrom('sysLoginTicket')
      .selectAll()
      .where('userId', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(row.ticketHash).toBe(digest(ticket));
    expect(JSON.stringify(row)).not.toContain(ticket);

    const res = await call('POST', '/login/totp', { payload: { ticket, code: nextCode(u.secret) }, ip });
    expect(res).toMatchObject({ code: 200, msg: 'Operation succeeded' });
    const info = await call('GET', '/getInfo', { token: res.token });
    expect(info.user.userId).toBe(u.userId);
    // The ticket is used up.
    const again = await call('POST', '/login/totp', { payload: { ticket, code: nextCode(u.secret) }, ip });
    expect(again).toEqual({
      code: 500,
      msg: 'The login has expired; enter your password again',
      ticketExpired: true,
    });
    const logged = await t.db
      .selectFrom('sysLogininfor')
      .select(['msg', 'status'])
      .where('userName', '=', u.userName)
      .orderBy('infoId')
      .execute();
    // The password step and the code step; a ticket nobody holds names no account to log.
    expect(logged.slice(-2)).toEqual([
      { msg: 'user.login.totp-required', status: '0' },
      { msg: 'user.login.success', status: '0' },
    ]);
  });

  it('refuses a code taken before (replay), and a code outside the window', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const code = nextCode(u.secret);
    const first = await call('POST', '/login/totp', {
      payload: { ticket: await passwordStep(u, ip), code },
      ip,
    });
    expect(first.code).toBe(200);
    const ticket = await passwordStep(u, ip);
    expect(await call('POST', '/login/totp', { payload: { ticket, code }, ip })).toEqual({
      code: 500,
      msg: 'The code is wrong or has been used already; attempts left: 4',
    });
    // The step before the last one taken is refused too, and so is one five minutes ahead.
    expect(
      (await call('POST', '/login/totp', { payload: { ticket, code: codeAt(u.secret, Date.now()) }, ip }))
        .msg,
    ).toBe('The code is wrong or has been used already; attempts left: 3');
    expect(
      (
        await call('POST', '/login/totp', {
          payload: { ticket, code: codeAt(u.secret, Date.now() + 300_000) },
          ip,
        })
      ).msg,
    ).toBe('The code is wrong or has been used already; attempts left: 2');
  });

  it('lets two requests with the same right code sign in only once', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const code = nextCode(u.secret);
    const [a, b] = [await passwordStep(u, ip), await passwordStep(u, ip)];
    const answers = await Promise.all([
      call('POST', '/login/totp', { payload: { ticket: a, code }, ip }),
      call('POST', '/login/totp', { payload: { ticket: b, code }, ip }),
    ]);
    expect(answers.filter((x) => x.code === 200)).toHaveLength(1);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const [first = '', second = ''] = u.recoveryCodes;
    const ok = await call('POST', '/login/totp', {
      payload: { ticket: await passwordStep(u, ip), recoveryCode: first },
      ip,
    });
    expect(ok.code).toBe(200);
    const reused = await call('POST', '/login/totp', {
      payload: { ticket: await passwordStep(u, ip), recoveryCode: first },
      ip,
    });
    expect(reused.msg).toBe('The code is wrong or has been used already; attempts left: 4');
    // Upper case, no dash, in the one-field form of the API.
    const typed = second.replace('-', ' ').toUpperCase();
    const viaCode = await call('POST', '/login/totp', {
      payload: { ticket: await passwordStep(u, ip), code: typed },
      ip,
    });
    expect(viaCode.code).toBe(200);
    expect(
      (await call('GET', '/system/user/profile/totp', { token: viaCode.token })).data.recoveryCodesLeft,
    ).toBe(8);
    const log = await t.db
      .selectFrom('sysLogininfor')
      .select('msg')
      .where('userName', '=', u.userName)
      .where('msg', '=', 'user.login.success.recovery')
      .execute();
    expect(log).toHaveLength(2);
  });

  it('kills the ticket after five wrong codes and locks the password step for that address', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const ticket = await passwordStep(u, ip);
    const answers: Json[] = [];
    for (let i = 0; i < TOTP.ticketMaxFailures; i++)
      answers.push(await call('POST', '/login/totp', { payload: { ticket, code: '000000' }, ip }));
    expect(answers.slice(0, 4).map((a) => a.msg)).toEqual(
      [4, 3, 2, 1].map((n) => `The code is wrong or has been used already; attempts left: ${n}`),
    );
    expect(answers[4]).toEqual({
      code: 500,
      msg: 'Too many wrong codes; enter your password again',
      ticketExpired: true,
    });
    // The right code no longer helps this ticket.
    expect(
      (await call('POST', '/login/totp', { payload: { ticket, code: nextCode(u.secret) }, ip }))
        .ticketExpired,
    ).toBe(true);
    expect(
      await t.db.selectFrom('sysLoginTicket').select('ticketHash').where('userId', '=', u.userId).execute(),
    ).toEqual([]);
    // Five wrong codes count as five wrong passwords from this address; another address is open.
    const locked = await call('POST', '/login', {
      payload: { username: u.userName, password: u.password },
      ip,
    });
    expect(locked.msg).toBe('Wrong password entered 5 times: the account is locked for 10 min');
    expect(
      (
        await call('POST', '/login', {
          payload: { username: u.userName, password: u.password },
          ip: nextAddress(),
        })
      ).twoFactor,
    ).toBe(true);
  });

  it('refuses an expired ticket, and says why a step is incomplete', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const ticket = await passwordStep(u, ip);
    const row = await t.db
      .selectFrom('sysLoginTicket')
      .select('expireAt')
      .where('ticketHash', '=', digest(ticket))
      .executeTakeFirstOrThrow();
    expect(row.expireAt - Date.now()).toBeGreaterThan(TOTP.ticketMinutes * 60_000 - 5_000);
    expect(row.expireAt - Date.now()).toBeLessThanOrEqual(TOTP.ticketMinutes * 60_000);
    // Five minutes on: the ticket's expiry has passed.
    await t.db
      .updateTable('sysLoginTicket')
      .set({ expireAt: Date.now() - 1 })
      .where('ticketHash', '=', digest(ticket))
      .execute();
    expect(await call('POST', '/login/totp', { payload: { ticket, code: nextCode(u.secret) }, ip })).toEqual({
      code: 500,
      msg: 'The login has expired; enter your password again',
      ticketExpired: true,
    });
    expect((await call('POST', '/login/totp', { payload: { ticket }, ip })).msg).toBe(
      'Enter the code from your authenticator app',
    );
    expect((await call('POST', '/login/totp', { payload: { code: '123456' }, ip })).msg).toBe(
      'The login ticket is missing; enter your password again',
    );
  });
});

describe('turning it off', () => {
  it('takes the password and a code; then the password alone signs in', async () => {
    const u = await enrolled();
    const off = (payload: Json) => call('DELETE', '/system/user/profile/totp', { token: u.token, payload });
    expect((await off({ password: 'wrong-pass', code: nextCode(u.secret) })).msg).toBe(
      'The password is wrong',
    );
    expect((await off({ password: u.password, code: '000000' })).msg).toBe(
      'The code is wrong or has been used already',
    );
    expect((await off({ password: u.password })).msg).toBe('Enter a code or a recovery code');
    expect((await off({ password: u.password, code: u.recoveryCodes[3] ?? '' })).code).toBe(200);
    expect((await call('GET', '/system/user/profile/totp', { token: u.token })).data.enabled).toBe(false);
    expect(
      await t.db.selectFrom('sysUserRecoveryCode').select('codeId').where('userId', '=', u.userId).execute(),
    ).toEqual([]);
    const res = await call('POST', '/login', { payload: { username: u.userName, password: u.password } });
    expect(res.token).toBeTruthy();
    expect((await off({ password: u.password, code: '123456' })).msg).toBe(
      'Two-factor authentication is not on',
    );
  });
});

describe("the administrator's reset", () => {
  it('turns a person’s two-factor sign-in off, is refused without the permission, and is recorded', async () => {
    const u = await enrolled();
    const member = await t.signedIn();
    const reset = (token: string, userId = u.userId) =>
      call('PUT', '/system/user/resetTotp', { token, payload: { userId } });
    expect((await reset(member.token)).code).toBe(403);
    expect((await call('GET', '/system/user/profile/totp', { token: u.token })).data.enabled).toBe(true);
    const listed = await call('GET', `/system/user/list?userName=${u.userName}`, { token: admin });
    expect(listed.rows[0]).toMatchObject({ userId: u.userId, totpEnabled: true });

    expect(await reset(admin)).toEqual({
      code: 200,
      msg: `Two-factor authentication turned off for ${u.userName}`,
    });
    expect((await call('GET', '/system/user/profile/totp', { token: u.token })).data.enabled).toBe(false);
    const res = await call('POST', '/login', { payload: { username: u.userName, password: u.password } });
    expect(res.token).toBeTruthy();
    expect((await reset(admin)).msg).toBe(`${u.userName} does not have two-factor authentication turned on`);
    expect((await reset(admin, 1)).code).toBe(500);
    expect((await reset(admin, 999_999)).msg).toBe('The member does not exist');

    await t.app.operLog.flush();
    const rows = await t.db
      .selectFrom('sysOperLog')
      .select(['operName', 'operParam', 'status', 'title', 'businessType'])
      .where('operUrl', '=', '/system/user/resetTotp')
      .orderBy('operId')
      .execute();
    expect(rows[1]).toMatchObject({ operName: 'admin', status: 0, title: 'system/user', businessType: 2 });
    expect(JSON.parse(rows[1]?.operParam ?? '{}')).toEqual({ userId: u.userId });
  });
});

describe('the secret', () => {
  it('never leaves the server after the enrolment answer, nor do the recovery codes', async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const signedIn = await call('POST', '/login/totp', {
      payload: { ticket: await passwordStep(u, ip), code: nextCode(u.secret) },
      ip,
    });
    const answers = [
      await call('GET', '/system/user/profile/totp', { token: signedIn.token }),
      await call('GET', '/system/user/profile', { token: signedIn.token }),
      await call('GET', '/getInfo', { token: signedIn.token }),
      await call('GET', `/system/user/${u.userId}`, { token: admin }),
      await call('GET', `/system/user/list?userName=${u.userName}`, { token: admin }),
      await call('GET', '/monitor/cache/getNames', { token: admin }),
    ];
    const lowerSecret = u.secret.toLowerCase();
    for (const answer of answers) {
      const text = JSON.stringify(answer).toLowerCase();
      expect(text).not.toContain(lowerSecret);
      for (const code of u.recoveryCodes) expect(text).not.toContain(code);
    }
    // Neither the operation log (enrolment, confirmation) nor the login log keeps them.
    await t.app.operLog.flush();
    const oper = await t.db.selectFrom('sysOperLog').select(['operParam', 'jsonResult']).execute();
    const logins = await t.db.selectFrom('sysLogininfor').select('msg').execute();
    const logText = JSON.stringify([oper, logins]).toLowerCase();
    expect(oper.length).toBeGreaterThan(0);
    expect(logText).not.toContain(lowerSecret);
    for (const code of u.recoveryCodes) expect(logText).not.toContain(code);
    const started = await t.db
      .selectFrom('sysOperLog')
      .select('jsonResult')
      .where('operUrl', '=', '/system/user/profile/totp/confirm')
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(started.jsonResult ?? '{}')).toMatchObject({ data: { recoveryCodes: '******' } });
    // The code step of a sign-in is the login log's, not the operation log's.
    const codeStep = await t.db
      .selectFrom('sysOperLog')
      .select('operId')
      .where('operUrl', '=', '/login/totp')
      .execute();
    expect(codeStep).toEqual([]);
  });
});

describe('the sign-in rate limit', () => {
  it('counts the code step per address like the password step', async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.call({
          method: 'POST',
          url: '/login/totp',
          payload: { ticket: 'not-a-ticket', code: '123456' },
          remoteAddress: '10.99.0.1',
          lang: 'en_US',
        });
        codes.push(res.body.code);
      }
      expect(codes).toEqual([500, 500, 500, 429]);
    } finally {
      await limited.close();
    }
  });
});
