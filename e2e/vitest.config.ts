import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    setupFiles: ['./setup-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file has its own server (setup-server.ts), so files run side by side: two at a time
    // nearly halve the run (one at a time left the cores idle much of it; three overloaded them
    // until the timed checks failed).
    maxWorkers: 2,
    // A page reload or a lazy chunk can take more than the default second on a busy CI machine.
    expect: { poll: { timeout: 5_000 } },
  },
});
