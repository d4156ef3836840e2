import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { xlsxBomb } from '../packages/server/test/zip-bomb.ts';
import { login, request, startServer, waitUp } from './server-process.ts';

/*
 * What the second outside probe did to the server, measured: a flood of 600 sign-in guesses from
 * 60 addresses while a signed-in person keeps asking for /getInfo (bcrypt on the main thread had
 * pushed it to 14 s), and the decompression bomb it uploaded to the workbook imports (1.2 MB that
 * inflated to 1.2 GB: RSS 179 → 1,478 MB).
 */

const GUESSES = Number(process.env.FLOOD_GUESSES ?? 600);
const ADDRESSES = 60;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Number(line?.[1] ?? 0) / 1024;
};

/** /getInfo times of a signed-in person asking one after another until `until` settles. */
async function pollInfo(
  agent: http.Agent,
  url: URL,
  token: string,
  until: Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  let isDone = false;
  void until.finally(() => {
    isDone = true;
  });
  while (!isDone) {
    const started = performance.now();
    await request(agent, url, {
      method: 'GET',
      path: '/getInfo',
      headers: { authorization: `Bearer ${token}` },
    });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function signInFlood(url: URL, token: string, names: (i: number) => string) {
  const flood = new http.Agent({ keepAlive: true, maxSockets: ADDRESSES });
  const info = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers = new Map<number, number>();
  const started = performance.now();
  const guesses = Promise.all(
    Array.from({ length: GUESSES }, async (_, i) => {
      const body = JSON.stringify({ username: names(i), password: `guess-${i}` });
      const text = await request(flood, url, {
        method: 'POST',
        path: '/login',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.66.${i % ADDRESSES}.1`,
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      });
      const code = (JSON.parse(text) as { code: number }).code;
      answers.set(code, (answers.get(code) ?? 0) + 1);
    }),
  );
  const times = await pollInfo(info, url, token, guesses);
  const seconds = (performance.now() - started) / 1000;
  flood.destroy();
  info.destroy();
  return { times, seconds, answers: Object.fromEntries(answers) };
}

/** A team and a project of the administrator's, for the imports to reach their file. */
async function makeProject(agent: http.Agent, url: URL, token: string): Promise<number> {
  const post = async (path: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    const text = await request(agent, url, {
      method: 'POST',
      path,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    return JSON.parse(text) as { data: Record<string, number> };
  };
  const team = await post('/system/team', {
    teamName: 'Bench',
    teamIcon: '/profile/upload/2026/01/01/icon.png',
  });
  const project = await post('/system/project', { teamId: team.data.teamId, projectName: 'Bench' });
  return project.data.projectId ?? 0;
}

export async function runAbuse(): Promise<Record<string, string>> {
  const server = await startServer({ TRUST_PROXY: 'true', SIGN_IN_SLOWDOWN_MS: '1000' });
  try {
    await waitUp(server.url);
    const url = new URL(server.url);
    const token = (await login(server.url)) ?? '';
    const pid = server.child.pid ?? 0;
    const idle = await pollInfo(
      new http.Agent({ keepAlive: true }),
      url,
      token,
      new Promise((resolve) => setTimeout(resolve, 2000)),
    );
    const fmt = (t: number[]) =>
      `p50 ${quantile(t, 0.5).toFixed(1)} ms, p99 ${quantile(t, 0.99).toFixed(1)} ms, max ${(t.at(-1) ?? 0).toFixed(1)} ms (${t.length} calls)`;
    const oneAccount = await signInFlood(url, token, () => 'admin');
    const manyAccounts = await signInFlood(url, token, (i) => `person${i % ADDRESSES}`);

    // The bomb, to each workbook import, while the server's memory is sampled every 10 ms.
    const bomb = xlsxBomb({ inflatedMb: 1200, declaredBytes: 5000 });
    const boundary = 'bench-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bomb,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 10);
    const agent = new http.Agent({ keepAlive: true });
    const projectId = await makeProject(agent, url, token);
    const refusals: string[] = [];
    const bombStarted = performance.now();
    for (const path of [
      `/system/defect/import?projectId=${projectId}`,
      `/system/case/importData?projectId=${projectId}`,
      '/system/user/importData',
    ]) {
      const text = await request(agent, url, {
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          language: 'en_US',
        },
        body,
      });
      refusals.push((JSON.parse(text) as { msg: string }).msg);
    }
    const bombMs = (performance.now() - bombStarted) / 3;
    clearInterval(sampler);
    return {
      '/getInfo, idle': fmt(idle),
      [`/getInfo during ${GUESSES} wrong sign-ins to one account from ${ADDRESSES} addresses`]: fmt(
        oneAccount.times,
      ),
      '  the flood: seconds, answers by code': `${oneAccount.seconds.toFixed(1)} s, ${JSON.stringify(oneAccount.answers)}`,
      [`/getInfo during ${GUESSES} sign-ins to ${ADDRESSES} accounts from ${ADDRESSES} addresses`]: fmt(
        manyAccounts.times,
      ),
      '  that flood: seconds, answers by code': `${manyAccounts.seconds.toFixed(1)} s, ${JSON.stringify(manyAccounts.answers)}`,
      [`zip bomb (${(bomb.length / 1e6).toFixed(1)} MB, declares 5,000 B, inflates to 1.2 GB): RSS before / peak`]: `${before.toFixed(0)} / ${peak.toFixed(0)} MB`,
      '  each workbook import refused in': `${bombMs.toFixed(0)} ms: ${refusals[0]}`,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [label, value] of Object.entries(await runAbuse())) console.log(`${label.padEnd(80)} ${value}`);
}
