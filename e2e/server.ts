import { it } from 'vitest';

/** The address of this test file's own server, started by setup-server.ts before the file loads. */
export function e2eUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('no e2e server: run the files through e2e/vitest.config.ts');
  return url;
}

/** This file's server runs on PostgreSQL (the e2e-postgres project of vitest.config.ts). */
export const ON_POSTGRES = process.env.E2E_DATABASE === 'postgres';

/**
 * A test of what happens in the browser and the server's memory only (who is online, who is
 * looking, the English texts): the same on either database, so it runs in the SQLite pass only,
 * and shows as skipped in the PostgreSQL one.
 */
export const itOnce = ON_POSTGRES ? it.skip : it;
