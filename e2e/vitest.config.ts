import { defineConfig } from 'vitest/config';

/**
 * Files that time the product ("a notice within a second"), and the crash test whose hundred
 * writers load the machine: they run one at a time after the others, with the machine to
 * themselves, so no file's load fails another's timed check.
 */
const TIMED = [
  'tests/notices.e2e.ts',
  'tests/home.e2e.ts',
  'tests/instances.e2e.ts',
  'tests/crash-safety.e2e.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['./setup-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file has its own server (setup-server.ts), so files could run side by side: two at a
    // time took 12.8 min down to 8 here, but a loaded machine overran a wait in one file of every
    // full run. One at a time until those waits are understood.
    maxWorkers: 1,
    // A page reload or a lazy chunk can take more than the default second on a busy CI machine.
    expect: { poll: { timeout: 5_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/**/*.e2e.ts'], exclude: TIMED, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'e2e-timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
