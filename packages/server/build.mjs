// Bundles the server, its workspace packages and its npm dependencies into one ESM file: one
// file to read at start-up instead of hundreds (start-up time is a tracked figure). Native or
// optional modules stay external and load from node_modules. What the code loads with a dynamic
// import() (Excel, mail, Redis, PostgreSQL, Markdown…) goes to chunk files beside it, read only
// when first used, so start-up does not parse them.
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
  external: ['better-sqlite3', 'pg-native'],
  // CommonJS dependencies inside an ES module still need `require` for Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

const result = await build({
  ...common,
  entryPoints: { main: 'src/main.ts' },
  splitting: true,
  metafile: true,
});

// The data commands (`npm run backup`, `npm run restore`) build apart, one file each: they share
// no chunk with the server, so its start-up reads nothing of theirs.
await build({ ...common, entryPoints: { backup: 'src/cli/backup.ts', restore: 'src/cli/restore.ts' } });

// Chunks of earlier builds go, once old enough that no server started from them still loads one.
const made = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(f)));
const hourAgo = Date.now() - 3_600_000;
for (const name of fs.readdirSync('dist')) {
  const file = path.resolve('dist', name);
  if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && !made.has(file) && fs.statSync(file).mtimeMs < hourAgo) {
    fs.rmSync(file);
  }
}
