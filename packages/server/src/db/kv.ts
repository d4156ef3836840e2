import { sql } from 'kysely';
import type { Db } from './connect.ts';

/**
 * Calls of the key-value rows by this instance since it started, by the Redis command each stands
 * for: the built-in cache's command statistics on the cache monitor.
 */
export const kvCalls = new Map<string, number>();
const called = (command: string) => kvCalls.set(command, (kvCalls.get(command) ?? 0) + 1);

/** Short-lived values shared by every server instance: captcha answers, login failure counts. */
export async function kvGet(db: Db, k: string, now = Date.now()): Promise<string | undefined> {
  called('get');
  const row = await db.selectFrom('sysKv').select(['v', 'expireAt']).where('k', '=', k).executeTakeFirst();
  return row && row.expireAt > now ? row.v : undefined;
}

/** A time to live for key-value rows that are settings, not caches. */
export const KV_FOREVER_MS = 100 * 365 * 24 * 3600 * 1000;

export async function kvPut(db: Db, k: string, v: string, ttlMs: number): Promise<void> {
  called('set');
  const expireAt = Date.now() + ttlMs;
  await db
    .insertInto('sysKv')
    .values({ k, v, expireAt })
    .onConflict((oc) => oc.column('k').doUpdateSet({ v, expireAt }))
    .execute();
}

/**
 * Adds `by` to a count kept under `k` and answers the new count, in one statement, so requests
 * at once each see their own (a read and a later write would let them all see the same).
 * An expired count starts again; each change sets the expiry `ttlMs` from now, while the new
 * count is at most `renewUpTo`: past it the expiry stays, so a lock that begins there ends in
 * time however often it is knocked on meanwhile.
 */
export async function kvCount(
  db: Db,
  k: string,
  ttlMs: number,
  by = 1,
  renewUpTo = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  called('incrby');
  const now = Date.now();
  const start = Math.max(0, by);
  const added = sql`cast(sys_kv.v as integer) + cast(${by} as integer)`;
  const next = sql`case when sys_kv.expire_at <= ${now} then cast(${start} as integer)
    when ${added} < 0 then 0 else ${added} end`;
  const { rows } = await sql<{ v: string }>`
    insert into sys_kv (k, v, expire_at) values (${k}, ${String(start)}, ${now + ttlMs})
    on conflict (k) do update set
      v = cast(${next} as varchar),
      expire_at = case when ${next} > cast(${renewUpTo} as bigint) then sys_kv.expire_at
        else excluded.expire_at end
    returning v`.execute(db);
  return Number(rows[0]?.v ?? 0);
}

/** Reads and removes in one statement, so a value can be used once only. */
export async function kvTake(db: Db, k: string, now = Date.now()): Promise<string | undefined> {
  called('getdel');
  const row = await db.deleteFrom('sysKv').where('k', '=', k).returning(['v', 'expireAt']).executeTakeFirst();
  return row && row.expireAt > now ? row.v : undefined;
}

export async function kvDelete(db: Db, k: string): Promise<void> {
  called('del');
  await db.deleteFrom('sysKv').where('k', '=', k).execute();
}

export async function kvSweep(db: Db, now = Date.now()): Promise<void> {
  called('expire');
  await db.deleteFrom('sysKv').where('expireAt', '<', now).execute();
}
