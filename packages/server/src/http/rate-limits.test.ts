import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { multipart, multipartParts } from '../../test/multipart.ts';
import { createTestApp, type Json, type Person, type TestApp } from '../../test/test-app.ts';

// Each limit is 3 a minute here: the fourth request in the window is refused, by name and wait.
const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    REGISTER_RATE_PER_MINUTE: String(LIMIT),
    CAPTCHA_RATE_PER_MINUTE: String(LIMIT),
    UPLOAD_RATE_PER_MINUTE: String(LIMIT),
    API_RATE_PER_MINUTE: String(LIMIT),
  });
});
afterAll(async () => t.close());

let address = 0;
/** A new client address for each scene, so one scene's counts do not touch another's. */
const nextAddress = () => `10.40.${Math.floor(++address / 250)}.${address % 250}`;

type Call = InjectOptions & { token?: string; lang?: string };
const send = async (opts: Call): Promise<Json> => (await t.call({ lang: 'en_US', ...opts })).body;

/** Sends the call LIMIT times (none refused by the limit), then once more: answers that last body. */
async function exhaust(call: () => Promise<Json>): Promise<Json> {
  for (let i = 0; i < LIMIT; i++) expect((await call()).code).not.toBe(429);
  return call();
}

const WAIT = '(\\d+) s';
const seconds = (msg: string) => Number(/(\d+) s$/.exec(msg)?.[1]);

describe('registration', () => {
  let n = 0;
  const register = (remoteAddress: string, lang = 'en_US') => {
    n += 1;
    const password = 'secret1';
    return send({
      method: 'POST',
      url: '/register',
      remoteAddress,
      lang,
      payload: {
        username: `rl${n}`,
        password,
        confirmPassword: password,
        phoneNumber: `139000${String(n).padStart(5, '0')}`,
      },
    });
  };

  it('refuses the fourth registration from an address in a minute, naming the wait; another address registers', async () => {
    const crowded = nextAddress();
    for (let i = 0; i < LIMIT; i++) expect((await register(crowded)).code).toBe(200);
    const refused = await register(crowded);
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(
      new RegExp(`^Too many registrations from your address; try again in ${WAIT}$`),
    );
    expect(seconds(refused.msg)).toBeGreaterThanOrEqual(1);
    expect(seconds(refused.msg)).toBeLessThanOrEqual(60);
    expect((await register(crowded, 'zh_CN')).msg).toMatch(/^该地址注册次数过多，请\d+秒后再试$/);
    expect((await register(nextAddress())).code).toBe(200);
  });
});

describe('the captcha image', () => {
  const captcha = (remoteAddress: string) => send({ method: 'GET', url: '/captchaImage', remoteAddress });

  it('is refused the fourth time an address asks in a minute; another address still gets one', async () => {
    const crowded = nextAddress();
    const refused = await exhaust(() => captcha(crowded));
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(
      new RegExp(`^Too many captcha requests from your address; try again in ${WAIT}$`),
    );
    const other = await captcha(nextAddress());
    expect(other.code).toBe(200);
    expect(other.captchaEnabled).toBe(false);
  });
});

describe('the Open API', () => {
  let keys: string[] = [];
  beforeAll(async () => {
    const admin = await t.login();
    const teamId = await insertTestTeam(t.db, {});
    const projectId = await insertTestProject(t.db, teamId, {});
    keys = [];
    for (const apiName of ['first', 'second']) {
      const made = await send({
        method: 'POST',
        url: '/system/api',
        token: admin,
        payload: { projectId, apiName },
      });
      keys.push(made.data.apiKey as string);
    }
  });
  const callWith = (key: string, url: string, remoteAddress = '10.41.0.1') =>
    send({ method: 'GET', url, remoteAddress, headers: { 'CAT2BUG-API-KEY': key } });

  it('counts a key over every route together, refuses the fourth call by name and wait, and leaves another key alone', async () => {
    const [first = '', second = ''] = keys;
    const urls = ['/api/project', '/api/member', '/api/deliverable'];
    for (const url of urls) expect((await callWith(first, url)).code).toBe(200);
    const refused = await callWith(first, '/api/case');
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(new RegExp(`^Too many requests with this API key; try again in ${WAIT}$`));
    // The same key from another address is the same key.
    expect((await callWith(first, '/api/project', '10.41.0.2')).code).toBe(429);
    // Another key, from the very same address, is not affected.
    expect((await callWith(second, '/api/project')).code).toBe(200);
  });

  it('counts made-up keys against their address, so a fresh key each time gains nothing', async () => {
    const guesser = nextAddress();
    const refused = await exhaust(() =>
      callWith(`2025${Math.random().toString(36).slice(2)}`, '/api/project', guesser),
    );
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(new RegExp(`^Too many requests from your address; try again in ${WAIT}$`));
    expect((await callWith('no-such-key', '/api/project', nextAddress())).code).toBe(401);
  });

  it('limits every route the Open API serves, declared or not', async () => {
    const apiRoutes = t.app.routeTable.routes.filter((r) => r.guard.kind === 'apiKey');
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      const from = nextAddress();
      const url = route.url.replace(/:\w+/g, '1');
      const last = await exhaust(() =>
        send({ method: route.method, url, remoteAddress: from, headers: { 'CAT2BUG-API-KEY': 'made-up' } }),
      );
      expect([route.method, route.url, last.code]).toEqual([route.method, route.url, 429]);
    }
  });
});

