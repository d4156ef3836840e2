/** The address of this test file's own server, started by setup-server.ts before the file loads. */
export function e2eUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('no e2e server: run the files through e2e/vitest.config.ts');
  return url;
}

/** This file's server runs on PostgreSQL (the e2e-postgres project of vitest.config.ts). */
export const ON_POSTGRES = process.env.E2E_DATABASE === 'postgres';
