// Bundles the server, its workspace packages and its npm dependencies into one ESM file: one
// file to read at start-up instead of hundreds (start-up time is a tracked figure). Native or
// optional modules stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
});
