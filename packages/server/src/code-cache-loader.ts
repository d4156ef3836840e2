import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/**
 * The server's entry (dist/main.js): runs the bundled server (dist/server.cjs) with a V8 code
 * cache beside it, so a start after the first skips parsing and compiling most of the bundle
 * (what Node 22's module.enableCompileCache does, done here so Node 20 has it too). The cache is
 * named by the bundle's size and time, so a rebuilt bundle never takes an old cache; V8 refuses
 * one from another Node version by itself. Made once, when a start found none it could use: ten
 * seconds after start (the functions the start and first requests compiled are in it) or at
 * exit, whichever is first. A folder it cannot write to only costs the speed-up.
 * CODE_CACHE=false starts without it (to compare, or to rule it out).
 */
export type CodeCacheState = 'accepted' | 'rejected' | 'absent' | 'off';

const dir = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(dir, 'server.cjs');
const stat = fs.statSync(bundle);
const cacheName = `server.cjs.${stat.size}-${Math.trunc(stat.mtimeMs)}.v8cache`;
const cacheFile = path.join(dir, cacheName);

const off = process.env.CODE_CACHE === 'false';
let cached: Buffer | undefined;
try {
  cached = off ? undefined : fs.readFileSync(cacheFile);
} catch {
  cached = undefined;
}
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
  filename: bundle,
  cachedData: cached,
});
const state: CodeCacheState = off
  ? 'off'
  : !cached
    ? 'absent'
    : script.cachedDataRejected
      ? 'rejected'
      : 'accepted';
// The server logs it when it listens (main.ts).
(globalThis as { bugletCodeCache?: CodeCacheState }).bugletCodeCache = state;

if (state !== 'accepted' && state !== 'off') {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    try {
      const partial = `${cacheFile}.${process.pid}.tmp`;
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, cacheFile);
      // Caches of earlier builds go.
      for (const name of fs.readdirSync(dir))
        if (/^server\.cjs\..*\.v8cache$/.test(name) && name !== cacheName) fs.rmSync(path.join(dir, name));
    } catch {
      // A read-only folder: every start compiles, as without a cache.
    }
  };
  setTimeout(write, 10_000).unref();
  process.once('exit', write);
}

const module = new Module(bundle);
module.filename = bundle;
const run = script.runInThisContext() as (
  exports: unknown,
  require: NodeJS.Require,
  module: Module,
  filename: string,
  dirname: string,
) => void;
run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dir);
