import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../../bench/server-process.ts';

/**
 * The built server's V8 code cache (packages/server/src/code-cache-loader.ts): made by the first
 * start, taken by the next, never taken for a rebuilt bundle, and a damaged one only costs the
 * speed-up. The bundle runs from a copy of dist inside packages/server (so node_modules resolve
 * as for dist), not to race the other files' servers over the shared cache.
 */
const DIST = path.join(ROOT, 'packages/server/dist');
const copy = fs.mkdtempSync(path.join(ROOT, 'packages/server/dist-cache-test-'));
for (const name of ['main.js', 'server.cjs']) fs.copyFileSync(path.join(DIST, name), path.join(copy, name));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buglet-code-cache-'));
const caches = () => fs.readdirSync(copy).filter((name) => name.endsWith('.v8cache'));

afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the copy, answers what its "listening" line says of the cache, and stops it gracefully. */
async function startAndStop(): Promise<string> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(copy, 'main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let state: string | undefined;
    for await (const line of readline.createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      const entry = JSON.parse(line) as { msg?: string; codeCache?: string };
      if (entry.msg?.includes('is listening')) {
        state = entry.codeCache;
        break;
      }
    }
    const answer = await fetch(`http://127.0.0.1:${port}/version`);
    expect(answer.status).toBe(200);
    return state ?? 'no listening line';
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the code cache of the built server', () => {
  it('is made by a first start and taken by the next', async () => {
    expect(await startAndStop()).toBe('absent');
    expect(caches()).toHaveLength(1);
    expect(await startAndStop()).toBe('accepted');
  });

  it('is not taken for a rebuilt bundle, whose own replaces it', async () => {
    const [old] = caches();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(copy, 'server.cjs'), later, later);
    expect(await startAndStop()).toBe('absent');
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(old);
  });

  it('costs only the speed-up when damaged', async () => {
    const [name] = caches();
    fs.writeFileSync(path.join(copy, name as string), Buffer.alloc(4096, 7));
    expect(await startAndStop()).toBe('rejected');
    expect(await startAndStop()).toBe('accepted');
  });
});
