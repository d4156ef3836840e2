import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type WebSocket from 'ws';
import { seedCases } from './case-list.bench.ts';
import { seedSqlite as seedDefects } from './defect-seed.ts';
import { measureFirstPage } from './first-page.bench.ts';
import { measureNoticeAcrossProcesses, measureNoticeInPage } from './notice-arrival.bench.ts';
import { openSockets, seedFanout, timeFanout } from './notice-fanout.bench.ts';
import { BENCH_PASSWORD } from './seed-lead.ts';
import { login, ROOT, rssMb, startServer, waitUp } from './server-process.ts';
import { measureSignInJs } from './web-bundle.bench.ts';

/**
 * The performance budget CI enforces (`npm run bench:budget`, run by `.ci/run`). One data folder
 * (BUDGET_DEFECTS defects, default 100,000; 10,000 cases; 200 members with sockets), one server
 * (two through Redis for the notice across processes),
 * and every figure of budget.json measured in the same run. Server times are divided by the p50
 * of a bare route (/version) timed the same way in the same run, and throughput is a share of
 * the bare route's, so a slower machine moves both sides and does not fail the budget. A figure
 * more than 50 % worse than its budget is measured twice more and fails the run if the median of
 * the three runs is still over. `--write` stores this run's figures as the new budget
 * (after a deliberate change, reviewed in the commit).
 */
const DEFECTS = Number(process.env.BUDGET_DEFECTS ?? 100_000);
const CASES = 10_000;
const MEMBERS = 200;
const RUNS = 150;
const WARM = 20;
const BUDGET_FILE = path.join(ROOT, 'bench/budget.json');

type Better = 'lower' | 'higher';
interface Figure {
  value: number;
  unit: string;
  better: Better;
  /** How many runs it took (more than one when a run was over budget). */
  tries: number;
}
interface BudgetFile {
  tolerance: number;
  figures: Record<string, { budget: number; unit: string; better: Better; target?: number }>;
}

