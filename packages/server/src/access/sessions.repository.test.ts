import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  clearDefaultPasswordFlag,
  deleteExpiredSessions,
  deleteSessionsOfUsers,
  insertSession,
  listSessions,
  liveSessionIds,
} from './sessions.repository.ts';

// The session statements that no route answers directly: the socket hub's check, the
// housekeeping sweep, the administrator's list of who is online.

let t: TestApp;
let seq = 0;
const NOW = 1_800_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const tokenOf = (n: number) => n.toString(16).padStart(64, '0');

async function session(
  userId: number,
  over: { expireAt?: number; ipaddr?: string; loginTime?: string; isDefaultPassword?: number } = {},
) {
  seq += 1;
  const tokenId = `${seq.toString(16).padStart(8, '0')}${'e'.repeat(56)}`;
  await insertSession(t.db, {
    tokenId,
    userId,
    loginTime: over.loginTime ?? '2027-01-01 10:00:00',
    expireAt: over.expireAt ?? NOW + 60_000,
    ipaddr: over.ipaddr ?? '10.0.0.1',
    browser: 'Firefox',
    os: 'Linux',
    isDefaultPassword: over.isDefaultPassword ?? 0,
  });
  return tokenId;
}

const tokensOf = async (userIds: number[]) =>
  (await t.db.selectFrom('sysSession').select('tokenId').where('userId', 'in', userIds).execute())
    .map((r) => r.tokenId)
    .sort();

describe('liveSessionIds', () => {
  it('answers the live ones among more ids than one statement may carry, the expiry moment still live', async () => {
    const { userId } = await insertTestUser(t.db);
    const live = [await session(userId), await session(userId, { expireAt: NOW })];
    const ended = await session(userId, { expireAt: NOW - 1 });
    // 70,000 ids: past SQLite's 32,766 and PostgreSQL's 65,535 parameters, so only chunks work;
    // the real ones stand at the edges of the chunks of 500.
    const ids = Array.from({ length: 70_000 }, (_, n) => tokenOf(n));
    ids[0] = live[0] ?? '';
    ids[499] = ended;
    ids[500] = live[1] ?? '';
    expect(await liveSessionIds(t.db, ids, NOW)).toEqual(new Set(live));
    expect(await liveSessionIds(t.db, [ended, ...live].slice(0, 2), NOW)).toEqual(new Set([live[0]]));
    expect(await liveSessionIds(t.db, [], NOW)).toEqual(new Set());
  });
});

describe('deleteExpiredSessions', () => {
  it('drops the sessions that expired before now, and only those', async () => {
    const { userId } = await insertTestUser(t.db);
    await session(userId, { expireAt: NOW - 1 });
    const kept = [await session(userId, { expireAt: NOW }), await session(userId, { expireAt: NOW + 1 })];
    await deleteExpiredSessions(t.db, NOW);
    expect(await tokensOf([userId])).toEqual(kept.sort());
  });
});

describe('deleteSessionsOfUsers', () => {
  it("ends the given people's sessions, but the one excepted, and nobody else's", async () => {
    const [a, b, c] = [await insertTestUser(t.db), await insertTestUser(t.db), await insertTestUser(t.db)];
    const keptOfA = await session(a.userId);
    await session(a.userId);
    await session(b.userId);
    const ofC = await session(c.userId);
    await deleteSessionsOfUsers(t.db, [], keptOfA);
    expect(await tokensOf([a.userId, b.userId, c.userId])).toHaveLength(4);
    await deleteSessionsOfUsers(t.db, [a.userId, b.userId], keptOfA);
    expect(await tokensOf([a.userId, b.userId, c.userId])).toEqual([keptOfA, ofC].sort());
    await deleteSessionsOfUsers(t.db, [a.userId]);
    expect(await tokensOf([a.userId, b.userId, c.userId])).toEqual([ofC]);
  });
});

describe('clearDefaultPasswordFlag', () => {
  it("clears the flag on every session of that person and on nobody else's", async () => {
    const [a, b] = [await insertTestUser(t.db), await insertTestUser(t.db)];
    for (const userId of [a.userId, a.userId, b.userId]) await session(userId, { isDefaultPassword: 1 });
    await clearDefaultPasswordFlag(t.db, a.userId);
    const flags = await t.db
      .selectFrom('sysSession')
      .select(['userId', 'isDefaultPassword'])
      .where('userId', 'in', [a.userId, b.userId])
      .orderBy('userId')
      .execute();
    expect(flags).toEqual([
      { userId: a.userId, isDefaultPassword: 0 },
      { userId: a.userId, isDefaultPassword: 0 },
      { userId: b.userId, isDefaultPassword: 1 },
    ]);
  });
});

describe('listSessions', () => {
  it('lists the live sessions with their people, latest first, filtered by address and name', async () => {
    const ann = await insertTestUser(t.db, { userName: `list-ann-${Date.now()}` });
    const bob = await insertTestUser(t.db, { userName: `list-bob-${Date.now()}` });
    const annEarly = await session(ann.userId, { ipaddr: '192.0.2.7', loginTime: '2027-01-01 09:00:00' });
    const bobLate = await session(bob.userId, { ipaddr: '198.51.100.9', loginTime: '2027-01-01 11:00:00' });
    const annMid = await session(ann.userId, { ipaddr: '198.51.100.3', loginTime: '2027-01-01 10:00:00' });
    await session(ann.userId, { expireAt: NOW - 1 });
    const row = (tokenId: string, userName: string, ipaddr: string, loginTime: string) => ({
      tokenId,
      userName,
      ipaddr,
      browser: 'Firefox',
      os: 'Linux',
      loginTime,
    });
    const rows = {
      annEarly: row(annEarly, ann.userName, '192.0.2.7', '2027-01-01 09:00:00'),
      bobLate: row(bobLate, bob.userName, '198.51.100.9', '2027-01-01 11:00:00'),
      annMid: row(annMid, ann.userName, '198.51.100.3', '2027-01-01 10:00:00'),
    };
    const ours = new Set([annEarly, bobLate, annMid]);
    const all = await listSessions(t.db, {}, NOW);
    expect(all.filter((s) => ours.has(s.tokenId))).toEqual([rows.bobLate, rows.annMid, rows.annEarly]);
    expect(await listSessions(t.db, { userName: 'list-ann-' }, NOW)).toEqual([rows.annMid, rows.annEarly]);
    expect(await listSessions(t.db, { ipaddr: '51.100.' }, NOW)).toEqual([rows.bobLate, rows.annMid]);
    expect(await listSessions(t.db, { ipaddr: '51.100.', userName: 'list-ann-' }, NOW)).toEqual([
      rows.annMid,
    ]);
  });
});
