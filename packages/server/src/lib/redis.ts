import type { Redis, RedisOptions } from 'ioredis';

/**
 * A Redis client, with ioredis loaded on first use (a single instance never loads it). The
 * module's default export is the client class, as both Node's import() of this CommonJS package
 * (tests, tsx) and the bundle's require() of it (build.mjs) give it.
 */
export async function connectRedis(url: string, options: RedisOptions): Promise<Redis> {
  const { default: RedisClient } = await import('ioredis');
  return new RedisClient(url, options);
}
