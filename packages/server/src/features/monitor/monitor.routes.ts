import { cacheEntry, cacheInfo, cacheName, databaseInfo, serverInfo } from '@buglet/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../http/permission.ts';
import type { Router } from '../../http/route.ts';
import {
  type CacheDeps,
  cacheKeys,
  cacheNames,
  cacheValue,
  clearCacheAll,
  clearCacheKey,
  clearCacheName,
  cacheInfo as readCacheInfo,
} from './cache.service.ts';
import { databaseInfo as readDatabaseInfo } from './database-info.ts';
import { RedisPeek } from './redis-peek.ts';
import { LoopDelay, serverInfo as readServerInfo } from './server-info.ts';

const text = (max: number) => z.string().min(1).max(max);

/**
 * Monitoring (original-backend §5.19 ServerController, CacheController; the database page
 * replaces the Druid console): the server (`monitor:server:list`), what it keeps as "cache"
 * (`monitor:cache:list`: sys_kv prefixes, sessions, and Redis when REDIS_URL is set) and the
 * database (`monitor:database:list`, a permission of its own on its own menu, 2160).
 */
export function registerMonitorRoutes(app: FastifyInstance, r: Router): void {
  const { db, config } = r.deps;
  const loop = new LoopDelay();
  const redis = config.redisUrl ? new RedisPeek(config.redisUrl) : undefined;
  const cache: CacheDeps = {
    db,
    redis,
    redisPrefix: config.redisPrefix,
    secrets: r.deps.secrets,
    port: config.port,
  };
  app.addHook('onClose', async () => {
    loop.stop();
    redis?.close();
  });

  r.get('/monitor/server', {
    guard: perm('monitor:server:list'),
    output: serverInfo,
    handler: async (ctx) => ctx.ok(await readServerInfo(config, loop, ctx.lang)),
  });

  r.get('/monitor/database', {
    guard: perm('monitor:database:list'),
    output: databaseInfo,
    handler: async (ctx) => ctx.ok(await readDatabaseInfo(db, config.database)),
  });

  r.get('/monitor/cache', {
    guard: perm('monitor:cache:list'),
    output: cacheInfo,
    handler: async (ctx) => ctx.ok(await readCacheInfo(cache, ctx.lang)),
  });

  r.get('/monitor/cache/getNames', {
    guard: perm('monitor:cache:list'),
    output: cacheName,
    handler: async (ctx) => ctx.ok(await cacheNames(cache, ctx.lang)),
  });

  r.get('/monitor/cache/getKeys/:cacheName', {
    guard: perm('monitor:cache:list'),
    params: z.object({ cacheName: text(200) }),
    output: z.string(),
    handler: async (ctx) => ctx.ok(await cacheKeys(cache, ctx.params.cacheName)),
  });

  r.get('/monitor/cache/getValue/:cacheName/:cacheKey', {
    guard: perm('monitor:cache:list'),
    params: z.object({ cacheName: text(200), cacheKey: text(400) }),
    output: cacheEntry,
    handler: async (ctx) =>
      ctx.ok(await cacheValue(cache, ctx.params.cacheName, ctx.params.cacheKey, ctx.lang)),
  });

  r.delete('/monitor/cache/clearCacheName/:cacheName', {
    guard: perm('monitor:cache:list'),
    params: z.object({ cacheName: text(200) }),
    handler: async (ctx) => ctx.ok({ removed: await clearCacheName(cache, ctx.params.cacheName) }),
  });

  r.delete('/monitor/cache/clearCacheKey/:cacheKey', {
    guard: perm('monitor:cache:list'),
    params: z.object({ cacheKey: text(400) }),
    handler: async (ctx) => ctx.ok({ removed: await clearCacheKey(cache, ctx.params.cacheKey) }),
  });

  r.delete('/monitor/cache/clearCacheAll', {
    guard: perm('monitor:cache:list'),
    handler: async (ctx) => ctx.ok({ removed: await clearCacheAll(cache) }),
  });
}
