// Bundles the server, its workspace packages and its npm dependencies into one CommonJS file
// (dist/server.cjs): one file to read at start-up instead of hundreds (start-up time is a tracked
// figure). dist/main.js, the entry, runs it with a V8 code cache (src/code-cache-loader.ts), which
// Node 20 offers only for a script, hence CommonJS. Native or optional modules stay external and
// load from node_modules, as do the large packages the code loads only when first used (Excel,
// mail, HTML cleaning, zip, PostgreSQL, Redis), so start-up neither reads nor caches them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: ['better-sqlite3', 'pg-native', '@node-rs/bcrypt'],
  // CommonJS dependencies inside an ES module still need `require` for Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

const result = await build({
  entryPoints: { server: 'src/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external: [
    'better-sqlite3',
    'pg-native',
    '@node-rs/bcrypt',
    'exceljs',
    'nodemailer',
    'sanitize-html',
    'jszip',
    'pg',
    'ioredis',
  ],
  define: { 'import.meta.url': '__importMetaUrl' },
  // import() of an external package becomes a require() on first use: a vm script (the code
  // cache loader) would need Node's experimental loader hook for a real import().
  supported: { 'dynamic-import': false },
  // "use strict" first: in front of the banner esbuild's own directive would no longer count, and
  // the bundle (ES modules until it is bundled) would run in sloppy mode.
  banner: {
    js: "'use strict';\nconst __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  metafile: true,
  logLevel: 'warning',
});
// The entry carries the bundle's hash: its code cache is named by it (code-cache-loader.ts).
const bundleHash = createHash('sha256').update(fs.readFileSync('dist/server.cjs')).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: { main: 'src/code-cache-loader.ts' },
  define: { __BUNDLE_HASH__: JSON.stringify(bundleHash) },
});
// The data commands (`npm run backup`, `npm run restore`, `npm run rotate-secret-key`) build apart,
// one file each: they share no chunk with the server, so its start-up reads nothing of theirs.
await build({
  ...common,
  entryPoints: {
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'rotate-secret-key': 'src/cli/rotate-key.ts',
  },
});

// Chunks of earlier builds go, once old enough that no server started from them still loads one.
const made = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(f)));
const hourAgo = Date.now() - 3_600_000;
for (const name of fs.readdirSync('dist')) {
  const file = path.resolve('dist', name);
  if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && !made.has(file) && fs.statSync(file).mtimeMs < hourAgo) {
    fs.rmSync(file);
  }
}
