import { z } from 'zod';

/**
 * The monitoring pages: the server (`/monitor/server`, the original's `cpu`, `mem`, `jvm`, `sys`,
 * `sysFiles` plus `node`), the cache (`/monitor/cache/**`) and the database (`/monitor/database`).
 * Sizes of memory are in GB (machine) and MB (process) with two decimals, shares in per cent.
 */

const percent = z.number();

export const serverInfo = z.object({
  cpu: z.object({
    cpuNum: z.number(),
    model: z.string(),
    /** Shares of CPU time over a short sample: system, user, I/O wait and idle. */
    total: z.number(),
    sys: percent,
    used: percent,
    wait: percent,
    free: percent,
    /** 1, 5 and 15 minutes (zeros where the system has none). */
    loadAverage: z.array(z.number()),
  }),
  mem: z.object({ total: z.number(), used: z.number(), free: z.number(), usage: percent }),
  node: z.object({
    name: z.string(),
    version: z.string(),
    pid: z.number(),
    home: z.string(),
    startTime: z.string(),
    uptimeSeconds: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    heapLimit: z.number(),
    rss: z.number(),
    external: z.number(),
    /** Heap in use as a share of the heap's limit. */
    usage: percent,
    /** Event-loop delay over the last minute (or since start), milliseconds. */
    eventLoopDelay: z.object({ mean: z.number(), p50: z.number(), p99: z.number(), max: z.number() }),
    inputArgs: z.string(),
  }),
  /** The same process under the names the original's page reads (MB; runTime in words). */
  jvm: z.object({
    name: z.string(),
    version: z.string(),
    home: z.string(),
    startTime: z.string(),
    runTime: z.string(),
    inputArgs: z.string(),
    total: z.number(),
    max: z.number(),
    free: z.number(),
    used: z.number(),
    usage: percent,
  }),
  sys: z.object({
    computerName: z.string(),
    computerIp: z.string(),
    userDir: z.string(),
    osName: z.string(),
    osArch: z.string(),
  }),
  sysFiles: z.array(
    z.object({
      dirName: z.string(),
      sysTypeName: z.string(),
      typeName: z.string(),
      total: z.string(),
      free: z.string(),
      used: z.string(),
      usage: percent,
      totalBytes: z.number(),
      freeBytes: z.number(),
    }),
  ),
});
export type ServerInfo = z.infer<typeof serverInfo>;

export const CACHE_SOURCES = ['database', 'redis', 'sessions'] as const;

/** A group of keys the server keeps (the original's SysCache: cacheName, cacheKey, cacheValue, remark). */
export const cacheName = z.object({
  cacheName: z.string(),
  cacheKey: z.string(),
  cacheValue: z.string(),
  remark: z.string(),
  /** Where the keys live: the key-value table, Redis, or the session table. */
  source: z.enum(CACHE_SOURCES),
  keyCount: z.number(),
  /** Settings that live only there (the mail server) are not cleared. */
  isClearable: z.boolean(),
});
export type CacheName = z.infer<typeof cacheName>;

export const cacheEntry = z.object({
  cacheName: z.string(),
  cacheKey: z.string(),
  /** Secrets (passwords, tickets, captcha answers) are masked. */
  cacheValue: z.string(),
  remark: z.string(),
  expireTime: z.string().nullable(),
});
export type CacheEntry = z.infer<typeof cacheEntry>;

export const cacheInfo = z.object({
  backend: z.enum(['database', 'redis']),
  /** Live keys: the key-value rows (and the Redis database's keys when Redis is used). */
  dbSize: z.number(),
  /** Redis INFO fields (the original's `info`); without Redis, the built-in cache in those fields. */
  info: z.record(z.string(), z.string()).nullable(),
  /** Calls per command (the original's pie chart): Redis's, or this instance's of the built-in cache. */
  commandStats: z.array(z.object({ name: z.string(), value: z.string() })),
  names: z.array(cacheName),
  kv: z.object({ keys: z.number(), expired: z.number(), bytes: z.number() }),
});
export type CacheInfo = z.infer<typeof cacheInfo>;

export const databaseInfo = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  /** The file, or the connection address with its password masked. */
  location: z.string(),
  sizeBytes: z.number(),
  /** SQLite's write-ahead log; null on PostgreSQL. */
  walBytes: z.number().nullable(),
  journalMode: z.string().nullable(),
  connections: z.number().nullable(),
  tables: z.array(z.object({ tableName: z.string(), rows: z.number(), isEstimate: z.boolean() })),
  /** Queries of this server instance slower than `slowQueryMs`, newest first (text only, no values). */
  slowQueryMs: z.number(),
  slowQueries: z.array(
    z.object({ sql: z.string(), durationMs: z.number(), time: z.string(), isError: z.boolean() }),
  ),
});
export type DatabaseInfo = z.infer<typeof databaseInfo>;
