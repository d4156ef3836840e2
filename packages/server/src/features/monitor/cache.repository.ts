import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { belongsTo, type CacheGroup, KV_GROUPS } from './cache-names.ts';

/** Keys listed for one name at most (the original listed them all; a page of thousands helps nobody). */
export const KEYS_SHOWN = 1000;

const startsWith = (prefix: string) => sql<SqlBool>`substr(k, 1, ${prefix.length}) = ${prefix}`;

function groupFilter(db: Db, group: CacheGroup) {
  const q = db.selectFrom('sysKv');
  return group.isKey ? q.where('k', '=', group.cacheName) : q.where(startsWith(group.cacheName));
}

/** Live keys, expired rows not swept yet, and the values' size, of the whole table. */
export async function kvTotals(db: Db, now = Date.now()) {
  const row = await db
    .selectFrom('sysKv')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.sum<number>(eb.case().when('expireAt', '>', now).then(1).else(0).end()).as('live'),
      eb.fn.sum<number>(sql`length(v)`).as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  const live = Number(row.live ?? 0);
  return { keys: live, expired: Number(row.rows) - live, bytes: Number(row.bytes ?? 0) };
}

export async function countKvKeys(db: Db, group: CacheGroup, now = Date.now()): Promise<number> {
  const row = await groupFilter(db, group)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expireAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Live keys under no known name (a feature added since), for the "other" groups. */
export async function unknownKvKeys(db: Db, now = Date.now()): Promise<string[]> {
  const rows = await db
    .selectFrom('sysKv')
    .select('k')
    .where('expireAt', '>', now)
    .where((eb) =>
      eb.not(eb.or(KV_GROUPS.map((g) => (g.isKey ? eb('k', '=', g.cacheName) : startsWith(g.cacheName))))),
    )
    .orderBy('k')
    .limit(10_000)
    .execute();
  return rows.map((r) => r.k);
}

export async function listKvKeys(db: Db, group: CacheGroup, now = Date.now()): Promise<string[]> {
  const rows = await groupFilter(db, group)
    .select('k')
    .where('expireAt', '>', now)
    .orderBy('k')
    .limit(KEYS_SHOWN)
    .execute();
  return rows.map((r) => r.k).filter((k) => belongsTo(group, k));
}

export async function findKvValue(db: Db, key: string, now = Date.now()) {
  return db
    .selectFrom('sysKv')
    .select(['v', 'expireAt'])
    .where('k', '=', key)
    .where('expireAt', '>', now)
    .executeTakeFirst();
}

export async function deleteKvGroup(db: Db, group: CacheGroup): Promise<number> {
  const q = db.deleteFrom('sysKv');
  const result = await (group.isKey
    ? q.where('k', '=', group.cacheName)
    : q.where(startsWith(group.cacheName))
  ).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteKvKey(db: Db, key: string): Promise<number> {
  const result = await db.deleteFrom('sysKv').where('k', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countSessions(db: Db, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('sysSession')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expireAt', '>=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSessionIds(db: Db, now = Date.now()): Promise<string[]> {
  const rows = await db
    .selectFrom('sysSession')
    .select('tokenId')
    .where('expireAt', '>=', now)
    .orderBy('loginTime', 'desc')
    .limit(KEYS_SHOWN)
    .execute();
  return rows.map((r) => r.tokenId);
}

/** A session as the cache list shows it: who, from where, until when; never a token. */
export async function findSessionSummary(db: Db, tokenId: string, now = Date.now()) {
  return db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.userId', 's.userId')
    .select(['u.userName', 's.ipaddr', 's.browser', 's.os', 's.loginTime', 's.expireAt'])
    .where('s.tokenId', '=', tokenId)
    .where('s.expireAt', '>=', now)
    .executeTakeFirst();
}
