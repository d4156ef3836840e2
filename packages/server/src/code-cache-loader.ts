import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';

/**
 * The server's entry (dist/main.js): runs the bundled server (dist/server.cjs) with a V8 code
 * cache beside it, so a start after the first skips parsing and compiling most of the bundle
 * (what Node 22's module.enableCompileCache does, done here so Node 20 has it too).
 *
 * The cache is named by a hash of the bundle's bytes, taken by build.mjs and built into this file
 * (V8 itself compares only the source's length): a rebuild that changes the bundle never takes
 * an old cache, and one that does not (`npm start` builds each time) keeps it. The file starts
 * with a CRC-32 of what follows, checked before V8 sees it (V8's release builds check the header,
 * not the payload). It is written once the server listens, when this start found none it could
 * use: ten seconds later (the start's and first requests' functions are in it) or at a clean
 * exit, whichever is first; through a temporary file, so a reader never sees half of one. A
 * folder it cannot write to only costs the speed-up. CODE_CACHE=false starts without it.
 */
export type CodeCacheState = 'accepted' | 'rejected' | 'absent' | 'off';

declare const __BUNDLE_HASH__: string;

const dir = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(dir, 'server.cjs');
const cacheName = `server.cjs.${__BUNDLE_HASH__}.v8cache`;
const cacheFile = path.join(dir, cacheName);
const off = process.env.CODE_CACHE === 'false';

/** The V8 data of the cache file, or undefined when there is none or its checksum fails. */
function readCache(): { data: Buffer | undefined; damaged: boolean } {
  let file: Buffer;
  try {
    file = fs.readFileSync(cacheFile);
  } catch {
    return { data: undefined, damaged: false };
  }
  const data = file.subarray(4);
  return file.length > 4 && file.readUInt32LE(0) === zlib.crc32(data)
    ? { data, damaged: false }
    : { data: undefined, damaged: true };
}

const cached = off ? { data: undefined, damaged: false } : readCache();
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
  filename: bundle,
  cachedData: cached.data,
});
const state: CodeCacheState = off
  ? 'off'
  : cached.damaged || (cached.data && script.cachedDataRejected)
    ? 'rejected'
    : cached.data
      ? 'accepted'
      : 'absent';

function writeCache() {
  const partial = `${cacheFile}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(zlib.crc32(data));
    fs.writeFileSync(partial, Buffer.concat([crc, data]));
    fs.renameSync(partial, cacheFile);
  } catch {
    // A read-only folder: every start compiles, as without a cache.
    fs.rmSync(partial, { force: true });
    return;
  }
  // Caches made before this bundle was written are of earlier builds; a temporary file a minute
  // old was left by a process killed while writing.
  const built = fs.statSync(bundle).mtimeMs;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith('server.cjs.') || name === cacheName) continue;
    try {
      const made = fs.statSync(file).mtimeMs;
      if (
        (name.endsWith('.v8cache') && made < built) ||
        (name.endsWith('.tmp') && made < Date.now() - 60_000)
      )
        fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile (another process cleaning up).
    }
  }
}

/** Called by main.ts once the server listens: only then is a cache worth writing. */
function listening() {
  if (state === 'accepted' || state === 'off') return;
  let written = false;
  const once = () => {
    if (written) return;
    written = true;
    writeCache();
  };
  setTimeout(once, 10_000).unref();
  process.once('exit', (code) => {
    if (code === 0) once();
  });
}

// The server reads it when it listens (main.ts): it logs the state and calls listening().
(globalThis as { bugletCodeCache?: { state: CodeCacheState; listening: () => void } }).bugletCodeCache = {
  state,
  listening,
};

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
