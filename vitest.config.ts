import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const server = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['packages/server/**/*.test.ts', 'packages/contracts/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file builds its own app on its own database; sharing the loaded modules between files
    // halves the run (most of an isolated file's time is importing the server again).
    isolate: false,
  },
});

// The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Two files at a time: by default Vitest keeps a core free, and one file at a time left the
    // cores idle more than half of the run (much of it is waiting on PostgreSQL and on sockets).
    maxWorkers: 2,
    projects: [
      server('server-sqlite', { BUGLET_TEST_DB: 'sqlite' }),
      ...(pgUrl ? [server('server-postgres', { BUGLET_TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl })] : []),
      {
        test: {
          name: 'web',
          include: ['packages/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/test/jsdom-setup.ts'],
          // Rendering antd in jsdom takes seconds per test while the server suites share the cores.
          testTimeout: 15_000,
        },
        // The web build picks the sign-in page's texts (packages/web/vite.config.ts); tests get all.
        resolve: {
          alias: {
            'virtual:sign-in-texts': fileURLToPath(
              new URL('packages/web/test/sign-in-texts.ts', import.meta.url),
            ),
          },
        },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
