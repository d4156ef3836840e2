import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { startServer, waitUp } from '../bench/server-process.ts';
import { showOpenPages } from './browser.ts';

/*
 * Every test file gets a server of its own (the built bundle, a fresh SQLite data folder, captcha
 * off), so files share no state: none depends on what an earlier file left, and files can run
 * side by side (vitest.config.ts says how many).
 */
// Every file registers its own people, and each test signs its own in, from this one address;
// the defaults (5 registrations and 30 sign-ins a minute) are for strangers, not a test run.
// The e2e-postgres project (vitest.config.ts) runs its files once more on a PostgreSQL database
// of their own, made empty here and dropped afterwards.
const database = process.env.E2E_DATABASE === 'postgres' ? await freshDatabase() : undefined;
const server = await startServer({
  REGISTER_RATE_PER_MINUTE: '1000',
  SIGN_IN_RATE_PER_MINUTE: '1000',
  ...(database ? { DATABASE_URL: database.url } : {}),
});
// Should the worker be ended before the file's hooks run (a timed-out run), the server goes too.
process.once('exit', () => server.child.kill('SIGKILL'));
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await showOpenPages(task.name);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  await database?.drop();
});
// A server that exits (a taken port, an unreachable database) fails the file at once.
await waitUp(server.url, 25, server.child);
// If files start side by side and this server lost its port to another's, the answer came from the
// other server, and this one has exited.
await new Promise((r) => setTimeout(r, 100));
if (server.child.exitCode !== null)
  throw new Error(`the e2e server exited (${server.child.exitCode}) at start`);
process.env.E2E_BASE_URL = server.url;

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the e2e-postgres project needs TEST_DATABASE_URL');
  const name = `buglet_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
