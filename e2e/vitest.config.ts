import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A page reload or a lazy chunk can take more than the default second on a busy CI machine.
    expect: { poll: { timeout: 5_000 } },
  },
});
