import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { kvCount } from '../../db/kv.ts';
import { addressKey } from '../../lib/client-address.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';

/*
 * Attempts sent at once must do no better than the limit: each is counted before its password
 * is checked, in one statement, whichever instance it reaches. The outside probe signed in with
 * the right password among 20 wrong ones sent at once (limit 5): all 21 read a count of 0.
 */

let t: TestApp;
/** Three instances on one database: the per-process hold on an account's checks does not span them. */
let instances: FastifyInstance[];
beforeAll(async () => {
  t = await createTestApp();
  instances = [
    t.app,
    await buildApp({ config: t.config, db: t.db }),
    await buildApp({ config: t.config, db: t.db }),
  ];
});
afterAll(async () => {
  for (const app of instances.slice(1)) await app.close();
  await t.close();
});

const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
  app
    .inject({
      method: 'POST',
      url: '/login',
      payload: { username, password },
      headers: { language: 'en_US' },
      remoteAddress,
    })
    .then((res) => res.json() as Json);

describe('counting', () => {
  it('gives each of fifty counts at once its own number', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => kvCount(t.db, 'race:count', 60_000)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await kvCount(t.db, 'race:count', 60_000, -60)).toBe(0);
  });
});

describe('sign-in attempts at once', () => {
  it('check at most five passwords of 21 sent at once to three instances, the right one among them', async () => {
    const u = await insertTestUser(t.db);
    const from = '10.77.0.1';
    const tries = Array.from({ length: 21 }, (_, i) => (i === 10 ? u.password : `wrong-${i}x`));
    const answers = await Promise.all(
      tries.map((password, i) => signIn(instances[i % 3] as FastifyInstance, u.userName, password, from)),
    );
    const left = answers.flatMap((a) => {
      const m = /; attempts left: (\d)$/.exec(String(a.msg));
      return m ? [Number(m[1])] : [];
    });
    const signedIn = answers.filter((a) => a.code === 200).length;
    // Each checked attempt had a count of its own: no two were told the same number left.
    expect(new Set(left).size).toBe(left.length);
    expect(left.length + signedIn).toBeLessThanOrEqual(5);
    expect(
      answers.every(
        (a) =>
          a.code === 200 ||
          /attempts left: \d$|the account is locked for 10 min$|being checked; try again/.test(String(a.msg)),
      ),
    ).toBe(true);
  });

  it('refuses a third check of one account at once in an instance, and counts it nowhere', async () => {
    const u = await insertTestUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn(t.app, u.userName, `wrong-${i}x`, `10.78.0.${i + 1}`)),
    );
    const busy = answers.filter(
      (a) => a.msg === 'Another login to this account is being checked; try again in a moment',
    );
    expect(busy.length).toBeGreaterThanOrEqual(4);
    expect(answers.filter((a) => /attempts left: \d$/.test(String(a.msg)))).toHaveLength(6 - busy.length);
    // The owner is not locked out by it: the right password, once the checks are done.
    expect((await signIn(t.app, u.userName, u.password, '10.78.1.1')).code).toBe(200);
  });
});

describe('addresses', () => {
  it('counts an IPv6 caller by its /64, an IPv4 one mapped into IPv6 as itself', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
  });

  it('locks a name for a whole /64 after five wrong passwords from addresses within it', async () => {
    const u = await insertTestUser(t.db);
    for (let i = 1; i <= 5; i++) await signIn(t.app, u.userName, 'wrong-pass', `2001:db8:77:1::${i}`);
    expect((await signIn(t.app, u.userName, u.password, '2001:db8:77:1::99')).msg).toBe(
      'Wrong password entered 5 times: the account is locked for 10 min',
    );
    expect((await signIn(t.app, u.userName, u.password, '2001:db8:77:2::1')).code).toBe(200);
  });
});

describe('password checks', () => {
  it('leave the main thread free: 8 checks at once keep its event loop mostly idle', async () => {
    const stored = await hashPassword('secret-1');
    const before = performance.eventLoopUtilization();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => verifyPassword(`x${i}`, stored)));
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(results.every((r) => r === false)).toBe(true);
    // bcrypt in JavaScript keeps the loop busy the whole time (utilisation ~1).
    expect(busy).toBeLessThan(0.3);
  });
});
