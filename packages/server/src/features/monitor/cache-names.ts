import type { CacheName } from '@buglet/contracts';
import type { MessageKey } from '../../http/i18n.ts';
import { SECRET_KEY_CHECK } from '../../lib/secrets.ts';
import { MASK, maskedJson } from '../oper-log/oper-log-text.ts';

/**
 * The "caches" the monitor shows: the key prefixes the server really uses in its key-value rows
 * (`sys_kv`), the sessions, and in Redis (when REDIS_URL is set) the rate-limit counters and the
 * presence hash. Each says how its values are shown and whether clearing it is harmless.
 */
export interface CacheGroup {
  cacheName: string;
  source: CacheName['source'];
  remark: MessageKey;
  /** `all`: the value is a secret (a captcha answer, a ticket's binding); `secrets`: JSON with secret fields. */
  mask: 'none' | 'all' | 'secrets';
  /** False for what lives only there (settings, sessions, live presence counts). */
  isClearable: boolean;
  /** A single key rather than a prefix. */
  isKey?: boolean;
  /** Its values are stored sealed (lib/secrets.ts): opened to be shown masked. */
  isSealed?: boolean;
}

/** What features keep in sys_kv (see each feature's kvPut). */
export const KV_GROUPS: readonly CacheGroup[] = [
  {
    cacheName: 'captcha_codes:',
    source: 'database',
    remark: 'monitor.cache.captcha',
    mask: 'all',
    isClearable: true,
  },
  {
    cacheName: 'pwd_err_cnt:',
    source: 'database',
    remark: 'monitor.cache.pwd-err-cnt',
    mask: 'none',
    isClearable: true,
  },
  {
    cacheName: 'pwd_err_all:',
    source: 'database',
    remark: 'monitor.cache.pwd-err-all',
    mask: 'none',
    isClearable: true,
  },
  {
    cacheName: 'shard_guess:',
    source: 'database',
    remark: 'monitor.cache.shard-guess',
    mask: 'none',
    isClearable: true,
  },
  {
    cacheName: 'browser-ticket:',
    source: 'database',
    remark: 'monitor.cache.browser-ticket',
    mask: 'all',
    isClearable: true,
  },
  { cacheName: 'focus:', source: 'database', remark: 'monitor.cache.focus', mask: 'none', isClearable: true },
  {
    cacheName: 'notice.mail-config',
    source: 'database',
    remark: 'monitor.cache.mail-config',
    mask: 'secrets',
    isClearable: false,
    isKey: true,
    isSealed: true,
  },
  {
    cacheName: SECRET_KEY_CHECK,
    source: 'database',
    remark: 'monitor.cache.secret-key-check',
    mask: 'all',
    isClearable: false,
    isKey: true,
  },
];

/** Sessions live in their own table; shown as the original's `login_tokens:` (cleared on the online page). */
export const SESSION_GROUP: CacheGroup = {
  cacheName: 'login_tokens:',
  source: 'sessions',
  remark: 'monitor.cache.sessions',
  mask: 'none',
  isClearable: false,
};

/** What the server keeps in Redis, under its REDIS_PREFIX. */
export function redisGroups(prefix: string): CacheGroup[] {
  return [
    {
      cacheName: `${prefix}:rate:`,
      source: 'redis',
      remark: 'monitor.cache.rate',
      mask: 'none',
      isClearable: true,
    },
    {
      cacheName: `${prefix}:online`,
      source: 'redis',
      remark: 'monitor.cache.online',
      mask: 'none',
      isClearable: false,
      isKey: true,
    },
  ];
}

/** Keys of sys_kv under no known prefix, grouped up to their first ':' and never cleared here. */
export function otherGroup(key: string): CacheGroup {
  const colon = key.indexOf(':');
  return {
    cacheName: colon < 0 ? key : key.slice(0, colon + 1),
    source: 'database',
    remark: 'monitor.cache.other',
    mask: 'secrets',
    isClearable: false,
    isKey: colon < 0,
  };
}

export const belongsTo = (group: CacheGroup, key: string) =>
  group.isKey ? key === group.cacheName : key.startsWith(group.cacheName);

/** A value as the monitor may show it. */
export function shownValue(group: CacheGroup, value: string): string {
  if (group.mask === 'all') return MASK;
  if (group.mask === 'none') return value;
  try {
    return maskedJson(JSON.parse(value), 100_000);
  } catch {
    return MASK;
  }
}
