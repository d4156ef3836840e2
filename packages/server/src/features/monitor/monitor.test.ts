import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { kvPut } from '../../db/kv.ts';
import { SLOW_QUERY_MS, setSlowQueryMs } from '../../db/slow-queries.ts';
import { maskedUrl } from './database-info.ts';

let t: TestApp;
let admin: string;
let member: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  member = await t.signedIn();
});
afterAll(async () => t.close());

const call = async (method: 'GET' | 'DELETE', url: string, token = admin): Promise<Json> =>
  (await t.call({ method, url, token, lang: 'en_US' })).body;
const kvKeys = async () =>
  (await t.db.selectFrom('sysKv').select('k').orderBy('k').execute()).map((r) => r.k);

describe('GET /monitor/server', () => {
  it('answers the CPU, memory, this Node process and the disks of the data folder', async () => {
    const { code, data } = await call('GET', '/monitor/server');
    expect(code).toBe(200);
    expect(data.cpu.cpuNum).toBeGreaterThan(0);
    const shares = data.cpu.sys + data.cpu.used + data.cpu.wait + data.cpu.free;
    expect(shares === 0 || Math.abs(shares - 100) < 0.1).toBe(true);
    expect(data.cpu.loadAverage).toHaveLength(3);
    expect(data.mem.total).toBeGreaterThan(0);
    expect(data.mem.used + data.mem.free).toBeCloseTo(data.mem.total, 1);
    expect(data.node).toMatchObject({ name: 'Node.js', version: process.version, pid: process.pid });
    expect(data.node.heapUsed).toBeGreaterThan(0);
    expect(data.node.heapUsed).toBeLessThanOrEqual(data.node.heapLimit);
    expect(data.node.rss).toBeGreaterThan(data.node.heapUsed / 2);
    expect(Object.keys(data.node.eventLoopDelay).sort()).toEqual(['max', 'mean', 'p50', 'p99']);
    // The names the original's page reads.
    expect(data.jvm).toMatchObject({ name: 'Node.js', version: process.version, used: data.node.heapUsed });
    expect(data.jvm.runTime).toMatch(/^\d+ d \d+ h \d+ min$/);
    expect(data.sys.osArch).toBe(process.arch);
    const dataDisk = data.sysFiles.find((f: Json) => f.dirName === t.config.dataDir);
    expect(dataDisk).toMatchObject({ typeName: 'Data folder' });
    expect(dataDisk.totalBytes).toBeGreaterThan(dataDisk.freeBytes);
    expect(dataDisk.usage).toBeGreaterThan(0);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await call('GET', '/monitor/server', '')).code).toBe(401);
    expect((await call('GET', '/monitor/server', member.token)).code).toBe(403);
    expect((await call('GET', '/monitor/database', member.token)).code).toBe(403);
    expect((await call('GET', '/monitor/cache', member.token)).code).toBe(403);
    expect((await call('DELETE', '/monitor/cache/clearCacheAll', member.token)).code).toBe(403);
  });
});

