import { defineConfig } from 'vitest/config';
import { serverProject, webProject } from './vitest.projects.ts';

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): the API suite on SQLite
 * and the web's Markdown tests. Stryker runs one file at a time per process and picks, for each
 * mutant, the tests that ran its code in the first, unmutated run.
 */
export default defineConfig({
  test: {
    projects: [
      // Left out: tests that start the server or a command as a process of its own (Stryker's copy
      // of the code is not what those processes load), and the one that reads the original's spec
      // beside the repository; none reaches the modules mutated here.
      serverProject('server-sqlite', { BUGLET_TEST_DB: 'sqlite' }, [
        'packages/server/test/process.test.ts',
        'packages/server/src/cli/*.test.ts',
        'packages/server/src/http/endpoint-coverage.test.ts',
      ]),
      webProject(['packages/web/test/markdown*.test.{ts,tsx}', 'packages/web/test/documents.test.ts']),
    ],
  },
});
