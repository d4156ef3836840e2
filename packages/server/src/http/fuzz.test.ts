import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCase, insertTestModule, insertTestProject, insertTestTeam } from '../../test/factories.ts';
import { asQuery, type Hint, sample } from '../../test/route-samples.ts';
import { rowFingerprint, TOUCHED_BY_ANY_CALL } from '../../test/row-fingerprint.ts';
import { apiAs, createTestApp, type Json, type Person, type TestApp } from '../../test/test-app.ts';
import type { RouteEntry } from './route.ts';

/*
 * Fuzz over every route in the route table: inputs derived from the route's own schema, then
 * broken (types, sizes, nesting, NaN, huge and negative ids, long comma lists, lone surrogates,
 * wrong content types, malformed JSON and multipart). Whatever arrives, the answer is never a
 * 5xx, the generic internal error, a stack or SQL; a refused request writes nothing; the server
 * keeps answering. FUZZ_RUNS sets the runs per route (a few in CI, hundreds for a long run).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const LEAKS = [
  /internal error/i,
  /系统内部错误/,
  /\bat .+\.(ts|js):\d+/,
  /\bselect\b.+\bfrom\b/i,
  /sqlite|postgres|syntax error|constraint failed/i,
  /Error: /,
];
/** Routes whose answer is there to describe the database (engine, version, slow SQL): not a leak. */
const DESCRIBES_DATABASE = new Set(['GET /monitor/database', 'GET /monitor/cache']);

let t: TestApp;
let admin: Person;
let owner: Person;
const ids = { teamId: 0, projectId: 0, defectId: 0, caseId: 0, moduleId: 0 };

/** What the server logged as unhandled (a 500's cause), to name it beside the input. */
const serverErrors: string[] = [];
const errorSummary = (line: string) => {
  try {
    const { err } = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
    return `${err?.type}: ${err?.message} at ${err?.stack?.split('\n')[1]?.trim()}`;
  } catch {
    return line.slice(0, 300);
  }
};

beforeAll(async () => {
  t = await createTestApp(
    {},
    { logger: { level: 'error', stream: { write: (line: string) => serverErrors.push(line) } } },
  );
  admin = {
    userId: 1,
    userName: 'admin',
    password: 'cat2bug',
    phoneNumber: '',
    token: await t.login(),
  } as Person;
  owner = await t.signedIn();
  ids.teamId = await insertTestTeam(t.db, { [owner.userId]: [12, 4] });
  ids.projectId = await insertTestProject(t.db, ids.teamId, { [owner.userId]: [11, 6] });
  ids.moduleId = await insertTestModule(t.db, ids.projectId);
  ids.caseId = await insertTestCase(t.db, ids.projectId, ids.moduleId);
  const defect = await apiAs(t)(owner, 'POST', '/system/defect', {
    projectId: ids.projectId,
    defectType: 'BUG',
    defectName: 'Fuzz target',
    defectDescribe: 'x',
    defectLevel: 'low',
    handleBy: [owner.userId],
  });
  ids.defectId = defect.data.defectId;
});
afterAll(async () => t.close());

const hint: Hint = (key) =>
  ({
    projectId: ids.projectId,
    teamId: ids.teamId,
    defectId: ids.defectId,
    defectIds: [ids.defectId],
    caseId: ids.caseId,
    moduleId: ids.moduleId,
    userId: owner.userId,
    handleBy: [owner.userId],
  })[key];

/** Values that break a field: wrong types, extremes, deep nesting, odd text. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    '',
    ' ',
    'NaN',
    '-1',
    '0',
    '1e309',
    '__proto__',
    '../../etc/passwd',
    '%00',
    '\u0000',
  ),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(70_000)),
  fc.constant('\ud800\udfff\ud800'),
  fc.constant(Array.from({ length: 3000 }, (_, i) => i)),
  fc.constant(JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);
/** Path segments: huge and negative ids, long comma lists, encodings. */
const segment = fc.oneof(
  fc.constantFrom('-1', '0', '9'.repeat(40), '1.5', 'NaN', '1,,2', ',', '%2e%2e', '%C0%AF', '%ff', 'null'),
  fc.constant(Array.from({ length: 1200 }, (_, i) => i + 1).join(',')),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

interface Broken {
  url: string;
  query: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

function brokenRequest(route: RouteEntry): fc.Arbitrary<Broken> {
  const body = (sample(route.body, hint) as Json | undefined) ?? {};
  const query = asQuery(sample(route.query, hint));
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const keys = Object.keys(body).length > 0 ? Object.keys(body) : ['x'];
  const qkeys = Object.keys(query).length > 0 ? Object.keys(query) : ['pageNum'];
  return fc
    .record({
      params: fc.array(segment, { minLength: names.length, maxLength: names.length }),
      field: fc.constantFrom(...keys),
      value: junk,
      qfield: fc.constantFrom(...qkeys),
      qvalue: fc.oneof(segment, fc.string({ maxLength: 20 })),
      shape: fc.constantFrom('json', 'json', 'invalid-json', 'text', 'bytes', 'multipart', 'array'),
    })
    .map(({ params, field, value, qfield, qvalue, shape }) => {
      let i = 0;
      const url = route.url.replace(/:(\w+)/g, () => params[i++] ?? '1');
      const broken = { ...body, [field]: value };
      const q = { ...query, [qfield]: qvalue };
      switch (shape) {
        case 'invalid-json':
          return { url, query: q, payload: '{"projectId": 1,', contentType: 'application/json' };
        case 'text':
          return { url, query: q, payload: JSON.stringify(broken), contentType: 'text/plain' };
        case 'bytes':
          return {
            url,
            query: q,
            payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3, 0x28, 0x7d]),
            contentType: 'application/json; charset=utf-8',
          };
        case 'multipart':
          return {
            url,
            query: q,
            payload:
              '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004trunc',
            contentType: 'multipart/form-data; boundary=XX',
          };
        case 'array':
          return { url, query: q, payload: JSON.stringify([broken]), contentType: 'application/json' };
        default:
          return { url, query: q, payload: JSON.stringify(broken), contentType: 'application/json' };
      }
    });
}

