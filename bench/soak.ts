import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { openSockets, seedFanout, tokenOf } from './notice-fanout.bench.ts';
import { rssMb, startServer, waitUp } from './server-process.ts';

/**
 * The soak (`npm run bench:soak`, not in CI): SOAK_USERS simulated people (default 50), each
 * holding a socket, browsing, searching and writing in one project for SOAK_MINUTES (default 30).
 * The server's RSS is sampled each minute; the run fails when any call fails, a socket drops, or
 * memory grows (a least-squares trend over the samples after the first minute of more than
 * 1 MB a minute). Prints p50/p99 of each kind of call.
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const USERS = Number(process.env.SOAK_USERS ?? 50);
const PREFILL = 2000;
const GROWTH_LIMIT_MB_PER_MIN = 1;
const WORDS = ['checkout', 'payment', 'login', 'upload', 'report', '支付', '登录'];

interface Scene {
  url: string;
  projectId: number;
  members: number[];
  defectIds: number[];
}

const times = new Map<string, number[]>();
const errors: string[] = [];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function call(
  kind: string,
  scene: Scene,
  token: string,
  method: string,
  route: string,
  body?: unknown,
) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${scene.url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data?: { defectId?: number } };
    if (json.code !== 200) errors.push(`${kind}: ${json.code} ${json.msg}`);
    return json;
  } catch (error) {
    errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    const list = times.get(kind) ?? [];
    list.push(performance.now() - t0);
    times.set(kind, list);
  }
}

const defectBody = (scene: Scene, i: number) => ({
  projectId: scene.projectId,
  handleBy: [pick(scene.members)],
  defectType: pick(['BUG', 'TASK', 'DEMAND'] as const),
  defectName: `Soak ${i} in ${pick(WORDS)}`,
  defectDescribe: `Steps ${i}: open the ${pick(WORDS)} page`,
  defectLevel: pick(['urgent', 'height', 'middle', 'low'] as const),
});

/** One person: a weighted mix of reads and writes with a think time between them. */
async function person(scene: Scene, token: string, until: number) {
  let n = 0;
  const list = `/system/defect/list?projectId=${scene.projectId}&pageSize=10`;
  while (performance.now() < until) {
    const roll = Math.random();
    n++;
    if (roll < 0.3)
      await call('list', scene, token, 'GET', `${list}&pageNum=${1 + Math.floor(Math.random() * 20)}`);
    else if (roll < 0.45)
      await call(
        'keyword search',
        scene,
        token,
        'GET',
        `${list}&pageNum=1&params%5Bkeyword%5D=${encodeURIComponent(pick(WORDS))}&orderByColumn=updateTime&isAsc=desc`,
      );
    else if (roll < 0.65)
      await call('defect view', scene, token, 'GET', `/system/defect/${pick(scene.defectIds)}`);
    else if (roll < 0.75) await call('getInfo', scene, token, 'GET', '/getInfo');
    else if (roll < 0.8)
      await call('statistics', scene, token, 'GET', `/system/defect/statistic/state/${scene.projectId}`);
    else if (roll < 0.9) {
      const made = await call('create', scene, token, 'POST', '/system/defect', defectBody(scene, n));
      if (made?.data?.defectId) scene.defectIds.push(made.data.defectId);
    } else
      await call('edit', scene, token, 'PUT', '/system/defect', {
        defectId: pick(scene.defectIds),
        defectName: `Soak edit ${n} in ${pick(WORDS)}`,
      });
    await new Promise((r) => setTimeout(r, 200 + Math.random() * 600));
  }
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  const first = await startServer({});
  await waitUp(first.url);
  await first.stop();
  const fan = seedFanout(path.join(first.dataDir, 'buglet.db'), USERS);
  const server = await startServer({}, first.dataDir);
  let sockets: WebSocket[] = [];
  let dropped = 0;
  try {
    await waitUp(server.url);
    const scene: Scene = { url: server.url, projectId: fan.projectId, members: fan.members, defectIds: [] };
    for (let i = 0; i < PREFILL; i++) {
      const made = await call(
        'prefill',
        scene,
        fan.senderToken,
        'POST',
        '/system/defect',
        defectBody(scene, i),
      );
      if (made?.data?.defectId) scene.defectIds.push(made.data.defectId);
    }
    times.delete('prefill');
    let notices = 0;
    sockets = await openSockets(server.url, fan, () => notices++);
    for (const ws of sockets) ws.on('close', () => dropped++);
    const pid = server.child.pid as number;
    const samples: Array<[number, number]> = [[0, rssMb(pid)]];
    const started = performance.now();
    const until = started + MINUTES * 60_000;
    const sampler = setInterval(() => {
      const minute = Math.round((performance.now() - started) / 60_000);
      samples.push([minute, rssMb(pid)]);
      console.log(`minute ${minute}: RSS ${samples.at(-1)?.[1].toFixed(1)} MB, ${errors.length} errors`);
    }, 60_000);
    await Promise.all(fan.members.map((_, i) => person(scene, tokenOf(i + 1), until)));
    clearInterval(sampler);
    samples.push([MINUTES, rssMb(pid)]);

    const steady = samples.filter(([m]) => m >= 1);
    const trend = steady.length >= 2 ? slope(steady) : 0;
    console.log(`\n== soak: ${USERS} people for ${MINUTES} min`);
    console.log(`RSS samples (MB): ${samples.map(([, mb]) => mb.toFixed(0)).join(' ')}`);
    console.log(`memory trend after the first minute: ${trend.toFixed(2)} MB/min`);
    console.log(`notices received on sockets: ${notices}; sockets dropped: ${dropped}`);
    console.log(
      `${'call'.padEnd(16)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    );
    for (const [kind, list] of times) {
      list.sort((a, b) => a - b);
      const at = (q: number) =>
        (list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0).toFixed(1);
      console.log(
        `${kind.padEnd(16)} ${String(list.length).padStart(7)} ${at(0.5).padStart(8)} ${at(0.99).padStart(8)}`,
      );
    }
    console.log(
      `errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 5).join('; ')})` : ''}`,
    );
    if (errors.length > 0 || dropped > 0 || trend > GROWTH_LIMIT_MB_PER_MIN) process.exitCode = 1;
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
}

await main();