describe('uploads', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const storedFiles = (): number =>
    fs.existsSync(t.config.uploadDir)
      ? fs
          .readdirSync(t.config.uploadDir, { recursive: true })
          .filter((f) => fs.statSync(path.join(t.config.uploadDir, String(f))).isFile()).length
      : 0;

  const NOT_A_SHEET = 'The file is not an Excel workbook (.xlsx)';
  let projectId = 0;
  const people: Person[] = [];
  beforeAll(async () => {
    // The people may import users: role 2 is granted the import button here.
    const importMenu = await t.db
      .selectFrom('sysMenu')
      .select('menuId')
      .where('perms', '=', 'system:user:import')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('sysRoleMenu').values({ roleId: 2, menuId: importMenu.menuId }).execute();
    for (let i = 0; i < 2 * Object.keys(ROUTES).length; i++) people.push(await t.signedIn([2]));
    const teamId = await insertTestTeam(t.db, Object.fromEntries(people.map((p) => [p.userId, [12]])));
    projectId = await insertTestProject(t.db, teamId, Object.fromEntries(people.map((p) => [p.userId, [6]])));
  });

  /** Each upload route, as one person sends it. */
  const ROUTES: Record<string, (p: Person) => Call> = {
    '/common/upload': (p) => ({
      method: 'POST',
      url: '/common/upload',
      token: p.token,
      ...multipart('file', 'a.png', PNG),
    }),
    '/common/uploads': (p) => ({
      method: 'POST',
      url: '/common/uploads',
      token: p.token,
      ...multipartParts([
        { field: 'files', filename: 'a.png', content: PNG },
        { field: 'files', filename: 'b.txt', content: 'evidence' },
      ]),
    }),
    '/common/upload/screen-shot': (p) => ({
      method: 'POST',
      url: '/common/upload/screen-shot',
      token: p.token,
      payload: { fileBody: `data:image/png;base64,${PNG.toString('base64')}` },
    }),
    '/system/user/profile/avatar': (p) => ({
      method: 'POST',
      url: '/system/user/profile/avatar',
      token: p.token,
      ...multipart('avatarfile', 'me.png', PNG),
    }),
    // The imports read the sheet after the limit: an empty file is refused by name, and counted.
    '/system/case/importData': (p) => ({
      method: 'POST',
      url: `/system/case/importData?projectId=${projectId}`,
      token: p.token,
      ...multipart('file', 'cases.xlsx', Buffer.from('not a sheet')),
    }),
    '/system/defect/import': (p) => ({
      method: 'POST',
      url: `/system/defect/import?projectId=${projectId}`,
      token: p.token,
      ...multipart('file', 'defects.xlsx', Buffer.from('not a sheet')),
    }),
    '/system/user/importData': (p) => ({
      method: 'POST',
      url: '/system/user/importData',
      token: p.token,
      ...multipart('file', 'users.xlsx', Buffer.from('not a sheet')),
    }),
  };

  it.each(Object.keys(ROUTES))(
    '%s: the fourth upload of a person in a minute is refused, naming the wait; another person is not',
    async (route) => {
      const make = ROUTES[route] as (p: Person) => Call;
      const [person, other] = people.splice(0, 2) as [Person, Person];
      const isStoring = !route.includes('import');
      const answers: Json[] = [];
      for (let i = 0; i < LIMIT; i++) answers.push(await send(make(person)));
      if (isStoring) expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
      else expect(answers.map((a) => a.msg)).toEqual(Array(LIMIT).fill(NOT_A_SHEET));
      const before = storedFiles();
      const refused = await send(make(person));
      expect(refused.code).toBe(429);
      expect(refused.msg).toMatch(new RegExp(`^Too many uploads from you; try again in ${WAIT}$`));
      expect((await send({ ...make(person), lang: 'zh_CN' })).msg).toMatch(
        /^您上传的文件过多，请\d+秒后再试$/,
      );
      // Nothing of the refused upload was kept.
      expect(storedFiles()).toBe(before);
      const theirs = await send(make(other));
      if (isStoring) expect(theirs.code).toBe(200);
      else expect(theirs.msg).toBe(NOT_A_SHEET);
    },
  );

  it('counts a person’s uploads over every upload route together', async () => {
    const person = (await t.signedIn()) as Person;
    expect((await send(ROUTES['/common/upload']?.(person) as Call)).code).toBe(200);
    expect((await send(ROUTES['/system/user/profile/avatar']?.(person) as Call)).code).toBe(200);
    expect((await send(ROUTES['/common/upload/screen-shot']?.(person) as Call)).code).toBe(200);
    expect((await send(ROUTES['/common/uploads']?.(person) as Call)).code).toBe(429);
  });
});

