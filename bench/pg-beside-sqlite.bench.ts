import { performance } from 'node:perf_hooks';
import { benchKeywords, keywordQuery, listRoute, sortQuery } from './defect-list.bench.ts';
import { DEFAULT_DEFECTS, withPostgres, withSqlite } from './defect-seed.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { benchPostgresUrl, login, startServer, waitUp } from './server-process.ts';

const RUNS = Number(process.env.RUNS ?? 200);
const WARM = 10;

/**
 * The "PostgreSQL within 1.5× of SQLite": the same reads of the same DEFECTS defects
 * (default 1,000,000) against a server on each database, both running, each request sent to one
 * and then the other, so a busy stretch of the machine weighs on both sides alike (timed one
 * database after the other, the ratios moved by ±30 % from run to run here). The p50 of each
 * and their ratio. BENCH_KEEP=1 keeps both filled databases (as defect-list.bench.ts).
 */
export async function runPostgresBesideSqlite(): Promise<Record<string, string>> {
  const pgUrl = benchPostgresUrl();
  if (!pgUrl) return { PostgreSQL: 'not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  const keep = process.env.BENCH_KEEP === '1';
  const out: Record<string, string> = {};
  await withSqlite(DEFAULT_DEFECTS, keep, (lite) =>
    withPostgres(pgUrl, DEFAULT_DEFECTS, keep, async (post) => {
      const servers = [await startServer(lite.env, lite.dataDir), await startServer(post.env, post.dataDir)];
      try {
        const sides = [];
        for (const [server, scene] of [
          [servers[0], lite],
          [servers[1], post],
        ] as const) {
          if (!server) throw new Error('no server');
          await waitUp(server.url);
          const token = await login(server.url, 'benchdefects', BENCH_PASSWORD);
          if (!token) throw new Error('bench user could not log in');
          sides.push({ url: server.url, token, routes: routesOf(scene.seeded) });
        }
        const [a, b] = sides as [(typeof sides)[number], (typeof sides)[number]];
        for (const [label, routeA] of Object.entries(a.routes)) {
          const routeB = b.routes[label] ?? routeA;
          const times: [number[], number[]] = [[], []];
          for (let i = 0; i < RUNS + WARM; i++) {
            const ta = await timeOne(a.url, a.token, routeA);
            const tb = await timeOne(b.url, b.token, routeB);
            if (i >= WARM) {
              times[0].push(ta);
              times[1].push(tb);
            }
          }
          const [ma, mb] = [p50(times[0]), p50(times[1])];
          out[`${label}: p50 ms, SQLite / PostgreSQL`] =
            `${ma.toFixed(2)} / ${mb.toFixed(2)}  ×${(mb / ma).toFixed(2)}`;
        }
      } finally {
        for (const s of servers) await s?.stop();
      }
    }),
  );
  return out;
}

function routesOf(seeded: { projectId: number; someDefectId: number }): Record<string, string> {
  const { projectId, someDefectId } = seeded;
  const words = benchKeywords(DEFAULT_DEFECTS);
  return {
    'list, state Pending, by update time': listRoute(
      projectId,
      `&params%5BdefectStates%5D=0${sortQuery('updateTime', 'desc')}`,
    ),
    [`keyword '${words.common}', newest first`]: listRoute(projectId, keywordQuery(words.common)),
    [`keyword '${words.common}', by update time`]: listRoute(
      projectId,
      keywordQuery(words.common) + sortQuery('updateTime', 'desc'),
    ),
    [`keyword '${words.rare}', newest first`]: listRoute(projectId, keywordQuery(words.rare)),
    'statistics by state': `/system/defect/statistic/state/${projectId}`,
    'defect view': `/system/defect/${someDefectId}`,
  };
}

async function timeOne(url: string, token: string, route: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`${route}: ${body.msg}`);
  return performance.now() - t0;
}

const p50 = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)] ?? 0;
