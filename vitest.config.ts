import { defineConfig } from 'vitest/config';
import { serverProject, webProject } from './vitest.projects.ts';

// The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Two files at a time: by default Vitest keeps a core free, and one file at a time left the
    // cores idle more than half of the run (much of it is waiting on PostgreSQL and on sockets).
    maxWorkers: 2,
    projects: [
      serverProject('server-sqlite', { BUGLET_TEST_DB: 'sqlite' }),
      ...(pgUrl
        ? [serverProject('server-postgres', { BUGLET_TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl })]
        : []),
      webProject(),
    ],
  },
});
