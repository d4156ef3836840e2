import type { TestProject } from 'vitest/node';
import { startServer } from '../bench/server-process.ts';

/** One real server (built bundle, fresh SQLite data folder, captcha off) for the whole run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
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
