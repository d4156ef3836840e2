import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../../bench/server-process.ts';

/**
 * The built server's V8 code cache (packages/server/src/code-cache-loader.ts): made by the first
 * start, taken by the next, never taken for another build, and a damaged one only costs the
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
  // One test, from a copy without a cache, so a retry starts from the same place.
  it('is made once the server listened, taken next, not taken for another build, refused when damaged', async () => {
    for (const name of caches()) fs.rmSync(path.join(copy, name));
    expect(await startAndStop()).toBe('absent');
    expect(caches()).toHaveLength(1);
    expect(await startAndStop()).toBe('accepted');

    // Damaged inside (not only its header): refused before V8 sees it, then made again.
    const file = path.join(copy, caches()[0] as string);
    const bytes = fs.readFileSync(file);
    bytes.fill(7, bytes.length >> 1, (bytes.length >> 1) + 64);
    fs.writeFileSync(file, bytes);
    expect(await startAndStop()).toBe('rejected');
    expect(await startAndStop()).toBe('accepted');

    // Another build (its entry names another hash): the old cache is not taken; the new one
    // replaces it, the old being older than the bundle.
    const old = caches()[0];
    const entry = path.join(copy, 'main.js');
    const source = fs.readFileSync(entry, 'utf8');
    const hash = /server\.cjs\.\$\{"([0-9a-f]+)"\}/.exec(source)?.[1];
    expect(hash).toBeTruthy();
    fs.writeFileSync(entry, source.replace(`"${hash}"`, '"0123456789abcdef"'));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(copy, 'server.cjs'), later, later);
    expect(await startAndStop()).toBe('absent');
    expect(caches()).toEqual(['server.cjs.0123456789abcdef.v8cache']);
    expect(old).not.toBe('server.cjs.0123456789abcdef.v8cache');
  });
});
