import { defineConfig } from 'vitest/config';

/**
 * The crash test, whose hundred writers load the machine: it runs after the others, with the
 * machine to itself. No file times the product (how soon is the bench's budget, bench/budget.json).
 */
const ALONE = ['tests/crash-safety.e2e.ts'];
/**
 * Files that start servers of their own (ALONE's too) get no shared one from setup-server.ts: a
 * file whose tests are all skipped (two instances without TEST_REDIS_URL) runs no afterAll, and
 * left that server running after the run.
 */
const OWN_SERVERS = ['tests/instances.e2e.ts'];
const WITH_SERVER = { setupFiles: ['./setup-server.ts'] };
/**
 * The flows run once more on PostgreSQL (setup-server.ts makes each file a database) when
 * TEST_DATABASE_URL is set (as in CI), unless E2E_POSTGRES=0: the defect workflow and list and a
 * plan's run, the flows whose SQL differs most between the two. Every route's SQL runs on both
 * databases in the unit tests already; the cases' and notices' flows (their notices live in the
 * server's memory) were dropped from this second pass to keep CI inside its 20 minutes on the
 * slower machines it meets (a full pass measured 1,541 s on one of them).
 */
const ON_POSTGRES = ['tests/defects.e2e.ts', 'tests/plans.e2e.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file has its own server (setup-server.ts), so two files run side by side (12 min down
    // to 5–8). Their pages wait up to WAIT_MS (browser.ts) for what a loaded machine can be slow
    // to show; the crash test below runs alone after them.
    maxWorkers: 2,
    // A page reload or a lazy chunk can take more than the default second on a busy CI machine.
    expect: { poll: { timeout: 5_000 } },
    // A failed test runs once more before it fails the run: on a loaded machine one file in a full
    // run (a different one each time, each passing alone) missed a click or a toast. The run's
    // report marks a test that needed its second go; one that fails twice fails CI.
    retry: 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.ts'],
          exclude: [...ALONE, ...OWN_SERVERS],
          ...WITH_SERVER,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'e2e-own-servers', include: OWN_SERVERS, sequence: { groupOrder: 0 } },
      },
      ...(process.env.E2E_POSTGRES !== '0' && process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'e2e-postgres',
                include: ON_POSTGRES,
                ...WITH_SERVER,
                env: { E2E_DATABASE: 'postgres' },
                sequence: { groupOrder: 0 },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: { name: 'e2e-alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
