import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, OPERATOR_TYPE } from '@buglet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestTeam } from '../../../test/factories.ts';
import { createTestApp, type Json, type Person, type TestApp } from '../../../test/test-app.ts';
import { formatDateTime } from '../../lib/time.ts';
import { isAllowedAddress } from './api-key.ts';

// Every key is made inside its test: a failure while making one is that test's, not the file's.
let t: TestApp;
let lead: Person;
let teamId: number;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  lead = await t.signedIn();
  teamId = await insertTestTeam(t.db, { [lead.userId]: [12] });
  projectId = await newProject('Keys');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A call as the project's lead (a session), answering the body. */
const manage = async (method: Method, url: string, payload?: Json, token = lead.token) =>
  (await t.call({ method, url, token, lang: 'en_US', ...(payload ? { payload } : {}) })).body;

async function newProject(projectName: string): Promise<number> {
  return (await manage('POST', '/system/project', { teamId, projectName, members: [] })).data.projectId;
}

/** A new key of the project (or another): its whole key and its public id. */
async function newKey(extra: Json = {}, token = lead.token): Promise<{ key: string; apiId: string }> {
  const made = await manage('POST', '/system/api', { projectId, apiName: 'probe', ...extra }, token);
  if (made.code !== 200) throw new Error(JSON.stringify(made));
  return { key: made.data.apiKey, apiId: made.data.apiKey.slice(0, 18) };
}

/** An Open API call with this key (the header's value as given), from this address. */
const withKey = async (
  header: string,
  opts: { ip?: string; method?: Method; url?: string; payload?: Json } = {},
) =>
  (
    await t.call({
      method: opts.method ?? 'GET',
      url: opts.url ?? '/api/project',
      lang: 'en_US',
      headers: { 'CAT2BUG-API-KEY': header },
      ...(opts.payload ? { payload: opts.payload } : {}),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    })
  ).body;

const keyPage = async (apiId: string, token = lead.token) =>
  (await manage('GET', `/system/api/${apiId}`, undefined, token)).data;

/** What a key stores, as an earlier release or a hand edit may have left it. */
const store = (apiId: string, set: { whiteList?: string; features?: string }) =>
  t.db.updateTable('sysProjectApi').set(set).where('apiId', '=', apiId).execute();

/**
 * Runs `act` with the server's clock at `time` (only Date is faked: sockets and timers run as
 * they do), signed in afresh there, so the session is live at that moment.
 */
async function at<T>(time: number, act: (token: string) => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  try {
    return await act(await t.login(lead.userName, lead.password));
  } finally {
    vi.useRealTimers();
  }
}

