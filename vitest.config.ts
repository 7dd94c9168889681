import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { parsePublicEnv } from './apps/web/build/public-env.ts';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          // One database per worker, created once and truncated between tests (see test/test-database.ts).
          isolate: false,
          fileParallelism: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        // The web's components in jsdom with Testing Library; requests go to a stubbed fetch
        // (apps/web/src/testing/mock-api.ts), so no server or database is involved.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // What the build compiles in (apps/web/vite.config.ts), with its defaults.
          env: parsePublicEnv({}),
          testTimeout: 15_000,
        },
      },
    ],
  },
});
