import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  benchPostgresUrl,
  inPostgresSchema,
  login,
  type RunningServer,
  startServer,
  waitUp,
} from './server-process.ts';

/**
 * Test tools pushing into a project: PUSHERS (default 100) clients at once, each sending a report
 * of 20 keyed defects (as Cat2Bug-JLog does) to `POST /api/report/defect` for SECONDS (default 10).
 * The keys cycle through 2,000 defects, so the first pushes create and the rest update.
 * Target: at least 500 defects upserted a second on SQLite.
 */
const PUSHERS = Number(process.env.PUSHERS ?? 100);
const SECONDS = Number(process.env.PUSH_SECONDS ?? 10);
const PER_REPORT = 20;
const DISTINCT = 2000;

export async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data?: Record<string, unknown> };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json;
}

/** A 1×1 PNG: a team needs an icon. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A team, a project and an API key of it, made by the administrator. */
export async function keyFor(
  server: RunningServer,
): Promise<{ key: string; token: string; projectId: number }> {
  const token = await login(server.url);
  if (!token) throw new Error('the administrator could not sign in');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
  const icon = (await (
    await fetch(`${server.url}/common/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { fileName: string };
  const team = await call(server.url, token, 'POST', '/system/team', {
    teamName: 'Push bench',
    teamIcon: icon.fileName,
  });
  const project = await call(server.url, token, 'POST', '/system/project', {
    teamId: team.data?.teamId,
    projectName: 'Pushed',
    members: [],
  });
  const made = await call(server.url, token, 'POST', '/system/api', {
    projectId: project.data?.projectId,
    apiName: 'bench',
  });
  return { key: String(made.data?.apiKey), token, projectId: Number(project.data?.projectId) };
}

function report(pusher: number, round: number) {
  return {
    reportKey: `pusher-${pusher}`,
    reportTitle: `Run ${round} of pusher ${pusher}`,
    reportTime: Date.now(),
    reportData: Array.from({ length: PER_REPORT }, (_, i) => {
      const n = (pusher * PER_REPORT + round * 7 + i) % DISTINCT;
      return {
        defectName: `Failure ${n}`,
        defectDescribe: `java.lang.IllegalStateException: case ${n}\n\tat com.shop.Job.run(Job.java:${round})`,
        defectGroupKey: `com.shop.Job${n % 50}`,
        defectKey: `com.shop.Job.case${n}`,
        moduleVersion: `1.0.${round % 5}`,
      };
    }),
  };
}

async function measure(label: string, env: Record<string, string>): Promise<Record<string, string>> {
  const server = await startServer({ API_RATE_PER_MINUTE: '10000000', ...env });
  try {
    await waitUp(server.url);
    const { key } = await keyFor(server);
    let upserted = 0;
    let pushes = 0;
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PUSHERS }, async (_, pusher) => {
        for (let round = 0; performance.now() < end; round++) {
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/report/defect`, {
            method: 'POST',
            headers: { 'CAT2BUG-API-KEY': key, 'content-type': 'application/json' },
            body: JSON.stringify(report(pusher, round)),
          });
          const body = (await res.json()) as {
            code: number;
            msg: string;
            data?: { created: number; updated: number };
          };
          if (body.code !== 200) throw new Error(`push refused: ${body.code} ${body.msg}`);
          latencies.push(performance.now() - t0);
          upserted += (body.data?.created ?? 0) + (body.data?.updated ?? 0);
          pushes += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => (latencies[Math.floor(latencies.length * q)] ?? 0).toFixed(0);
    return {
      [`${label}: defects upserted per second (${PUSHERS} pushers, ${PER_REPORT} a report)`]: (
        upserted / seconds
      ).toFixed(0),
      [`${label}: pushes per second`]: (pushes / seconds).toFixed(1),
      [`${label}: push latency p50 / p95 (ms)`]: `${at(0.5)} / ${at(0.95)}`,
    };
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function runReportPush(): Promise<Record<string, string>> {
  const figures = await measure('SQLite', {});
  const pgUrl = benchPostgresUrl();
  if (!pgUrl) return { ...figures, PostgreSQL: 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  return {
    ...figures,
    ...(await inPostgresSchema(pgUrl, 'bench_push', (url) => measure('PostgreSQL', { DATABASE_URL: url }))),
  };
}
