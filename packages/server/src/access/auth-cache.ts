import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * What this instance remembers of sessions and rights, trusted only while the versions of
 * migration 035 are unchanged: the global one (roles, grants, menus) and the user's own (account,
 * settings, sessions, memberships). Triggers raise them in the writing transaction, whoever
 * writes, so a change made on another instance, or by hand in SQL, is seen by the next request
 * here: a sign-out, a revoked session, a role taken away or a grant changed applies at once.
 *
 * A request reads the two versions (one indexed lookup) instead of the session, role and
 * permission queries. The versions are always read before the facts they stamp (or in the same
 * statement): a change committed in between can only leave old versions on new facts, which the
 * next request finds out of date, never new versions on old facts.
 */
export type AuthStamp = string;

const GLOBAL_SCOPE = 0;
/** Entries kept per database; the least recently stored go first. */
const MAX_ENTRIES = 20_000;

const stampOf = (globalVersion: number, userVersion: number): AuthStamp => `${globalVersion}.${userVersion}`;

/** The versions in force for a user, read now. */
export async function readStamp(db: Db, userId: number): Promise<AuthStamp> {
  const { rows } = await sql<{ scopeId: number; version: number }>`
    select scope_id, version from sys_auth_version where scope_id in (${GLOBAL_SCOPE}, ${userId})`.execute(
    db,
  );
  let globalVersion = 0;
  let userVersion = 0;
  for (const r of rows) {
    if (r.scopeId === GLOBAL_SCOPE) globalVersion = r.version;
    else userVersion = r.version;
  }
  return stampOf(globalVersion, userVersion);
}

/** The versions as a statement selects them beside the facts (see findSession). */
export const stampColumns = (userIdColumn: string) =>
  sql.raw(`coalesce((select v.version from sys_auth_version v where v.scope_id = ${GLOBAL_SCOPE}), 0) as global_version,
    coalesce((select v.version from sys_auth_version v where v.scope_id = ${userIdColumn}), 0) as user_version`);

export const stampOfRow = (row: { globalVersion: number; userVersion: number }): AuthStamp =>
  stampOf(Number(row.globalVersion), Number(row.userVersion));

interface Entry {
  stamp: AuthStamp;
  value: unknown;
}

/** One memory per database (tests run many apps in one process); none inside a transaction. */
const memories = new WeakMap<Db, Map<string, Entry>>();

function memoryOf(db: Db): Map<string, Entry> | undefined {
  if (db.isTransaction) return undefined;
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
  }
  return memory;
}

/** The remembered value under `key` if its stamp is `stamp`. */
export function recall<T>(db: Db, key: string, stamp: AuthStamp): T | undefined {
  const entry = memoryOf(db)?.get(key);
  return entry && entry.stamp === stamp ? (entry.value as T) : undefined;
}

/** The remembered value under `key`, whatever its stamp (to learn whose it is). */
export function recallAny<T>(db: Db, key: string): T | undefined {
  return memoryOf(db)?.get(key)?.value as T | undefined;
}

export function remember(db: Db, key: string, stamp: AuthStamp, value: unknown): void {
  const memory = memoryOf(db);
  if (!memory) return;
  memory.delete(key);
  if (memory.size >= MAX_ENTRIES) memory.delete(memory.keys().next().value as string);
  memory.set(key, { stamp, value });
}

export function forget(db: Db, key: string): void {
  memoryOf(db)?.delete(key);
}

/** What `load` answers for this user, computed again only when the user's stamp has changed. */
export async function rememberedFor<T>(
  db: Db,
  key: string,
  stamp: AuthStamp,
  load: () => Promise<T>,
): Promise<T> {
  const known = recall<T>(db, key, stamp);
  if (known !== undefined) return known;
  const value = await load();
  remember(db, key, stamp, value);
  return value;
}
