import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedAdministrator } from '../src/db/seed/admin.ts';
import { syncTemplateShop } from '../src/db/seed/template-shop.ts';
import { createEventBus, type EventBus } from '../src/lib/events.ts';
import { insertTestUser } from './factories.ts';
import { freshPostgresDatabase } from './pg-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  events: EventBus;
  config: AppConfig;
  /** Sends a request; `token` adds the bearer header. `bytes`: the answer as sent (a file's). */
  call(
    opts: InjectOptions & { token?: string; lang?: string },
  ): Promise<{ status: number; body: Json; bytes: Buffer }>;
  login(userName?: string, password?: string): Promise<string>;
  /** A new user (default platform role unless roles are given) with a live session. */
  signedIn(
    roleIds?: number[],
    over?: { password?: string },
  ): Promise<{ userId: number; userName: string; password: string; token: string }>;
  close(): Promise<void>;
}

/** Response bodies are read freely in assertions; the assertions are the type check. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies in tests
export type Json = Record<string, any>;

export const isPostgres = () => process.env.BUGLET_TEST_DB === 'postgres';

/**
 * A real app on a real, empty database: an in-memory SQLite file, or a fresh PostgreSQL database
 * (a copy of the migrated template, pg-databases.ts) that is dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof buildApp>[0], 'logger'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-test-'));
  let databaseUrl = 'sqlite::memory:';
  let dropDatabase: (() => Promise<void>) | undefined;
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (isPostgres() && pgUrl) {
    const fresh = await freshPostgresDatabase(pgUrl);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    CAPTCHA_ENABLED: 'false',
    // Suites sign many people in, register, upload and call the Open API at once; the tests of
    // the limits set their own.
    SIGN_IN_RATE_PER_MINUTE: '100000',
    REGISTER_RATE_PER_MINUTE: '100000',
    CAPTCHA_RATE_PER_MINUTE: '100000',
    UPLOAD_RATE_PER_MINUTE: '100000',
    API_RATE_PER_MINUTE: '100000',
    SIGN_IN_SLOWDOWN_MS: '0',
    ...env,
  });
  const db = await connectDatabase(config.database);
  await migrateToLatest(db);
  await syncTemplateShop(db);
  await seedAdministrator(db, config);
  const events = createEventBus();
  const app = await buildApp({ config, db, events, ...options });
  await app.ready();

  const call: TestApp['call'] = async ({ token, lang, headers, ...opts }) => {
    const res = await app.inject({
      ...opts,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { language: lang } : {}),
        ...headers,
      },
    });
    let body: Json;
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, body, bytes: res.rawPayload };
  };

  const login: TestApp['login'] = async (userName = 'admin', password = 'cat2bug') => {
    const res = await call({ method: 'POST', url: '/login', payload: { username: userName, password } });
    if (res.body.code !== 200) throw new Error(`login of ${userName} failed: ${res.body.msg}`);
    return res.body.token as string;
  };

  return {
    app,
    db,
    events,
    config,
    call,
    login,
    async signedIn(roleIds, over = {}) {
      const u = await insertTestUser(db, { ...over, ...(roleIds ? { roleIds } : {}) });
      return { ...u, token: await login(u.userName, u.password) };
    },
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Person = Awaited<ReturnType<TestApp['signedIn']>>;

/** `api(who, method, url, payload?, query?)`: a call as that person, in English, answering the body. */
export function apiAs(t: TestApp) {
  return async (
    who: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Json,
    query?: Record<string, string>,
  ): Promise<Json> =>
    (
      await t.call({
        method,
        url,
        token: who.token,
        lang: 'en_US',
        ...(payload ? { payload } : {}),
        ...(query ? { query } : {}),
      })
    ).body;
}
