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
          // Tests that start the server or a command as a process of its own (Stryker's copy of the
          // code is not what those processes load), and the one that reads the original's spec
          // beside the repository: none reaches the modules mutated here.
          exclude: [
            'packages/server/test/process.test.ts',
            'packages/server/src/cli/*.test.ts',
            'packages/server/src/http/endpoint-coverage.test.ts',
          ],
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
