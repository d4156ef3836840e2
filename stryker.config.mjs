// `npm run test:mutation`: StrykerJS changes the code that guards people's data and the product's
// rules, one small change (a mutant) at a time, and runs the tests that reach it; a mutant no test
// notices "survives". Not part of `npm test` (it takes long); the second run only tests what changed
// since the first (reports/mutation/incremental.json). Report: reports/mutation/index.html.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'packages/server/src/access/*.ts',
    'packages/server/src/features/depts/data-scope.ts',
    'packages/server/src/features/defects/defect-workflow.ts',
    'packages/server/src/features/open-api/api-key.ts',
    'packages/server/src/features/open-api/api-key.auth.ts',
    'packages/server/src/features/open-api/api-key.caller.ts',
    'packages/server/src/lib/outbound.ts',
    'packages/server/src/lib/outbound-address.ts',
    'packages/server/src/lib/markdown.ts',
    'packages/web/src/lib/markdown.ts',
    'packages/server/src/features/defects/share-passwords.ts',
    'packages/server/src/features/defects/defect-shares.routes.ts',
    'packages/server/src/features/session/login-guard.ts',
    '!**/*.test.ts',
  ],
  // Root folders only (gitignore syntax): a bare 'reports' also left out features/reports/.
  ignorePatterns: ['/e2e', '/bench', '/reports', '/docs', '/data', '**/dist', '/packages/web/public'],
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
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
