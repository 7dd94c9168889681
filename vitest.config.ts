import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'packages/shared/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // One database per worker, created once and truncated between tests (see test/test-database.ts).
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['apps/server/test/setup.ts'],
  },
});