describe('the cache monitor on the key-value rows', () => {
  beforeAll(async () => {
    await kvPut(t.db, 'captcha_codes:c1', '7', 60_000);
    await kvPut(t.db, 'captcha_codes:c2', '9', 60_000);
    await kvPut(t.db, 'captcha_codes:gone', '1', -1000);
    await kvPut(t.db, 'pwd_err_cnt:ann:10.0.0.1', '2', 60_000);
    await kvPut(t.db, 'focus:defect:1:1', JSON.stringify({ projectId: 1, user: { userId: 1 } }), 60_000);
    await kvPut(
      t.db,
      'notice.mail-config',
      JSON.stringify({ host: 'smtp.example.com', user: 'bot', password: 'mail-pass' }),
      100 * 365 * 86_400_000,
    );
    await kvPut(t.db, 'lease:nightly', JSON.stringify({ owner: 'a', token: 'lease-secret' }), 60_000);
  });

  it('names what the server keeps, with a remark and the live keys of each', async () => {
    const names = (await call('GET', '/monitor/cache/getNames')).data as Json[];
    const byName = Object.fromEntries(names.map((n) => [n.cacheName, n]));
    expect(byName['captcha_codes:']).toMatchObject({
      keyCount: 2,
      source: 'database',
      isClearable: true,
      cacheKey: '',
      cacheValue: '',
      remark: 'Captcha answers (two minutes, one use)',
    });
    expect(byName['pwd_err_cnt:']?.keyCount).toBe(1);
    expect(byName['notice.mail-config']).toMatchObject({ keyCount: 1, isClearable: false });
    expect(byName['secrets.key-check']).toMatchObject({ keyCount: 1, isClearable: false });
    expect(byName['login_tokens:']).toMatchObject({ source: 'sessions', isClearable: false });
    expect(byName['login_tokens:']?.keyCount).toBeGreaterThanOrEqual(2);
    // A prefix no feature here names is still shown, and left alone.
    expect(byName['lease:']).toMatchObject({ keyCount: 1, remark: 'Other keys', isClearable: false });

    const info = (await call('GET', '/monitor/cache')).data;
    // Described in Redis INFO's fields, for clients made for Redis; the calls of this instance by command.
    expect(info).toMatchObject({ backend: 'database', info: { redis_mode: 'standalone' } });
    expect(info.info.redis_version).toContain('sys_kv');
    expect(info.commandStats.map((c: Json) => c.name)).toContain('set');
    expect(info.kv.keys).toBe(info.dbSize);
    expect(info.kv.expired).toBeGreaterThanOrEqual(1);
    expect(info.names.length).toBe(names.length);
  });

  it('lists keys and shows values with secrets masked', async () => {
    expect((await call('GET', '/monitor/cache/getKeys/captcha_codes:')).data).toEqual([
      'captcha_codes:c1',
      'captcha_codes:c2',
    ]);
    const value = async (name: string, key: string) =>
      call('GET', `/monitor/cache/getValue/${encodeURIComponent(name)}/${encodeURIComponent(key)}`);
    expect((await value('captcha_codes:', 'captcha_codes:c1')).data).toMatchObject({
      cacheValue: '******',
      cacheKey: 'captcha_codes:c1',
    });
    expect((await value('pwd_err_cnt:', 'pwd_err_cnt:ann:10.0.0.1')).data.cacheValue).toBe('2');
    const mail = (await value('notice.mail-config', 'notice.mail-config')).data;
    expect(JSON.parse(mail.cacheValue)).toEqual({
      host: 'smtp.example.com',
      user: 'bot',
      password: '******',
    });
    expect(mail.expireTime).toBeNull();
    expect((await value('lease:', 'lease:nightly')).data.cacheValue).not.toContain('lease-secret');

    const [session] = (await call('GET', '/monitor/cache/getKeys/login_tokens:')).data as string[];
    const shown = (await value('login_tokens:', session as string)).data;
    expect(JSON.parse(shown.cacheValue)).toMatchObject({ userName: expect.any(String), ipaddr: '127.0.0.1' });
    expect(shown.cacheValue).not.toContain(admin);

    expect((await value('captcha_codes:', 'pwd_err_cnt:ann:10.0.0.1')).msg).toBe(
      'The key pwd_err_cnt:ann:10.0.0.1 does not belong to the cache captcha_codes:',
    );
    expect((await value('captcha_codes:', 'captcha_codes:gone')).msg).toBe(
      'The key captcha_codes:gone does not exist or has expired',
    );
    expect((await call('GET', '/monitor/cache/getKeys/nothing:')).msg).toBe(
      'There is no cache named nothing:',
    );
  });

  it('clears a key, a name and everything clearable, never settings or sessions', async () => {
    expect((await call('DELETE', '/monitor/cache/clearCacheKey/pwd_err_cnt:ann:10.0.0.1')).data).toEqual({
      removed: 1,
    });
    expect(await kvKeys()).not.toContain('pwd_err_cnt:ann:10.0.0.1');
    expect((await call('DELETE', '/monitor/cache/clearCacheName/captcha_codes:')).data).toEqual({
      removed: 3,
    });
    expect((await kvKeys()).filter((k) => k.startsWith('captcha_codes:'))).toEqual([]);

    expect((await call('DELETE', '/monitor/cache/clearCacheName/notice.mail-config')).msg).toBe(
      'The cache notice.mail-config holds settings or sessions and cannot be cleared here',
    );
    expect((await call('DELETE', '/monitor/cache/clearCacheKey/nowhere')).msg).toBe(
      'The key nowhere belongs to no cache',
    );
    const sessions = await t.db.selectFrom('sysSession').select('tokenId').execute();
    expect(
      (await call('DELETE', `/monitor/cache/clearCacheKey/login_tokens:${sessions[0]?.tokenId}`)).code,
    ).toBe(500);

    expect((await call('DELETE', '/monitor/cache/clearCacheAll')).code).toBe(200);
    expect(await kvKeys()).toEqual(['lease:nightly', 'notice.mail-config', 'secrets.key-check']);
    expect(await t.db.selectFrom('sysSession').select('tokenId').execute()).toHaveLength(sessions.length);
    // Clearing is an operation like any other: the log has it (and the member's refused try).
    await t.app.operLog.flush();
    const cleared = await t.db
      .selectFrom('sysOperLog')
      .select(['title', 'businessType', 'operName', 'status'])
      .where('operUrl', '=', '/monitor/cache/clearCacheAll')
      .orderBy('operId')
      .execute();
    expect(cleared).toEqual([
      { title: 'monitor/cache', businessType: 9, operName: member.userName, status: 1 },
      { title: 'monitor/cache', businessType: 9, operName: 'admin', status: 0 },
    ]);
  });
});

