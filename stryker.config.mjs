// `npm run test:mutation` (scripts/mutation.mjs): StrykerJS changes the code that guards people's
// data and the product's rules, one small change (a mutant) at a time, and runs the tests that
// reach it; a mutant no test notices "survives". Not part of `npm test` (it takes long). The modules
// come in groups, each judged by its own tests (scripts/mutation-groups.mjs); a group's second run
// only tests what changed since its first. Reports: reports/mutation/<group>.html and .json.
import { currentGroup } from './scripts/mutation-groups.mjs';

const group = currentGroup();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [...group.mutate, '!**/*.test.ts'],
  // Root folders only (gitignore syntax): a bare 'reports' also left out features/reports/.
  ignorePatterns: ['/e2e', '/bench', '/reports', '/docs', '/data', '**/dist', '/packages/web/public'],
  incremental: true,
  incrementalFile: `reports/mutation/${group.name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${group.name}.html` },
  jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  concurrency: 2,
  // A mutant in code that runs once, as a module loads (a constant such as a limit), can only be
  // judged by the whole suite, three minutes a mutant here: such mutants are listed as ignored.
  ignoreStatic: true,
  timeoutMS: 30_000,
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
