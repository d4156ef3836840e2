import { totalmem } from 'node:os';
import { type CacheEntry, type CacheInfo, type CacheName, formatFileSize } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { isPostgres } from '../../db/dialect.ts';
import { kvCalls } from '../../db/kv.ts';
import { kvPlace } from '../../db/sealed-places.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { isSealed, type SecretBox } from '../../lib/secrets.ts';
import { formatDateTime } from '../../lib/time.ts';
import { MASK } from '../oper-log/oper-log-text.ts';
import {
  countKvKeys,
  countSessions,
  deleteKvGroup,
  deleteKvKey,
  findKvValue,
  findSessionSummary,
  kvTotals,
  listKvKeys,
  listSessionIds,
  unknownKvKeys,
} from './cache.repository.ts';
import {
  belongsTo,
  type CacheGroup,
  KV_GROUPS,
  otherGroup,
  redisGroups,
  SESSION_GROUP,
  shownValue,
} from './cache-names.ts';
import type { RedisPeek } from './redis-peek.ts';

export interface CacheDeps {
  db: Db;
  /** Present when REDIS_URL is set. */
  redis: RedisPeek | undefined;
  redisPrefix: string;
  /** Opens sealed values (the mail settings) to show them with their secret fields masked. */
  secrets: SecretBox;
  /** The port this server listens on (the built-in cache's `tcp_port`). */
  port: number;
}

/** Every group there is now: the known ones, then sys_kv prefixes no feature here names. */
async function groupsOf(deps: CacheDeps): Promise<CacheGroup[]> {
  const others = new Map<string, CacheGroup>();
  for (const key of await unknownKvKeys(deps.db)) {
    const group = otherGroup(key);
    others.set(group.cacheName, group);
  }
  return [
    ...KV_GROUPS,
    SESSION_GROUP,
    ...(deps.redis ? redisGroups(deps.redisPrefix) : []),
    ...others.values(),
  ];
}

async function groupNamed(deps: CacheDeps, cacheName: string): Promise<CacheGroup> {
  const group = (await groupsOf(deps)).find((g) => g.cacheName === cacheName);
  if (!group) throw new AppError('monitor.cache.unknown-name', [cacheName]);
  return group;
}

/** The group a full key belongs to (the longest name that holds it). */
async function groupOfKey(deps: CacheDeps, key: string): Promise<CacheGroup> {
  const holding = (await groupsOf(deps))
    .filter((g) => (g.source === 'sessions' ? key.startsWith(g.cacheName) : belongsTo(g, key)))
    .sort((a, b) => b.cacheName.length - a.cacheName.length);
  const group = holding[0];
  if (!group) throw new AppError('monitor.cache.unknown-key', [key]);
  return group;
}

async function keyCount(deps: CacheDeps, group: CacheGroup): Promise<number> {
  if (group.source === 'sessions') return countSessions(deps.db);
  if (group.source === 'redis') return (await deps.redis?.keys(group.cacheName, group.isKey))?.length ?? 0;
  return countKvKeys(deps.db, group);
}

export async function cacheNames(deps: CacheDeps, lang: Lang): Promise<CacheName[]> {
  const groups = await groupsOf(deps);
  return Promise.all(
    groups.map(async (g) => ({
      cacheName: g.cacheName,
      cacheKey: '',
      cacheValue: '',
      remark: translate(lang, g.remark),
      source: g.source,
      keyCount: await keyCount(deps, g),
      isClearable: g.isClearable,
    })),
  );
}

/** GET /monitor/cache: Redis INFO and command counts when Redis is used; always the key groups. */
/**
 * The built-in cache (the key-value rows) described in Redis INFO's fields, so a client made for
 * Redis (the original's cache page: its facts, memory gauge and command chart) shows it too.
 */
function builtInInfo(deps: CacheDeps, lang: Lang, kv: { bytes: number }, sessions: number) {
  const engine = isPostgres(deps.db) ? 'PostgreSQL' : 'SQLite';
  return {
    redis_version: translate(lang, 'monitor.cache.built-in', [engine]),
    redis_mode: 'standalone',
    tcp_port: String(deps.port),
    connected_clients: String(sessions),
    uptime_in_days: String(Math.floor(process.uptime() / 86_400)),
    used_memory: String(kv.bytes),
    used_memory_human: formatFileSize(kv.bytes),
    used_cpu_user_children: '0.00',
    maxmemory: '0',
    maxmemory_human: '0B',
    total_system_memory: String(totalmem()),
    aof_enabled: '0',
    rdb_last_bgsave_status: 'ok',
    instantaneous_input_kbps: '0.00',
    instantaneous_output_kbps: '0.00',
  };
}