describe('GET /monitor/database', () => {
  it('answers the engine, its size and every table with its rows', async () => {
    const { data } = await call('GET', '/monitor/database');
    const users = await t.db.selectFrom('sysUser').select('userId').execute();
    const userTable = data.tables.find((x: Json) => x.tableName === 'sys_user');
    expect(userTable).toEqual({ tableName: 'sys_user', rows: users.length, isEstimate: false });
    expect(data.sizeBytes).toBeGreaterThan(0);
    if (isPostgres()) {
      expect(data).toMatchObject({ engine: 'postgres', walBytes: null, journalMode: null });
      expect(data.version).toMatch(/^\d+/);
      expect(data.connections).toBeGreaterThan(0);
    } else {
      expect(data).toMatchObject({
        engine: 'sqlite',
        location: ':memory:',
        walBytes: null,
        connections: null,
      });
      expect(data.version).toMatch(/^3\.\d+/);
      // The full-text index is not a table of its own.
      expect(data.tables.some((x: Json) => x.tableName.startsWith('sys_defect_search'))).toBe(false);
    }
  });

  it('keeps slow queries as their SQL text, never the values bound to them', async () => {
    setSlowQueryMs(0);
    try {
      await t.call({ method: 'POST', url: '/login', payload: { username: 'admin', password: 'cat2bug' } });
      const { data } = await call('GET', '/monitor/database');
      expect(data.slowQueryMs).toBe(0);
      expect(data.slowQueries.length).toBeGreaterThan(0);
      expect(data.slowQueries.some((q: Json) => /sys_user/.test(q.sql))).toBe(true);
      expect(JSON.stringify(data.slowQueries)).not.toContain('cat2bug');
      expect(data.slowQueries[0]).toMatchObject({ isError: false, time: expect.stringMatching(/^\d{4}-/) });
    } finally {
      setSlowQueryMs(SLOW_QUERY_MS);
    }
  });

  it('masks the password of a connection address', () => {
    expect(maskedUrl('postgres://buglet:s3cret@db.example:5432/buglet')).toBe(
      'postgres://buglet:******@db.example:5432/buglet',
    );
    expect(maskedUrl('postgres://buglet@db.example/buglet')).toBe('postgres://buglet@db.example/buglet');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the cache monitor with Redis', () => {
  it('shows Redis INFO and command counts, and lists and clears the rate-limit counters', async () => {
    const prefix = `test-${process.pid}-${Date.now()}`;
    const r = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_PREFIX: prefix });
    try {
      const token = await r.login();
      const get = async (method: 'GET' | 'DELETE', url: string) =>
        (await r.call({ method, url, token, lang: 'en_US' })).body;
      const info = (await get('GET', '/monitor/cache')).data;
      expect(info.backend).toBe('redis');
      expect(info.info.redis_version).toMatch(/^\d+\./);
      expect(info.dbSize).toBeGreaterThan(0);
      expect(info.commandStats.length).toBeGreaterThan(0);
      const rate = `${prefix}:rate:`;
      const names = Object.fromEntries((info.names as Json[]).map((n) => [n.cacheName, n]));
      expect(names[rate]).toMatchObject({ source: 'redis', isClearable: true });
      expect(names[rate]?.keyCount).toBeGreaterThan(0);
      expect(names[`${prefix}:online`]).toMatchObject({ isClearable: false });

      const keys = (await get('GET', `/monitor/cache/getKeys/${encodeURIComponent(rate)}`)).data as string[];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(rate))).toBe(true);
      const shown = await get(
        'GET',
        `/monitor/cache/getValue/${encodeURIComponent(rate)}/${encodeURIComponent(keys[0] as string)}`,
      );
      expect(shown.data.cacheValue).toMatch(/^\d+$/);
      expect((await get('DELETE', `/monitor/cache/clearCacheName/${encodeURIComponent(rate)}`)).code).toBe(
        200,
      );
      expect((await get('GET', `/monitor/cache/getKeys/${encodeURIComponent(rate)}`)).data).toEqual([]);
    } finally {
      await r.close();
    }
  });
});
