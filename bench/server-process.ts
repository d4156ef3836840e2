import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server; BENCH_SERVER_ENTRY points at another build (one made apart from the shared dist). */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? path.join(ROOT, 'packages/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server as a child process on a free port with its own data folder. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  entry = SERVER_ENTRY,
): Promise<RunningServer> {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-bench-'));
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      // A database shared by servers with data folders of their own needs one key for its sealed
      // credentials (README, "Stored credentials").
      ...(env.DATABASE_URL ? { SECRET_KEY: 'bench-and-e2e-key-for-a-shared-database' } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    dataDir: dir,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function login(
  url: string,
  username = 'admin',
  password = 'cat2bug',
): Promise<string | undefined> {
  try {
    const res = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { code: number; token?: string };
    return body.code === 200 ? body.token : undefined;
  } catch {
    return undefined;
  }
}

export async function getInfoOk(url: string, token: string): Promise<boolean> {
  const res = await fetch(`${url}/getInfo`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { code: number }).code === 200;
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Polls /version every `everyMs` until the server answers (10 s at most). */
/**
 * Waits until the server answers, 10 s at most; a server that has exited (a port taken, a
 * database it cannot reach, a bad setting) fails the wait at once with its exit code.
 */
export async function waitUp(url: string, everyMs = 25, child?: ChildProcess): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child && child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) before it answered at ${url}`);
    try {
      if ((await fetch(`${url}/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`the server never answered at ${url} in 10 s`);
}

/** Where the benchmarks' PostgreSQL runs are made, if anywhere. */
export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Runs `run` with the URL of a fresh schema on the benchmarks' PostgreSQL, dropped afterwards
 * (whatever was made in it goes too).
 */
export async function inPostgresSchema<T>(pgUrl: string, prefix: string, run: (url: string) => Promise<T>) {
  const schema = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await run(url.toString());
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** One request on a keep-alive agent, its answer's text (the client's own cost stays small). */
export function request(
  agent: http.Agent,
  url: URL,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: opts.method,
        path: opts.path,
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
