import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): the API suite on SQLite
 * and the web's Markdown tests. Stryker runs one file at a time per process and picks, for each
 * mutant, the tests that ran its code in the first, unmutated run.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: ['packages/server/**/*.test.ts'],
          environment: 'node',
          env: { BUGLET_TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/test/markdown*.test.{ts,tsx}', 'packages/web/test/documents.test.ts'],
          environment: 'jsdom',
          setupFiles: ['packages/web/test/jsdom-setup.ts'],
          testTimeout: 15_000,
        },
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