describe('requests at once', () => {
  /** Sends `n` calls at once: how many the limit let through. */
  const atOnce = async (n: number, call: (i: number) => Promise<Json>) =>
    (await Promise.all(Array.from({ length: n }, (_, i) => call(i)))).filter((a) => a.code !== 429).length;

  it('do no better than the limit, for every limit by address, key and person', async () => {
    const admin = await t.login();
    const projectId = await insertTestProject(t.db, await insertTestTeam(t.db, {}), {});
    const key = (
      await send({
        method: 'POST',
        url: '/system/api',
        token: admin,
        payload: { projectId, apiName: 'burst' },
      })
    ).data.apiKey as string;
    const uploader = await t.signedIn();
    const registrar = nextAddress();
    const passed = {
      captcha: await atOnce(12, () =>
        send({ method: 'GET', url: '/captchaImage', remoteAddress: registrar }),
      ),
      register: await atOnce(12, (i) =>
        send({
          method: 'POST',
          url: '/register',
          remoteAddress: registrar,
          payload: {
            username: `burst${i}`,
            password: 'secret1',
            confirmPassword: 'secret1',
            phoneNumber: `1370000${String(i).padStart(4, '0')}`,
          },
        }),
      ),
      apiKey: await atOnce(12, (i) =>
        send({
          method: 'GET',
          url: '/api/project',
          remoteAddress: `10.42.0.${i + 1}`,
          headers: { 'CAT2BUG-API-KEY': key },
        }),
      ),
      upload: await atOnce(12, () =>
        send({
          method: 'POST',
          url: '/common/upload',
          token: uploader.token,
          ...multipart('file', 'a.txt', Buffer.from('x')),
        }),
      ),
    };
    expect(passed).toEqual({ captcha: LIMIT, register: LIMIT, apiKey: LIMIT, upload: LIMIT });
  });

  it('count an IPv6 caller by its /64: addresses within it share one count', async () => {
    const captchaFrom = (remoteAddress: string) =>
      send({ method: 'GET', url: '/captchaImage', remoteAddress });
    for (let i = 1; i <= LIMIT; i++) expect((await captchaFrom(`2001:db8:42:7::${i}`)).code).toBe(200);
    expect((await captchaFrom('2001:db8:42:7:ffff::1')).code).toBe(429);
    expect((await captchaFrom('2001:db8:42:8::1')).code).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the shared limits across instances', () => {
  it('count a key’s Open API calls and a person’s uploads at every instance together, through Redis', async () => {
    const { buildApp } = await import('../app.ts');
    const first = await createTestApp({
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_PREFIX: `test-${process.pid}-${Date.now()}`,
      API_RATE_PER_MINUTE: '2',
      UPLOAD_RATE_PER_MINUTE: '2',
    });
    const second = await buildApp({ config: first.config, db: first.db });
    try {
      const admin = await first.login();
      const projectId = await insertTestProject(first.db, await insertTestTeam(first.db, {}), {});
      const made = await first.call({
        method: 'POST',
        url: '/system/api',
        token: admin,
        payload: { projectId, apiName: 'r' },
      });
      const headers = { 'CAT2BUG-API-KEY': made.body.data.apiKey as string };
      const apiCodes: number[] = [];
      const uploadCodes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const app = i % 2 === 0 ? first.app : second;
        apiCodes.push((await app.inject({ method: 'GET', url: '/api/project', headers })).json().code);
        const upload = multipart('file', 'a.txt', Buffer.from('x'));
        const res = await app.inject({
          method: 'POST',
          url: '/common/upload',
          payload: upload.payload,
          headers: { ...upload.headers, authorization: `Bearer ${admin}` },
        });
        uploadCodes.push(res.json().code);
      }
      // The two counters are apart: each allows two, then refuses.
      expect(apiCodes).toEqual([200, 200, 429]);
      expect(uploadCodes).toEqual([200, 200, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
