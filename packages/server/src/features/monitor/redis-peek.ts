import type { Redis } from 'ioredis';
import { AppError } from '../../http/errors.ts';
import { connectRedis } from '../../lib/redis.ts';
import { KEYS_SHOWN } from './cache.repository.ts';

/** `key:value` lines of Redis INFO into a map (section headers and blanks dropped). */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

/** INFO commandstats (`cmdstat_get:calls=3,usec=…`) as the original's `{name, value: calls}`. */
export function commandStatsOf(info: Record<string, string>): Array<{ name: string; value: string }> {
  return Object.entries(info)
    .filter(([k]) => k.startsWith('cmdstat_'))
    .map(([k, v]) => ({ name: k.slice('cmdstat_'.length), value: /calls=(\d+)/.exec(v)?.[1] ?? '0' }));
}

/**
 * A connection of its own to the Redis the server shares with its other instances, opened on the
 * first look and only for the monitor (the rate limiter's and the bus's clients stay untouched).
 */
export class RedisPeek {
  private client: Redis | undefined;

  constructor(private readonly url: string) {}

  async info() {
    const info = parseInfo(await this.run((r) => r.info('everything')));
    return { info, commandStats: commandStatsOf(info), dbSize: await this.run((r) => r.dbsize()) };
  }

  /** Keys starting with `prefix` (glob characters in it are escaped), at most KEYS_SHOWN. */
  async keys(prefix: string, isKey = false): Promise<string[]> {
    if (isKey) return (await this.run((r) => r.exists(prefix))) ? [prefix] : [];
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    const found = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await this.run((r) => r.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
      for (const key of batch) found.add(key);
      cursor = next;
    } while (cursor !== '0' && found.size < KEYS_SHOWN);
    return [...found].sort().slice(0, KEYS_SHOWN);
  }

  async value(key: string): Promise<{ value: string; ttlMs: number } | undefined> {
    const type = await this.run((r) => r.type(key));
    if (type === 'none') return undefined;
    const ttlMs = await this.run((r) => r.pttl(key));
    if (type === 'string') return { value: (await this.run((r) => r.get(key))) ?? '', ttlMs };
    if (type === 'hash') return { value: JSON.stringify(await this.run((r) => r.hgetall(key))), ttlMs };
    return { value: `(${type})`, ttlMs };
  }

  async delete(keys: readonly string[]): Promise<number> {
    return keys.length === 0 ? 0 : this.run((r) => r.del(...keys));
  }

  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.keys(prefix);
      if (keys.length === 0) return removed;
      removed += await this.delete(keys);
    }
  }

  close(): void {
    this.client?.disconnect();
    this.client = undefined;
  }

  private async run<T>(call: (r: Redis) => Promise<T>): Promise<T> {
    try {
      if (!this.client) {
        this.client = await connectRedis(this.url, {
          lazyConnect: true,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
        });
        await this.client.connect();
      }
      return await call(this.client);
    } catch (error) {
      this.close();
      throw new AppError('monitor.cache.redis-down', [(error as Error).message]);
    }
  }
}