/** Every table's rows but the ones any request may touch. */
const fingerprint = () => rowFingerprint(t.db, TOUCHED_BY_ANY_CALL);

describe('fuzz over every route', () => {
  it('answers broken input with a clean refusal and writes nothing', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    // Routes that end sessions are left out: they would sign the fuzzing administrator out.
    const routes = t.app.routeTable.routes.filter(
      (r) => !['/logout', '/monitor/online/:tokenId'].includes(r.url),
    );
    const send = (route: (typeof routes)[number], req: Broken) =>
      t.app.inject({
        method: route.method,
        url: req.url,
        query: req.query,
        headers: {
          authorization: `Bearer ${admin.token}`,
          language: 'en_US',
          ...(req.contentType && route.method !== 'GET' ? { 'content-type': req.contentType } : {}),
        },
        ...(req.payload !== undefined && route.method !== 'GET' ? { payload: req.payload } : {}),
      });
    // The rows are compared once per route, after its broken requests: a route that refused all
    // of them must have changed nothing (a snapshot reads every table and costs more than a call).
    // Where one was accepted, its refused ones are sent again, each between two snapshots.
    let before = await fingerprint();
    for (const route of routes) {
      const answers: string[] = [];
      const refused: Broken[] = [];
      let accepted = false;
      await fc.assert(
        fc.asyncProperty(brokenRequest(route), async (req) => {
          const logged = serverErrors.length;
          const res = await send(route, req);
          sent += 1;
          const label = `${route.method} ${route.url} as ${req.url.slice(0, 60)} (${req.contentType ?? ''})`;
          // What the server logged as unhandled for this request, with the input that caused it.
          for (const line of serverErrors.slice(logged))
            failures.push(
              `${label} ${JSON.stringify(req.query ?? {}).slice(0, 200)} ${String(req.payload ?? '').slice(0, 200)}: ${errorSummary(line)}`,
            );
          const text = res.body;
          if (res.statusCode >= 500) failures.push(`${label}: HTTP ${res.statusCode}`);
          // A path segment of %2e%2e is "..": such a request is answered by the route above.
          const answeredBy = new URL(req.url, 'http://fuzz.test').pathname.replace(/(.)\/$/, '$1');
          const isDescription =
            [route.url, answeredBy].some((path) => DESCRIBES_DATABASE.has(`${route.method} ${path}`)) &&
            text.startsWith('{"code":200,');
          const leak = isDescription ? undefined : LEAKS.find((p) => p.test(text));
          if (leak) failures.push(`${label}: ${String(leak)} in ${text.slice(0, 200)}`);
          let code: unknown;
          try {
            code = (JSON.parse(text) as { code?: unknown }).code;
          } catch {
            code = undefined;
          }
          answers.push(`${label}: ${String(code ?? res.statusCode)}`);
          if (code === 200 || code === undefined) accepted = true;
          else refused.push(req);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      let after = await fingerprint();
      if (!accepted && after !== before) failures.push(`refused but rows changed: ${answers.join('; ')}`);
      if (accepted) {
        for (const req of refused) {
          const res = await send(route, req);
          const now = await fingerprint();
          const code = res.body.startsWith('{')
            ? (JSON.parse(res.body) as { code?: unknown }).code
            : undefined;
          if (code !== 200 && code !== undefined && now !== after)
            failures.push(
              `${route.method} ${route.url} as ${req.url.slice(0, 60)}: refused (${String(code)}) but rows changed`,
            );
          after = now;
        }
      }
      before = after;
    }
    const alive = await t.app.inject({ method: 'GET', url: '/version' });
    console.info(`fuzz: ${sent} requests over ${routes.length} routes (${RUNS} per route)`);
    expect(alive.statusCode).toBe(200);
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
