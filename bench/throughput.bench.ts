import autocannon from 'autocannon';
import { login, startServer } from './server-process.ts';

const DURATION_S = 8;
const CONNECTIONS = 20;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/**
 * /getInfo (session lookup, role and permission queries, user row) against a bare route served
 * by the same process in the same run (/version: no session, no database). The load generator
 * shares the machine's two cores with the server, so absolute numbers are pessimistic; the ratio
 * is the figure to watch.
 */
async function measureBoth() {
  const server = await startServer();
  try {
    let token: string | undefined;
    for (let i = 0; i < 200 && !token; i++) {
      token = await login(server.url);
      if (!token) await new Promise((r) => setTimeout(r, 25));
    }
    if (!token) throw new Error('could not log in');
    await measure(`${server.url}/version`); // warm-up
    const bare = await measure(`${server.url}/version`);
    const info = await measure(`${server.url}/getInfo`, { authorization: `Bearer ${token}` });
    return { bare, info };
  } finally {
    await server.stop();
  }
}

/** Requests a second on /version and /getInfo in the same run, and /getInfo's share (0–1) of the first. */
export async function measureGetInfoShare(): Promise<{ bare: number; getInfo: number; share: number }> {
  const { bare, info } = await measureBoth();
  return {
    bare: bare.requests.average,
    getInfo: info.requests.average,
    share: info.requests.average / bare.requests.average,
  };
}

export async function runThroughput(): Promise<Record<string, string>> {
  const { bare, info } = await measureBoth();
  return {
    'bare route /version (req/s)': bare.requests.average.toFixed(0),
    '/getInfo (req/s)': info.requests.average.toFixed(0),
    '/getInfo p99 latency (ms)': String(info.latency.p99),
    '/getInfo as a share of the bare route': `${((info.requests.average / bare.requests.average) * 100).toFixed(1)} %`,
  };
}
