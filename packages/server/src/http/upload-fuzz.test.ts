import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestModule, insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { asQuery, sample } from '../../test/route-samples.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { xlsxBomb } from '../../test/zip-bomb.ts';
import type { RouteEntry } from './route.ts';

/*
 * Every route that reads a multipart upload (it declares `upload`, so the route table knows it)
 * is sent malformed multipart bodies, and every one that reads a workbook a decompression bomb:
 * each answer is a clear, translated refusal, nothing is logged as an unhandled error, and the
 * server's memory stays flat. A route added later is covered without being named here.
 */

let t: TestApp;
let token: string;
let apiKey: string;
const ids = { projectId: 0, teamId: 0 };
const unhandled: string[] = [];
const BOUNDARY = 'buglet-fuzz';

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        level: 'error',
        stream: { write: (line: string) => unhandled.push(line) },
      },
    },
  );
  token = await t.login();
  ids.teamId = await insertTestTeam(t.db, { 1: [12] });
  ids.projectId = await insertTestProject(t.db, ids.teamId, { 1: [11] });
  await insertTestModule(t.db, ids.projectId);
  const made = await t.call({
    method: 'POST',
    url: '/system/api',
    token,
    payload: { projectId: ids.projectId, apiName: 'uploads' },
  });
  apiKey = made.body.data.apiKey;
});
afterAll(async () => t.close());

const uploads = () => t.app.routeTable.routes.filter((r) => r.upload);

function send(route: RouteEntry, contentType: string, payload: Buffer | string) {
  const query = asQuery(sample(route.query, (key) => (ids as Record<string, unknown>)[key]));
  return t.call({
    method: route.method,
    url: route.url,
    query,
    lang: 'en_US',
    headers: {
      'content-type': contentType,
      ...(route.guard.kind === 'apiKey'
        ? { 'CAT2BUG-API-KEY': apiKey }
        : { authorization: `Bearer ${token}` }),
    },
    payload,
  });
}

const part = (field: string, body: Buffer | string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** Bodies a client may get wrong: each must be refused by name, never as the internal error. */
const MALFORMED: Array<{ name: string; contentType: string; payload: (field: string) => string | Buffer }> = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: (f) => part(f, 'x') },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload: (f) => part(f, 'x') },
  {
    name: 'another boundary than the body uses',
    contentType: 'multipart/form-data; boundary=other',
    payload: (f) => part(f, 'x'),
  },
  {
    name: 'a part cut short',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: (f) => part(f, 'PK\u0003\u0004').subarray(0, 90),
  },
  {
    name: 'a malformed part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: () => `--${BOUNDARY}\r\nContent-Disposition form-data name\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  { name: 'no body at all', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: () => '' },
  { name: 'a body of junk', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: () => 'junk' },
];

describe('uploads', () => {
  it('knows every route that reads an upload, the seven of them', () => {
    expect(uploads().map((r) => `${r.method} ${r.url} ${r.upload?.kind}`)).toEqual(
      expect.arrayContaining([
        'POST /common/upload file',
        'POST /common/uploads file',
        'POST /system/user/profile/avatar file',
        'POST /api/file/upload file',
        'POST /system/defect/import spreadsheet',
        'POST /system/case/importData spreadsheet',
        'POST /system/user/importData spreadsheet',
      ]),
    );
  });

  it('refuses malformed multipart on every upload route by name, with no unhandled error', async () => {
    const failures: string[] = [];
    for (const route of uploads()) {
      for (const bad of MALFORMED) {
        const logged = unhandled.length;
        const res = await send(route, bad.contentType, bad.payload(route.upload?.fields[0] ?? 'file'));
        const label = `${route.url} with ${bad.name}`;
        if (res.status >= 500 || res.body.code === 200)
          failures.push(`${label}: ${res.status} ${res.body.code}`);
        if (!/form is incomplete or malformed|Choose a file to upload/.test(String(res.body.msg)))
          failures.push(`${label}: ${res.body.msg}`);
        if (unhandled.length > logged) failures.push(`${label}: logged ${unhandled.slice(logged).join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a decompression bomb on every workbook route, unread, with flat memory', async () => {
    const bomb = xlsxBomb({ inflatedMb: 1200, declaredBytes: 5000 });
    const routes = uploads().filter((r) => r.upload?.kind === 'spreadsheet');
    expect(routes.length).toBeGreaterThanOrEqual(3);
    const logged = unhandled.length;
    const rss = process.memoryUsage.rss();
    let peak = rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    try {
      for (const route of routes) {
        const res = await send(route, `multipart/form-data; boundary=${BOUNDARY}`, part('file', bomb));
        expect(res.body, route.url).toMatchObject({
          code: 500,
          msg: 'The workbook would unpack to more than 100 MB, so it was not read',
        });
      }
    } finally {
      clearInterval(sampler);
    }
    // The probe's file took the server from 179 MB to 1,478 MB; the count stops at the limit.
    expect(peak - rss).toBeLessThan(80 << 20);
    expect(unhandled.slice(logged)).toEqual([]);
  });
});