async function timeOnce(url: string, token: string | undefined, route: string): Promise<number> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const t0 = performance.now();
  const res = await fetch(`${url}${route}`, { headers });
  const text = await res.text();
  const ms = performance.now() - t0;
  const code = text.startsWith('{') ? (JSON.parse(text) as { code: number }).code : 200;
  if (!res.ok || code !== 200) throw new Error(`${route}: ${res.status} ${text.slice(0, 200)}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function p50(url: string, token: string | undefined, route: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM; i++) {
    const ms = await timeOnce(url, token, route);
    if (i >= WARM) times.push(ms);
  }
  return median(times);
}

/** Every bare time taken in turn with a route (ratioToBare), figure by figure. */
const bareTimes: number[][] = [];

/**
 * The routes' p50s as a multiple of the bare route's, the bare route asked in turn with them
 * (bare, each route, bare, …), so whatever slows the machine for a while (a neighbour, the
 * kernel writing the seeded data back) weighs on both sides alike. Several routes add up.
 */
async function ratioToBare(url: string, token: string, routes: string[]): Promise<number> {
  const bare: number[] = [];
  bareTimes.push(bare);
  const times = routes.map(() => [] as number[]);
  for (let i = 0; i < RUNS + WARM; i++) {
    const bareMs = await timeOnce(url, undefined, '/version');
    const routeMs: number[] = [];
    for (const route of routes) routeMs.push(await timeOnce(url, token, route));
    if (i < WARM) continue;
    bare.push(bareMs);
    for (const [k, ms] of routeMs.entries()) times[k]?.push(ms);
  }
  return times.reduce((sum, t) => sum + median(t), 0) / median(bare);
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: 3, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Sequential creates, each after one bare request (bare, create, bare, create, …), so the p50 of
 * a create is divided by a bare p50 taken over the same stretch of time. Also the creates a
 * second over the time the creates themselves took.
 */
async function timeCreates(
  url: string,
  token: string,
  scene: { projectId: number; userId: number },
  count: number,
) {
  const bare: number[] = [];
  const creates: number[] = [];
  for (let i = 0; i < count; i++) {
    bare.push(await timeOnce(url, undefined, '/version'));
    const started = performance.now();
    const res = await fetch(`${url}/system/defect`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: scene.projectId,
        handleBy: [scene.userId],
        defectType: 'BUG',
        defectName: `Budget create ${i}`,
        defectDescribe: 'Created by the budget run',
        defectLevel: 'middle',
      }),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`create: ${body.msg}`);
    creates.push(performance.now() - started);
  }
  const total = creates.reduce((sum, ms) => sum + ms, 0);
  return { ratio: median(creates) / median(bare), perSecond: count / (total / 1000) };
}

async function timeToFirstGetInfo(dataDir: string, env: Record<string, string> = {}) {
  const started = performance.now();
  const server = await startServer(env, dataDir);
  for (;;) {
    const token = await login(server.url);
    if (token) break;
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - started > 20_000) throw new Error('server did not answer within 20 s');
  }
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

/** The same wait for a bare Fastify app (bare-server.mjs): what any Node server's start costs here. */
async function bareStart(): Promise<number> {
  const started = performance.now();
  const server = await startServer({}, undefined, path.join(ROOT, 'bench/bare-server.mjs'));
  try {
    await waitUp(server.url, 5);
    return performance.now() - started;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** Printed for context, not budgeted. */
const info: Record<string, number> = {};

const BUDGET: BudgetFile = fs.existsSync(BUDGET_FILE)
  ? (JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as BudgetFile)
  : { tolerance: 0.5, figures: {} };
const WRITING = process.argv.includes('--write');
/** A figure over its budget is measured this many times in all; their median counts. */
const TRIES = 3;

/** How much worse than its budget a figure is (0.2 = 20 % worse; negative = better). */
const worseBy = (value: number, budget: number, better: Better) =>
  better === 'lower' ? value / budget - 1 : budget / value - 1;

const overBudget = (name: string, value: number, better: Better) => {
  const entry = BUDGET.figures[name];
  return entry !== undefined && worseBy(value, entry.budget, better) > BUDGET.tolerance;
};

/**
 * Measures one figure; one over budget is measured twice more and the median of the three runs
 * counts (with the context figures of that run): one run slowed by a neighbour does not fail CI,
 * while a regression, over in two runs of three, still does. Not the best run: a ratio can come
 * out lucky when the load lands on its bare side.
 */
async function settle(
  figures: Record<string, Figure>,
  name: string,
  unit: string,
  better: Better,
  run: () => Promise<number>,
) {
  const runs: { value: number; info: Record<string, number> }[] = [];
  const once = async () => {
    const value = await run();
    runs.push({ value, info: { ...info } });
  };
  await once();
  if (!WRITING && overBudget(name, runs[0]?.value ?? 0, better)) for (let i = 1; i < TRIES; i++) await once();
  const counted = [...runs].sort((a, b) => a.value - b.value)[Math.floor(runs.length / 2)] ?? runs[0];
  if (!counted) throw new Error(`${name}: not measured`);
  Object.assign(info, counted.info);
  figures[name] = { value: counted.value, unit, better, tries: runs.length };
}

async function measure(): Promise<Record<string, Figure>> {
  const first = await startServer({});
  await waitUp(first.url);
  await first.stop();
  const file = path.join(first.dataDir, 'buglet.db');
  const defects = await seedDefects(file, DEFECTS);
  const cases = seedCases(file, CASES);
  const scene = seedFanout(file, MEMBERS);
  const server = await startServer({}, first.dataDir);
  let sockets: WebSocket[] = [];
  try {
    await waitUp(server.url);
    const lead = await login(server.url, 'benchdefects', BENCH_PASSWORD);
    const caseLead = await login(server.url, 'benchcases', BENCH_PASSWORD);
    const admin = await login(server.url);
    if (!lead || !caseLead || !admin) throw new Error('the bench users could not sign in');
    await new Promise((r) => setTimeout(r, 300));
    const idleRss = rssMb(server.child.pid as number);

    const list = `/system/defect/list?projectId=${defects.projectId}&pageNum=1&pageSize=10`;
    const figures: Record<string, Figure> = {};
    const paired = (name: string, token: string, routes: string[]) =>
      settle(figures, name, '× bare p50', 'lower', () => ratioToBare(server.url, token, routes));
    // The server's code paths warmed (compiled by V8) before anything is timed.
    for (let i = 0; i < 100; i++)
      await timeOnce(server.url, lead, `${list}&orderByColumn=defectId&isAsc=asc`);
    await paired('defect list, state filter, by update time', lead, [
      `${list}&params%5BdefectStates%5D=0&orderByColumn=updateTime&isAsc=desc`,
    ]);
    await paired('keyword search, by update time', lead, [
      `${list}&params%5Bkeyword%5D=checkout&orderByColumn=updateTime&isAsc=desc`,
    ]);
    await paired('keyword search, rare word', lead, [
      `${list}&params%5Bkeyword%5D=${encodeURIComponent('Defect 12345 in')}`,
    ]);
    await paired('statistics: states and members', lead, [
      `/system/defect/statistic/state/${defects.projectId}`,
      `/system/defect/statistic/member/${defects.projectId}`,
    ]);
    await paired('defect view', lead, [`/system/defect/${defects.someDefectId}`]);
    await paired('case list, one deliverable', caseLead, [
      `/system/case/list?projectId=${cases.projectId}&pageNum=1&pageSize=10&moduleId=${cases.leaf}`,
    ]);

    // A notice to every socket, round by round, each round's p99 over the bare p50 just before it.
    const arrivals = { sentAt: 0, times: [] as number[] };
    sockets = await openSockets(server.url, scene, () =>
      arrivals.times.push(performance.now() - arrivals.sentAt),
    );
    await new Promise((r) => setTimeout(r, 1000));
    await settle(figures, `notice to ${MEMBERS} sockets, p99 delivery`, '× bare p50', 'lower', async () => {
      const rounds: number[] = [];
      for (let round = 0; round < 7; round++) {
        const bare: number[] = [];
        for (let i = 0; i < 21; i++) bare.push(await timeOnce(server.url, undefined, '/version'));
        const times = await timeFanout(server.url, scene, 1, arrivals);
        rounds.push((times[Math.floor(times.length * 0.99)] ?? 0) / median(bare));
      }
      return median(rounds);
    });
    for (const ws of sockets) ws.terminate();
    sockets = [];

    await settle(figures, '/getInfo throughput', 'share of bare', 'higher', async () => {
      const bareRps = await requestsPerSecond(`${server.url}/version`);
      info['bare route /version (requests/s, 10 connections)'] = bareRps;
      const infoRps = await requestsPerSecond(`${server.url}/getInfo`, { authorization: `Bearer ${admin}` });
      return infoRps / bareRps;
    });

    await settle(figures, 'sequential defect create (p50)', '× bare p50', 'lower', async () => {
      const creates = await timeCreates(server.url, lead, defects, 1000);
      info['sequential defect creates (per second)'] = creates.perSecond;
      return creates.ratio;
    });
    info['bare route /version p50 (ms), in turn with the routes'] = median(bareTimes.flat());
    info['bare route /version p50 (ms), alone'] = await p50(server.url, undefined, '/version');
    figures['idle RSS after start-up'] = { value: idleRss, unit: 'MB', better: 'lower', tries: 1 };
    const signIn = await measureSignInJs({ url: server.url });
    figures['sign-in page JavaScript (gzip)'] = {
      value: signIn.gzipKiB,
      unit: 'KiB',
      better: 'lower',
      tries: 1,
    };
    // What a person waits for in Chromium (the lead of the 100,000-defect project, cold cache),
    // as a multiple of a bare page of script (first-page.bench.ts) shown in turn with it (the
    // milliseconds printed below), each figure settled on its own runs.
    const firstPage = async () => {
      const m = await measureFirstPage(server.url, { userName: 'benchdefects', password: BENCH_PASSWORD });
      info['sign-in page shown in Chromium (ms)'] = m.openMs;
      info['sign-in to the home page in Chromium (ms)'] = m.signInMs;
      info['bare page of script in Chromium (ms)'] = m.bareMs;
      return m;
    };
    await settle(figures, 'sign-in page shown in Chromium', '× bare page', 'lower', async () => {
      const m = await firstPage();
      return m.openMs / m.bareMs;
    });
    await settle(figures, 'sign-in to the home page in Chromium', '× bare page', 'lower', async () => {
      const m = await firstPage();
      return m.signInMs / m.bareMs;
    });
    // A defect assigned to a member looking at the home page: how soon the bell and the list show it.
    await settle(
      figures,
      'assigned defect to the bell in Chromium',
      'ms',
      'lower',
      async () => (await measureNoticeInPage(server.url, scene)).bellMs,
    );
    await settle(
      figures,
      'assigned defect to the home list in Chromium',
      'ms',
      'lower',
      async () => (await measureNoticeInPage(server.url, scene)).homeMs,
    );
    await server.stop();

    // Two processes on this data folder and one Redis (CI sets TEST_REDIS_URL): without one, the
    // figure is not measured (and --write drops its budget).
    const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
    if (redis)
      await settle(
        figures,
        'notice across two processes through Redis',
        '× bare p50',
        'lower',
        async () => (await measureNoticeAcrossProcesses(first.dataDir, scene, redis)).ratio,
      );
    else console.log('notice across two processes through Redis: not measured (no TEST_REDIS_URL)');

    // Cold start as a multiple of a bare Fastify app's, each the median of three, taken in turns.
    await settle(figures, 'cold start to first answer', '× bare start', 'lower', async () => {
      const starts: number[] = [];
      const bareStarts: number[] = [];
      for (let i = 0; i < 3; i++) {
        starts.push(await timeToFirstGetInfo(first.dataDir));
        bareStarts.push(await bareStart());
      }
      info['cold start to first answer (ms)'] = median(starts);
      info['bare Fastify app: start to first answer (ms)'] = median(bareStarts);
      return median(starts) / median(bareStarts);
    });
    info['cold start without the code cache (ms)'] = await timeToFirstGetInfo(first.dataDir, {
      CODE_CACHE: 'false',
    });
    return figures;
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

const format = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

async function main() {
  const started = performance.now();
  const figures = await measure();
  if (WRITING) {
    for (const [name, f] of Object.entries(figures))
      BUDGET.figures[name] = {
        ...BUDGET.figures[name],
        budget: Number(format(f.value)),
        unit: f.unit,
        better: f.better,
      };
    for (const name of Object.keys(BUDGET.figures)) if (!figures[name]) delete BUDGET.figures[name];
    fs.writeFileSync(BUDGET_FILE, `${JSON.stringify(BUDGET, null, 2)}\n`);
    console.log(`wrote ${BUDGET_FILE}`);
  }
  const failures: string[] = [];
  console.log(`${'figure'.padEnd(44)} ${'measured'.padStart(10)} ${'budget'.padStart(10)}  unit`);
  for (const [name, f] of Object.entries(figures)) {
    const entry = BUDGET.figures[name];
    let verdict = 'no budget';
    if (entry) {
      const worse = worseBy(f.value, entry.budget, entry.better);
      verdict =
        worse > BUDGET.tolerance ? 'OVER BUDGET' : `${worse > 0 ? '+' : ''}${(worse * 100).toFixed(0)} %`;
      if (worse > BUDGET.tolerance) failures.push(name);
      if (entry.target !== undefined && worseBy(f.value, entry.target, entry.better) > 0)
        verdict += ` (target ${entry.target})`;
      if (f.tries > 1) verdict += ` (median of ${f.tries} runs)`;
    } else failures.push(`${name} (no budget)`);
    console.log(
      `${name.padEnd(44)} ${format(f.value).padStart(10)} ${(entry ? format(entry.budget) : '-').padStart(10)}  ${f.unit.padEnd(14)} ${verdict}`,
    );
  }
  for (const [name, value] of Object.entries(info)) console.log(`${name.padEnd(56)} ${format(value)}`);
  console.log(`\nbudget run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.error(`\nOver budget by more than ${BUDGET.tolerance * 100} %: ${failures.join(', ')}`);
    process.exit(1);
  }
}

await main();
