import type { TestProject } from 'vitest/node';
import { startServer } from '../bench/server-process.ts';

/** One real server (built bundle, fresh SQLite data folder, captcha off) for the whole run. */
export default async function setup(project: TestProject) {
  // Every file registers its own people from this one address; the default (5 a minute) is for
  // strangers, not a test run.
  const server = await startServer({ REGISTER_RATE_PER_MINUTE: '1000' });
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`${server.url}/captchaImage`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  project.provide('baseUrl', server.url);
  return async () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