describe('a new key', () => {
  it('is made in the original format from the moment it is made, stored as its SHA-256 only, and opens', async () => {
    const made = new Date(2031, 2, 4, 5, 6, 7).getTime();
    const { key, apiId } = await at(made, (token) => newKey({}, token));
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.slice(0, 14)).toBe('20310304050607');
    // Hex, as earlier releases stored it (and as key_hash, varchar(64), holds on PostgreSQL).
    const stored = await t.db
      .selectFrom('sysProjectApi')
      .select('keyHash')
      .where('apiId', '=', apiId)
      .executeTakeFirstOrThrow();
    expect(stored.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect((await withKey(key)).code).toBe(200);
    expect((await withKey(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).code).toBe(401);
  });

  it('is listed whole for 24 hours after it is made, then by its public id only', async () => {
    const made = Date.now() + 3_600_000;
    const until = made + 24 * 3_600_000;
    const { key, apiId } = await at(made, (token) => newKey({}, token));
    const listed = (token: string) =>
      manage('GET', `/system/api/list?projectId=${projectId}&pageSize=100`, undefined, token);
    const shown = await at(until - 1, listed);
    expect(shown.rows.find((row: Json) => row.apiId.startsWith(apiId))).toMatchObject({
      apiId: key,
      keyShownUntil: formatDateTime(new Date(until)),
    });
    expect(await at(until - 1, (token) => keyPage(apiId, token))).toMatchObject({ apiId: key });
    const later = await at(until, listed);
    expect(later.rows.find((row: Json) => row.apiId.startsWith(apiId))).toMatchObject({
      apiId,
      keyShownUntil: null,
    });
    expect(JSON.stringify(later)).not.toContain(key);
  });

  it('is listed whole only under its own id: its sealed value copied to another key does not open there', async () => {
    const first = await newKey();
    const second = await newKey();
    const sealed = await t.db
      .selectFrom('sysKv')
      .select('v')
      .where('k', '=', `api-key-shown:${first.apiId}`)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sysKv')
      .set({ v: sealed.v })
      .where('k', '=', `api-key-shown:${second.apiId}`)
      .execute();
    const list = await manage('GET', `/system/api/list?projectId=${projectId}&pageSize=100`);
    expect(list.code).toBe(200);
    const ids = list.rows.map((row: Json) => row.apiId);
    expect(ids).toContain(first.key);
    expect(ids).toContain(second.apiId);
    expect(ids).not.toContain(second.key);
  });

  it('is listed by nobody in a project that has none', async () => {
    const empty = await newProject('No keys');
    const list = await manage('GET', `/system/api/list?projectId=${empty}`);
    expect(list).toMatchObject({ code: 200, rows: [], total: 0 });
  });
});

describe('a key', () => {
  it('is taken from its header with or without "Bearer ", and only a leading one', async () => {
    const { key } = await newKey();
    expect((await withKey(`bearer   ${key}`)).code).toBe(200);
    expect((await withKey(` ${key} `)).code).toBe(200);
    expect((await withKey(`${key.slice(0, 15)}Bearer ${key.slice(15)}`)).code).toBe(401);
  });

  it('works up to its expiry second and is refused from the next', async () => {
    const { key } = await newKey({ expireTime: '2031-06-01 12:00' });
    const expiry = new Date(2031, 5, 1, 12, 0, 0).getTime();
    expect(await at(expiry - 86_400_000, () => withKey(key))).toMatchObject({ code: 200 });
    expect(await at(expiry, () => withKey(key))).toMatchObject({ code: 200 });
    expect(await at(expiry + 1000, () => withKey(key))).toMatchObject({
      code: 401,
      msg: 'Authentication failed: this API key expired at 2031-06-01 12:00:00',
    });
  });

  it('records its last use at once from a new address, and from the same one at most every 30 s', async () => {
    const { key, apiId } = await newKey();
    const start = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
    const use = async (after: number, ip: string) => {
      const { lastUsedTime, lastUsedIp } = await at(start + after, async (token) => {
        expect((await withKey(key, { ip })).code).toBe(200);
        return keyPage(apiId, token);
      });
      return [lastUsedTime, lastUsedIp];
    };
    const stamp = (after: number) => formatDateTime(new Date(start + after));
    expect(await use(0, '10.0.0.1')).toEqual([stamp(0), '10.0.0.1']);
    expect(await use(10_000, '10.0.0.1')).toEqual([stamp(0), '10.0.0.1']);
    expect(await use(20_000, '10.0.0.2')).toEqual([stamp(20_000), '10.0.0.2']);
    expect(await use(50_000, '10.0.0.2')).toEqual([stamp(20_000), '10.0.0.2']);
    expect(await use(50_001, '10.0.0.2')).toEqual([stamp(50_001), '10.0.0.2']);
  });

  it('is logged as an outside caller under its hidden user, not as a person of the back office', async () => {
    const { key, apiId } = await newKey();
    const pushed = await withKey(key, {
      method: 'POST',
      url: '/api/report/defect',
      payload: { reportTitle: 'Logged', reportData: [] },
    });
    expect(pushed.code).toBe(200);
    await t.app.operLog.flush();
    const logged = await t.db
      .selectFrom('sysOperLog')
      .select(['operName', 'operatorType'])
      .where('operUrl', '=', '/api/report/defect')
      .execute();
    expect(logged).toEqual([{ operName: `api-${apiId}`, operatorType: OPERATOR_TYPE.other }]);
  });

  it('reads but does not write at an archived project, and writes again once it is restored', async () => {
    const archived = await newProject('Archived');
    const { key } = await newKey({ projectId: archived });
    const create = () =>
      withKey(key, {
        method: 'POST',
        url: '/api/defect',
        payload: { defectName: 'Late', defectDescribe: 'x' },
      });
    expect((await manage('POST', `/system/project/${archived}/archive`)).code).toBe(200);
    expect(await create()).toMatchObject({
      code: 500,
      msg: 'The project is archived: it can be read but not changed',
    });
    expect((await withKey(key, { url: '/api/defect' })).code).toBe(200);
    expect((await manage('POST', `/system/project/${archived}/restore`)).code).toBe(200);
    expect((await create()).code).toBe(200);
  });
});

describe('what a key stores', () => {
  it('names capabilities by area: an empty or null list names none, so all of them when no area names any', async () => {
    const { key, apiId } = await newKey();
    const cases: [string, number][] = [
      ['{"project":["info"]}', 200],
      ['{"defect":[]}', 200],
      ['{"defect":null}', 200],
      ['{"defect":["list"],"project":[]}', 403],
    ];
    for (const [features, code] of cases) {
      await store(apiId, { features });
      expect({ features, code: (await withKey(key)).code }).toEqual({ features, code });
    }
  });

  it('is listed with capabilities only when they are an object, and with the white list’s strings only', async () => {
    const { apiId } = await newKey();
    const features: [string, unknown][] = [
      ['{"defect":["list"]}', { defect: ['list'] }],
      ['not json', null],
      ['"project"', null],
      ['["project:info"]', null],
    ];
    for (const [text, listed] of features) {
      await store(apiId, { features: text });
      expect({ text, listed: (await keyPage(apiId)).features }).toEqual({ text, listed });
    }
    const whiteLists: [string, string[]][] = [
      ['["10.9.0.0/16",7]', ['10.9.0.0/16']],
      ['{"10.9.0.0/16":true}', []],
      ['not json', []],
    ];
    for (const [text, listed] of whiteLists) {
      await store(apiId, { whiteList: text });
      expect({ text, listed: (await keyPage(apiId)).whiteList }).toEqual({ text, listed });
    }
  });

  it('lets a white list’s strings through and skips what is not one', async () => {
    const { key, apiId } = await newKey();
    await store(apiId, { whiteList: '["10.9.0.0/16",7]' });
    expect((await withKey(key, { ip: '10.9.1.1' })).code).toBe(200);
    expect((await withKey(key, { ip: '10.8.1.1' })).code).toBe(401);
  });
});

describe('a white list', () => {
  it('reads an IPv4 rule written as IPv6 with its IPv4 prefix, and matches no IPv6 that merely ends like one', async () => {
    const cases: [string[], string, number][] = [
      [['::ffff:192.168.10.20/24'], '192.168.10.99', 200],
      [['::ffff:192.168.10.20/24'], '10.0.0.1', 401],
      [['10.1.0.0/16'], '::ffff:10.1.2.3', 200],
      [['10.1.0.0/16'], '1::ffff:10.1.2.3', 401],
      // Its prefix in IPv6 bits (96 + the IPv4 prefix), as IPv6 writes it: an IPv4 /16.
      [['::ffff:10.1.0.0/112'], '10.1.200.3', 200],
      [['::ffff:10.1.0.0/112'], '10.2.0.1', 401],
    ];
    for (const [whiteList, ip, code] of cases) {
      const { key } = await newKey({ whiteList });
      expect({ whiteList, ip, code: (await withKey(key, { ip })).code }).toEqual({ whiteList, ip, code });
    }
  });

  it('skips a rule whose prefix no address has (a row written by hand), never failing the call', async () => {
    const { key, apiId } = await newKey();
    await store(apiId, { whiteList: '["10.1.0.0/40","10.3.0.0/16"]' });
    expect((await withKey(key, { ip: '10.1.0.1' })).code).toBe(401);
    expect((await withKey(key, { ip: '10.3.0.1' })).code).toBe(200);
  });

  it('skips entries the form takes but that are no address, and lets nobody in on those alone', async () => {
    const { key } = await newKey({ whiteList: ['1:2', '::ffff:10.1.2.3:5', '10.1.0.0/16'] });
    expect((await withKey(key, { ip: '10.1.7.7' })).code).toBe(200);
    const { key: unusable } = await newKey({ whiteList: ['::ffff:10.1.2.3:5'] });
    expect((await withKey(unusable, { ip: '10.1.2.3' })).code).toBe(401);
  });
});

describe('a white list’s rules, read', () => {
  it('takes single addresses, IPv4 and IPv6 ranges to their full length, and skips prefixes no address has', () => {
    const cases: [string[], string, boolean][] = [
      [['10.0.0.5'], '10.0.0.5', true],
      [['10.0.0.5'], '10.0.0.6', false],
      [['10.1.2.3/32'], '10.1.2.3', true],
      [['0.0.0.0/0'], '192.0.2.7', true],
      [['2001:db8::/64'], '2001:db8::1', true],
      [['2001:db8::/128'], '2001:db8::', true],
      [['2001:db8::/129'], '2001:db8::1', false],
      [['::ffff:10.1.2.3/32'], '10.1.2.3', true],
      [['::ffff:10.0.0.0/95'], '10.0.0.1', false],
      [['10.0.0.0/8.5'], '10.1.1.1', false],
    ];
    for (const [rules, ip, want] of cases)
      expect({ rules, ip, allowed: isAllowedAddress(ip, rules) }).toEqual({ rules, ip, allowed: want });
  });
});
