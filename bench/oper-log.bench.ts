import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { connectDatabase, type Db } from '../packages/server/src/db/connect.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedAdministrator } from '../packages/server/src/db/seed/admin.ts';

const REQUESTS = Number(process.env.OPER_LOG_REQUESTS ?? 4000);
const BLOCK = 100;

interface Side {
  app: FastifyInstance;
  db: Db;
  token: string;
  configId: number;
  times: number[];
  wallMs: number;
}

/** A real app on its own SQLite file, with the operation log on or off, signed in as the administrator. */
async function side(isOperLogOn: boolean): Promise<Side> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-bench-operlog-'));
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const db = await connectDatabase(config.database);
  await migrateToLatest(db);
  await seedAdministrator(db, config);
  const app = await buildApp({ config, db, isOperLogOn });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: 'admin', password: config.adminPassword ?? 'cat2bug' },
  });
  const token = login.json().token as string;
  const made = await app.inject({
    method: 'POST',
    url: '/system/config',
    headers: { authorization: `Bearer ${token}` },
    payload: { configName: 'Bench', configKey: 'bench.operlog', configValue: '0' },
  });
  if (made.json().code !== 200) throw new Error(`setup failed: ${made.body}`);
  const row = await db
    .selectFrom('sysConfig')
    .select('configId')
    .where('configKey', '=', 'bench.operlog')
    .executeTakeFirstOrThrow();
  return { app, db, token, configId: row.configId, times: [], wallMs: 0 };
}

/** One write as the web client sends it: a settings row saved, with a password-like field to mask. */
async function write(s: Side, n: number): Promise<void> {
  const started = performance.now();
  const res = await s.app.inject({
    method: 'PUT',
    url: '/system/config',
    headers: { authorization: `Bearer ${s.token}` },
    payload: {
      configId: s.configId,
      configName: 'Bench',
      configKey: 'bench.operlog',
      configValue: String(n),
      remark: `run ${n} with a password=hunter2 in its text`,
    },
  });
  s.times.push(performance.now() - started);
  if (res.statusCode !== 200 || !res.body.startsWith('{"code":200')) throw new Error(res.body);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * What the operation log adds to a request: the same write route on two apps, the log on and
 * off, in alternating blocks so both see the same machine. The median difference is the cost on
 * the request path; the wall-clock difference per request also counts the background writes.
 */
export async function runOperLog(): Promise<Record<string, string>> {
  const on = await side(true);
  const off = await side(false);
  try {
    for (let i = 0; i < 300; i++) await write(i % 2 ? on : off, i); // warm-up
    await on.app.operLog.flush();
    on.times = [];
    off.times = [];
    for (let done = 0; done < REQUESTS; done += BLOCK) {
      for (const s of done % (2 * BLOCK) === 0 ? [on, off] : [off, on]) {
        const started = performance.now();
        for (let i = 0; i < BLOCK; i++) await write(s, done + i);
        if (s === on) await on.app.operLog.flush();
        s.wallMs += performance.now() - started;
      }
    }
    const logged = await on.db
      .selectFrom('sysOperLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const added = median(on.times) - median(off.times);
    const addedWall = (on.wallMs - off.wallMs) / REQUESTS;
    return {
      'writes per side (PUT /system/config)': String(REQUESTS),
      'rows written to sys_oper_log': String(logged.n),
      'median request, log off (ms)': median(off.times).toFixed(3),
      'median request, log on (ms)': median(on.times).toFixed(3),
      'added per request on the request path, median (ms)': added.toFixed(3),
      'added per request with the background writes (ms)': addedWall.toFixed(3),
      'under 1 ms': added < 1 && addedWall < 1 ? 'yes' : 'NO',
    };
  } finally {
    for (const s of [on, off]) {
      await s.app.close();
      await s.db.destroy();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value] of Object.entries(await runOperLog()))
    console.log(`${label.padEnd(56)} ${value}`);
}
