import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/factories.ts';
import { createTestApp, type Json, type TestApp } from '../../../test/test-app.ts';

// Guessing passwords must be slowed, and must never let a stranger lock someone else out.
let t: TestApp;
// Well above a password check under load (two test files share the cores), so "not slowed" is
// told apart from "slowed" by the clock alone.
const SLOWDOWN_MS = 300;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_RATE_PER_MINUTE: '8', SIGN_IN_SLOWDOWN_MS: String(SLOWDOWN_MS) });
});
afterAll(async () => t.close());

let address = 0;
/** A new address for each scene, so the per-address rate limit of one does not touch another. */
const nextAddress = () => `10.20.${Math.floor(++address / 250)}.${address % 250}`;
const attempt = async (username: string, password: string, remoteAddress: string): Promise<Json> => {
  const started = performance.now();
  const res = await t.call({
    method: 'POST',
    url: '/login',
    payload: { username, password },
    lang: 'en_US',
    remoteAddress,
  });
  return { ...res.body, ms: performance.now() - started };
};

describe('wrong passwords', () => {
  it('lock an account only against the address that failed; the owner still signs in from elsewhere', async () => {
    const u = await insertTestUser(t.db);
    const attacker = nextAddress();
    for (let i = 0; i < 5; i++) await attempt(u.userName, 'wrong-pass', attacker);
    expect((await attempt(u.userName, u.password, attacker)).msg).toBe(
      'Wrong password entered 5 times: the account is locked for 10 min',
    );
    expect((await attempt(u.userName, u.password, nextAddress())).code).toBe(200);
  });

  it('never lock the super administrator out: five failures from one address leave every other open', async () => {
    const attacker = nextAddress();
    for (let i = 0; i < 5; i++) await attempt('admin', 'wrong-pass', attacker);
    expect((await attempt('admin', 'cat2bug', attacker)).code).toBe(500);
    expect((await attempt('admin', 'cat2bug', nextAddress())).code).toBe(200);
  });

  it('are answered slowly once an account has failed often from anywhere, without a lock', async () => {
    const u = await insertTestUser(t.db);
    const times: number[] = [];
    // A spray: one guess from each of seven addresses.
    for (let i = 0; i < 7; i++) times.push((await attempt(u.userName, 'wrong-pass', nextAddress())).ms);
    expect(Math.max(...times.slice(0, 4))).toBeLessThan(SLOWDOWN_MS);
    expect(times[5]).toBeGreaterThanOrEqual(2 * SLOWDOWN_MS);
    expect(times[6]).toBeGreaterThanOrEqual(3 * SLOWDOWN_MS);
    // The right password from a new address is neither locked nor slowed.
    const right = await attempt(u.userName, u.password, nextAddress());
    expect(right.code).toBe(200);
    expect(right.ms).toBeLessThan(SLOWDOWN_MS);
  });

  it('hold no check places while they are answered slowly, so slowed guesses never keep the owner out', async () => {
    const u = await insertTestUser(t.db);
    for (let i = 0; i < 7; i++) await attempt(u.userName, 'wrong-pass', nextAddress());
    // Two slowed guesses in flight (the account's two places, were they held)…
    const slowed = [
      attempt(u.userName, 'wrong-pass', nextAddress()),
      attempt(u.userName, 'wrong-pass', nextAddress()),
    ];
    await new Promise((resolve) => setTimeout(resolve, 100));
    // …and the owner signs in meanwhile.
    expect((await attempt(u.userName, u.password, nextAddress())).code).toBe(200);
    expect((await Promise.all(slowed)).every((a) => a.ms >= SLOWDOWN_MS)).toBe(true);
  });

  it('are limited per address and minute, whatever the accounts', async () => {
    const sprayer = nextAddress();
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await attempt(`nobody${i}`, 'wrong-pass', sprayer)).code);
    expect(answers.slice(0, 8).every((c) => c === 500)).toBe(true);
    expect(answers.slice(8)).toEqual([429, 429]);
    const limited = await attempt('nobody', 'wrong-pass', sprayer);
    expect(limited.msg).toMatch(/^Too many attempts from your address; try again in \d+ s$/);
    // Another address is not affected.
    expect((await attempt('admin', 'cat2bug', nextAddress())).code).toBe(200);
  });
});

describe('the per-address limit at once', () => {
  it('lets through no more than the limit of twelve sent at once, and no fewer', async () => {
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(`burst${i}`, 'wrong-pass', from)),
    );
    expect(answers.filter((a) => a.code === 429)).toHaveLength(4);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the per-address limit across instances', () => {
  it('counts an address’s requests to every instance together, through Redis', async () => {
    const { buildApp } = await import('../../app.ts');
    const first = await createTestApp({
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: `test-${process.pid}-${Date.now()}`,
      SIGN_IN_RATE_PER_MINUTE: '4',
    });
    const second = await buildApp({ config: first.config, db: first.db });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? first.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/login',
          payload: { username: 'nobody', password: 'wrong-pass' },
          remoteAddress: '10.30.0.1',
        });
        codes.push(res.json().code);
      }
      expect(codes).toEqual([500, 500, 500, 500, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
