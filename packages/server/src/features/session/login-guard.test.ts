import { LIMITS } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { connectDatabase, type Db } from '../../db/connect.ts';
import { type Attempt, beginAttempt, unlockAccount } from './login-guard.ts';

/*
 * The sign-in guard's counts, called directly on a real database: how a right password gives its
 * attempt back (wholly once signed in, only the attempt while a two-factor code is awaited), when
 * the slowdown starts, and that a failing count never keeps its check place. The sign-in page's
 * own behaviour is in session.test.ts and sign-in-abuse.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let seq = 0;
const nameOf = () => `guarded_${++seq}`;
/** An attempt counted and its place given back at once, as the sign-in does after its check. */
async function attempt(name: string, address = '10.0.0.1', slowdownMs = 0): Promise<Attempt> {
  const a = await beginAttempt(t.db, name, address, slowdownMs);
  a.release();
  return a;
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'counted',
    (e: { key?: string; message?: string }) => e.key ?? e.message ?? String(e),
  );

describe('the sign-in guard', () => {
  it('checks the fifth attempt from an address, and refuses the sixth unchecked', async () => {
    const name = nameOf();
    for (let i = 1; i < LIMITS.loginMaxRetry; i++) expect((await attempt(name)).isLocked).toBe(false);
    const fifth = await attempt(name);
    expect(fifth).toMatchObject({ isLocked: false, left: 0 });
    expect((await attempt(name)).isLocked).toBe(true);
    // Another address is not locked out, and the name counts whatever its case.
    expect((await attempt(name.toUpperCase(), '10.0.0.2')).isLocked).toBe(false);
  });

  it('takes a right password’s attempt back, clearing the address once the sign-in is complete', async () => {
    const name = nameOf();
    for (let i = 0; i < 3; i++) await attempt(name);
    // Waiting for a two-factor code: only this attempt is taken back (three left of four counted).
    await (await attempt(name)).succeeded({ isComplete: false });
    expect((await attempt(name)).left).toBe(1);
    await (await attempt(name)).succeeded({ isComplete: true });
    expect((await attempt(name)).left).toBe(LIMITS.loginMaxRetry - 1);
  });

  it('answers wrong passwords late once the name has failed often from anywhere, a step more each time', async () => {
    const name = nameOf();
    const delays: number[] = [];
    for (let i = 0; i < LIMITS.loginMaxRetry + 6; i++)
      delays.push((await attempt(name, `10.1.0.${i}`, 1000)).delayMs);
    expect(delays).toEqual([0, 0, 0, 0, 1000, 2000, 3000, 4000, 5000, 5000, 5000]);
    // A right password takes its attempt back from the name's count too.
    const other = nameOf();
    for (let i = 0; i < LIMITS.loginMaxRetry - 2; i++) await attempt(other, `10.2.0.${i}`, 1000);
    await (await attempt(other, '10.2.1.1', 1000)).succeeded({ isComplete: true });
    expect((await attempt(other, '10.2.1.2', 1000)).delayMs).toBe(0);
    expect((await attempt(other, '10.2.1.3', 1000)).delayMs).toBe(1000);
  });

  it('checks two attempts on a name at a time, and an attempt gives its place back once', async () => {
    const name = nameOf();
    const [a, b] = [
      await beginAttempt(t.db, name, '10.3.0.1', 0),
      await beginAttempt(t.db, name, '10.3.0.2', 0),
    ];
    expect(await refusal(beginAttempt(t.db, name, '10.3.0.3', 0))).toBe('user.login.busy');
    a.release();
    a.release();
    const c = await beginAttempt(t.db, name, '10.3.0.4', 0);
    expect(await refusal(beginAttempt(t.db, name, '10.3.0.5', 0))).toBe('user.login.busy');
    b.release();
    c.release();
  });

  it('unlocks one account on every address, and leaves other accounts’ counts alone', async () => {
    const [name, other] = [nameOf(), nameOf()];
    for (let i = 0; i < LIMITS.loginMaxRetry + 1; i++) {
      await attempt(name, '10.5.0.1');
      await attempt(name, '10.5.0.2');
      await attempt(other, '10.5.0.1');
    }
    await unlockAccount(t.db, name.toUpperCase());
    expect((await attempt(name, '10.5.0.1')).isLocked).toBe(false);
    expect((await attempt(name, '10.5.0.2', 1000)).delayMs).toBe(0);
    expect((await attempt(other, '10.5.0.1')).isLocked).toBe(true);
  });

  it('gives the place back when the count itself fails', async () => {
    // A database without the key-value table: every count fails.
    const broken: Db = await connectDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const name = nameOf();
      for (let i = 0; i < 3; i++)
        expect(await refusal(beginAttempt(broken, name, '10.4.0.1', 0))).toMatch(/sys_kv/);
    } finally {
      await broken.destroy();
    }
  });
});
