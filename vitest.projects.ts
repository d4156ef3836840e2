import { fileURLToPath } from 'node:url';
import { configDefaults } from 'vitest/config';

/** The test projects `vitest.config.ts` runs, shared with the mutation run's `vitest.mutation.config.ts`. */

export const SERVER_TESTS = ['packages/server/**/*.test.ts', 'packages/contracts/**/*.test.ts'];

/** The API suite on one database; `exclude` leaves more files out than Vitest's defaults. */
export const serverProject = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
  include = SERVER_TESTS,
) => ({
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node' as const,
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file builds its own app on its own database; sharing the loaded modules between files
    // halves the run (most of an isolated file's time is importing the server again).
    isolate: false,
  },
});

/** The web client's tests in jsdom (`include`: all of them unless told). */
export const webProject = (include = ['packages/web/test/**/*.test.{ts,tsx}']) => ({
  test: {
    name: 'web',
    include,
    environment: 'jsdom' as const,
    setupFiles: ['packages/web/test/jsdom-setup.ts'],
    // Rendering antd in jsdom takes seconds per test while the server suites share the cores.
    testTimeout: 15_000,
  },
  // The web build picks the sign-in page's texts (packages/web/vite.config.ts); tests get all.
  resolve: {
    alias: {
      'virtual:sign-in-texts': fileURLToPath(new URL('packages/web/test/sign-in-texts.ts', import.meta.url)),
    },
  },
  esbuild: { jsx: 'automatic' as const },
});
