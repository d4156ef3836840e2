import type { Redis, RedisOptions } from 'ioredis';

/**
 * A Redis client, with ioredis loaded on first use (a single instance never loads it). The
 * module's default export is the client class: the bundled server's chunk for a CommonJS
 * package carries only that, not the named `Redis` export Node itself would offer.
 */
export async function connectRedis(url: string, options: RedisOptions): Promise<Redis> {
  const { default: RedisClient } = await import('ioredis');
  return new RedisClient(url, options);
}
