import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  checkSharePassword,
  type GuardedShare,
  SHARE_WRONG_BUDGET,
  sharePasswordHash,
  slowdownSteps,
} from './share-passwords.ts';

/*
 * The share password's guard called directly, on a real database: what the public page cannot
 * show deterministically (guesses in the same instant, the slowdown's timing, a budget found used
 * up). The page's own behaviour is in defect-shares.test.ts.
 */

let t: TestApp;
let owner: number;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  const person = await t.signedIn();
  owner = person.userId;
  token = person.token;
  const team = await insertTestTeam(t.db, { [owner]: [5] });
  projectId = await insertTestProject(t.db, team, { [owner]: [8] });
});
afterAll(async () => t.close());

let seq = 0;
/** A link of its own (to a defect of its own) with password 4821, `wrongGuesses` already spent. */
async function newShare(wrongGuesses = 0): Promise<GuardedShare> {
  seq += 1;
  const res = await t.call({
    method: 'POST',
    url: '/system/defect',
    token,
    payload: { projectId, defectType: 'BUG', defectName: 'Guarded', defectLevel: 'low', handleBy: [owner] },
  });
  const defectId = res.body.data.defectId as number;
  const defectShardId = seq.toString(16).padStart(32, 'a');
  await t.db
    .insertInto('sysDefectShard')
    .values({
      defectShardId,
      defectId,
      createById: owner,
      createTime: '2026-01-01 00:00:00',
      updateTime: '2026-01-01 00:00:00',
      passwordHash: sharePasswordHash(defectShardId, '4821'),
      wrongGuesses,
      lockedAt: null,
      agingHour: 0,
      agingAt: null,
      defaultLang: null,
    })
    .execute();
  return {
    defectShardId,
    defectId,
    createById: owner,
    passwordHash: sharePasswordHash(defectShardId, '4821'),
    lockedAt: null,
    projectId,
    defectNumber: 1,
    defectName: 'Guarded',
  };
}

const deps = (signInSlowdownMs = 0) => ({ db: t.db, hub: t.app.hub, config: { signInSlowdownMs } });
/** The refusal's message key, or 'open'. */
const outcome = (p: Promise<void>) =>
  p.then(
    () => 'open',
    (e: { key?: string }) => e.key ?? String(e),
  );
const lockedAt = async (id: string) =>
  (
    await t.db
      .selectFrom('sysDefectShard')
      .select('lockedAt')
      .where('defectShardId', '=', id)
      .executeTakeFirstOrThrow()
  ).lockedAt;

describe('the share password guard', () => {
  it('hashes a password with its link to 64 hex digits', () => {
    expect(sharePasswordHash('a'.repeat(32), '4821')).toMatch(/^[0-9a-f]{64}$/);
    expect(sharePasswordHash('a'.repeat(32), '4821')).not.toBe(sharePasswordHash('b'.repeat(32), '4821'));
  });

  it('checks two guesses of a link at a time and refuses a third sent in the same instant', async () => {
    const share = await newShare();
    const at = (n: number) => checkSharePassword(deps(), share, String(1000 + n), `10.0.0.${n}`);
    expect(await Promise.all([at(1), at(2), at(3)].map(outcome))).toEqual([
      'shard.password-error',
      'shard.password-error',
      'shard.busy',
    ]);
    // The places are given back: the next guess is checked.
    expect(await outcome(at(4))).toBe('shard.password-error');
    expect(await outcome(checkSharePassword(deps(), share, '4821', '10.0.0.5'))).toBe('open');
  });

  it('gives the right password back its place in the address’s count', async () => {
    const share = await newShare();
    const guess = (password: string) => outcome(checkSharePassword(deps(), share, password, '10.1.0.1'));
    for (let i = 0; i < 4; i++) expect(await guess(String(2000 + i))).toBe('shard.password-error');
    expect(await guess('4821')).toBe('open');
    // Four wrong and the right one: the fifth wrong guess is still checked, the sixth is not.
    expect(await guess('2004')).toBe('shard.password-error');
    expect(await guess('2005')).toBe('shard.too-many-guesses');
  });

  it('answers a wrong guess past half the budget later, a step more each time', async () => {
    expect([0, 10, 11, 12, 15, 16, SHARE_WRONG_BUDGET - 1].map(slowdownSteps)).toEqual([0, 0, 1, 2, 5, 5, 5]);
    const share = await newShare(11);
    // The wait itself is not sat out: the timer it asks for (in steps of an odd 1,234 ms, told
    // apart from the database client's own timers, which are left alone) is recorded and run at once.
    const STEP = 1234;
    const isStep = (ms: number | undefined): ms is number => ms !== undefined && ms > 0 && ms % STEP === 0;
    const asked: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (isStep(ms)) asked.push(ms);
      return realSetTimeout(run, isStep(ms) ? 0 : ms);
    }) as typeof setTimeout);
    try {
      // The twelfth wrong guess: two steps, then the refusal.
      expect(await outcome(checkSharePassword(deps(STEP), share, '0000', '10.2.0.1'))).toBe(
        'shard.password-error',
      );
      expect(asked).toEqual([2 * STEP]);
    } finally {
      timers.mockRestore();
    }
  });

  it('refuses a locked link before checking, and locks a link whose budget is found used up', async () => {
    const share = await newShare();
    expect(await outcome(checkSharePassword(deps(), { ...share, lockedAt: 1 }, '4821', '10.3.0.1'))).toBe(
      'shard.locked',
    );
    const spent = await newShare(SHARE_WRONG_BUDGET);
    expect(await lockedAt(spent.defectShardId)).toBeNull();
    expect(await outcome(checkSharePassword(deps(), spent, '4821', '10.3.0.2'))).toBe('shard.locked');
    expect(await lockedAt(spent.defectShardId)).not.toBeNull();
    // Found used up again by a check that read the link before it locked: the owner is told once,
    // with the way to the defect.
    expect(await outcome(checkSharePassword(deps(), spent, '4821', '10.3.0.3'))).toBe('shard.locked');
    const told = await t.db
      .selectFrom('sysNotice')
      .select('src')
      .where('receiverId', '=', owner)
      .where('src', 'like', `%defectId=${spent.defectId}&%`)
      .execute();
    expect(told).toEqual([{ src: `/project/defect?defectId=${spent.defectId}&projectId=${projectId}` }]);
  });

  it('takes a stored hash of another length for a wrong password, not an error', async () => {
    const share = await newShare();
    expect(
      await outcome(checkSharePassword(deps(), { ...share, passwordHash: 'abcd' }, '4821', '10.4.0.1')),
    ).toBe('shard.password-error');
  });
});
