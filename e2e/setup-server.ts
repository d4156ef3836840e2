import fs from 'node:fs';
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
const server = await startServer({ REGISTER_RATE_PER_MINUTE: '1000', SIGN_IN_RATE_PER_MINUTE: '1000' });
// Should the worker be ended before the file's hooks run (a timed-out run), the server goes too.
process.once('exit', () => server.child.kill('SIGKILL'));
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await showOpenPages(task.name);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});
await waitUp(server.url);
// If files start side by side and this server lost its port to another's, the answer came from the
// other server, and this one has exited.
await new Promise((r) => setTimeout(r, 100));
if (server.child.exitCode !== null)
  throw new Error(`the e2e server exited (${server.child.exitCode}) at start`);
process.env.E2E_BASE_URL = server.url;