export async function cacheInfo(deps: CacheDeps, lang: Lang): Promise<CacheInfo> {
  const [kv, names] = await Promise.all([kvTotals(deps.db), cacheNames(deps, lang)]);
  if (!deps.redis) {
    const sessions = names.find((n) => n.source === 'sessions')?.keyCount ?? 0;
    return {
      backend: 'database',
      dbSize: kv.keys,
      info: builtInInfo(deps, lang, kv, sessions),
      commandStats: [...kvCalls].map(([name, value]) => ({ name, value: String(value) })),
      names,
      kv,
    };
  }
  const redis = await deps.redis.info();
  return {
    backend: 'redis',
    dbSize: redis.dbSize,
    info: redis.info,
    commandStats: redis.commandStats,
    names,
    kv,
  };
}

export async function cacheKeys(deps: CacheDeps, cacheName: string): Promise<string[]> {
  const group = await groupNamed(deps, cacheName);
  if (group.source === 'sessions')
    return (await listSessionIds(deps.db)).map((id) => `${group.cacheName}${id}`);
  if (group.source === 'redis') return deps.redis ? deps.redis.keys(group.cacheName, group.isKey) : [];
  return listKvKeys(deps.db, group);
}

const expiry = (expireAt: number | null) => (expireAt === null ? null : formatDateTime(new Date(expireAt)));

/**
 * A sealed group's value opened to be shown masked (one still in the clear, as stored, until the
 * next start seals it; a value that will not open is masked whole).
 */
function opened(deps: CacheDeps, group: CacheGroup, key: string, value: string): string {
  if (!group.isSealed || !isSealed(value)) return value;
  try {
    return deps.secrets.open(value, kvPlace(key));
  } catch {
    return MASK;
  }
}

export async function cacheValue(
  deps: CacheDeps,
  cacheName: string,
  cacheKey: string,
  lang: Lang,
): Promise<CacheEntry> {
  const group = await groupNamed(deps, cacheName);
  const isInGroup = group.source === 'sessions' ? cacheKey.startsWith(cacheName) : belongsTo(group, cacheKey);
  if (!isInGroup) throw new AppError('monitor.cache.key-not-in-name', [cacheKey, cacheName]);
  const found = await rawValue(deps, group, cacheKey);
  if (!found) throw new AppError('monitor.cache.key-gone', [cacheKey]);
  return {
    cacheName,
    cacheKey,
    cacheValue: shownValue(group, opened(deps, group, cacheKey, found.value)),
    remark: translate(lang, group.remark),
    expireTime: expiry(found.expireAt),
  };
}

async function rawValue(
  deps: CacheDeps,
  group: CacheGroup,
  key: string,
): Promise<{ value: string; expireAt: number | null } | undefined> {
  if (group.source === 'sessions') {
    const s = await findSessionSummary(deps.db, key.slice(group.cacheName.length));
    return s && { value: JSON.stringify({ ...s, expireAt: undefined }), expireAt: s.expireAt };
  }
  if (group.source === 'redis') {
    const v = await deps.redis?.value(key);
    return v && { value: v.value, expireAt: v.ttlMs > 0 ? Date.now() + v.ttlMs : null };
  }
  const row = await findKvValue(deps.db, key);
  // Settings kept "for ever" carry an expiry centuries away: shown as none.
  return (
    row && { value: row.v, expireAt: row.expireAt > Date.now() + 50 * 365 * 86_400_000 ? null : row.expireAt }
  );
}

function assertClearable(group: CacheGroup): void {
  if (!group.isClearable) throw new AppError('monitor.cache.not-clearable', [group.cacheName]);
}

async function clearGroup(deps: CacheDeps, group: CacheGroup): Promise<number> {
  if (group.source === 'redis') {
    if (!deps.redis) return 0;
    return group.isKey ? deps.redis.delete([group.cacheName]) : deps.redis.deletePrefix(group.cacheName);
  }
  return deleteKvGroup(deps.db, group);
}

export async function clearCacheName(deps: CacheDeps, cacheName: string): Promise<number> {
  const group = await groupNamed(deps, cacheName);
  assertClearable(group);
  return clearGroup(deps, group);
}

export async function clearCacheKey(deps: CacheDeps, cacheKey: string): Promise<number> {
  const group = await groupOfKey(deps, cacheKey);
  assertClearable(group);
  return group.source === 'redis' ? (deps.redis?.delete([cacheKey]) ?? 0) : deleteKvKey(deps.db, cacheKey);
}

/** Every group that may be cleared; settings, sessions and presence stay. */
export async function clearCacheAll(deps: CacheDeps): Promise<number> {
  let removed = 0;
  for (const group of await groupsOf(deps)) if (group.isClearable) removed += await clearGroup(deps, group);
  return removed;
}
