import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { getInfoOk, login, rssMb, startServer, waitUp } from './server-process.ts';

/**
 * Start-up to the first successful /getInfo (target < 1 s on SQLite), measured from the spawn
 * of the server process: on an empty data folder (migrations and seeding included) and on an
 * existing one. Then the idle memory of the process (target < 150 MB RSS).
 */
async function timeToFirstGetInfo(dataDir?: string) {
  const started = performance.now();
  const server = await startServer({}, dataDir);
  for (;;) {
    const token = await login(server.url);
    if (token && (await getInfoOk(server.url, token))) break;
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - started > 20_000) throw new Error('server did not answer within 20 s');
  }
  return { ms: performance.now() - started, server };
}

/**
 * Cold start on an existing database, as the budget reads it: a database made by a first start,
 * then the median of `runs` starts to the first answered /getInfo (sign-in included), and to the
 * first answered request of any kind (/version).
 */
export async function measureColdStart(runs = 5): Promise<{ ms: number; firstAnswerMs: number }> {
  const first = await timeToFirstGetInfo();
  await first.server.stop();
  const toGetInfo: number[] = [];
  const toAnswer: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const server = await startServer({}, first.server.dataDir);
      try {
        await waitUp(server.url, 5);
        toAnswer.push(performance.now() - started);
      } finally {
        await server.stop();
      }
      const warm = await timeToFirstGetInfo(first.server.dataDir);
      toGetInfo.push(warm.ms);
      await warm.server.stop();
    }
  } finally {
    fs.rmSync(first.server.dataDir, { recursive: true, force: true });
  }
  return { ms: median(toGetInfo), firstAnswerMs: median(toAnswer) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runStartup(): Promise<Record<string, string>> {
  const cold = await timeToFirstGetInfo();
  await cold.server.stop();
  const runs: number[] = [];
  let last = cold.server;
  for (let i = 0; i < 3; i++) {
    const warm = await timeToFirstGetInfo(cold.server.dataDir);
    runs.push(warm.ms);
    if (i < 2) await warm.server.stop();
    last = warm.server;
  }
  // Idle memory: after the first requests, let it settle.
  await new Promise((r) => setTimeout(r, 3000));
  const pid = last.child.pid ?? 0;
  const rss = rssMb(pid);
  await last.stop();
  runs.sort((a, b) => a - b);
  return {
    'start-up to first /getInfo, empty data folder (ms)': cold.ms.toFixed(0),
    'start-up to first /getInfo, existing database, median of 3 (ms)': (runs[1] ?? 0).toFixed(0),
    'idle server RSS after start-up (MB)': rss.toFixed(1),
  };
}
