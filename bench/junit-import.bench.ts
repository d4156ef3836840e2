import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { call, keyFor } from './report-push.bench.ts';
import { benchPostgresUrl, inPostgresSchema, startServer, waitUp } from './server-process.ts';

/**
 * Results from CI: a JUnit report of TESTS (default 1,000) tests, 900 of them matched to cases by
 * key and 100 unknown, sent to `POST /api/plan/results` as a run, RUNS (default 5) times (the first
 * makes the plan and its items, the others update them with changed results). Target: a report of
 * 1,000 tests imported in under 2 s.
 */
const TESTS = Number(process.env.JUNIT_TESTS ?? 1000);
const RUNS = Number(process.env.JUNIT_RUNS ?? 5);
const KNOWN = Math.round(TESTS * 0.9);

const report = (run: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><testsuites><testsuite name="shop" tests="${TESTS}">${Array.from(
    { length: TESTS },
    (_, i) =>
      `<testcase classname="com.shop.Suite${i % 20}" name="case${i}" time="0.012">${
        (i + run) % 9 === 0
          ? '<failure message="expected 200 but was 500">java.lang.AssertionError: expected 200 but was 500\n\tat com.shop.Suite.case(Suite.java:42)</failure>'
          : ''
      }</testcase>`,
  ).join('')}</testsuite></testsuites>`;

async function measure(label: string, env: Record<string, string>): Promise<Record<string, string>> {
  const server = await startServer(env);
  try {
    await waitUp(server.url);
    const { key, token, projectId } = await keyFor(server);
    const module = await call(server.url, token, 'POST', '/system/module', {
      projectId,
      modulePid: 0,
      batchModuleNames: ['Suite'],
    });
    const moduleId = (module.data as unknown as { moduleId: number }[])[0]?.moduleId;
    for (let at = 0; at < KNOWN; at += 500)
      await call(
        server.url,
        token,
        'POST',
        '/system/case/batch',
        Array.from({ length: Math.min(500, KNOWN - at) }, (_, j) => {
          const i = at + j;
          return {
            projectId,
            moduleId,
            caseName: `Case ${i}`,
            caseKey: `com.shop.Suite${i % 20}.case${i}`,
            caseLevel: 3,
            caseExpect: 'Passes',
            caseStep: [],
          };
        }),
      );
    const times: number[] = [];
    let matched = 0;
    for (let run = 0; run < RUNS; run++) {
      const body = report(run);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/plan/results?runName=nightly`, {
        method: 'POST',
        headers: { 'CAT2BUG-API-KEY': key, 'content-type': 'application/xml' },
        body,
      });
      const answer = (await res.json()) as { code: number; msg: string; data?: { matched: number } };
      times.push(performance.now() - t0);
      if (answer.code !== 200) throw new Error(`results refused: ${answer.msg}`);
      matched = answer.data?.matched ?? 0;
    }
    const again = times.slice(1).sort((a, b) => a - b);
    return {
      [`${label}: first import of ${TESTS} tests (plan and ${matched} items made) (ms)`]: (
        times[0] ?? 0
      ).toFixed(0),
      [`${label}: the same run again, results changed, p50 of ${again.length} (ms)`]: (
        again[Math.floor(again.length / 2)] ?? 0
      ).toFixed(0),
    };
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function runJUnitImport(): Promise<Record<string, string>> {
  const figures = await measure('SQLite', {});
  const pgUrl = benchPostgresUrl();
  if (!pgUrl) return { ...figures, PostgreSQL: 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  return {
    ...figures,
    ...(await inPostgresSchema(pgUrl, 'bench_junit', (url) => measure('PostgreSQL', { DATABASE_URL: url }))),
  };
}
