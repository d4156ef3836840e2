import { defineConfig } from 'vitest/config';
import { currentGroup } from './scripts/mutation-groups.mjs';
import { serverProject, webProject } from './vitest.projects.ts';

/**
 * The tests Stryker runs against each mutant of one group (`npm run test:mutation`, groups in
 * scripts/mutation-groups.mjs): the group's server tests on SQLite and its web tests. Stryker picks,
 * for each mutant, the tests that ran its code in the first, unmutated run.
 */
const tests = currentGroup().tests;
const isWeb = (glob: string) => glob.startsWith('packages/web/');
const server = tests.filter((glob) => !isWeb(glob));
const web = tests.filter(isWeb);

export default defineConfig({
  test: {
    projects: [
      ...(server.length > 0
        ? [serverProject('server-sqlite', { BUGLET_TEST_DB: 'sqlite' }, [], server)]
        : []),
      ...(web.length > 0 ? [webProject(web)] : []),
    ],
  },
});
