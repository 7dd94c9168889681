import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = `/tmp/recytrade-e2e-${port}`;
// The journeys run against the built app and a fresh database: PGlite by default, PostgreSQL with E2E_DATABASE_URL.
const databaseEnv = process.env.E2E_DATABASE_URL ? `DATABASE_URL=${process.env.E2E_DATABASE_URL} ` : '';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Journeys see every request (page.route); the installable-app journey allows the worker itself.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The journeys share one server and run in parallel; the platform switches (maintenance mode) would
  // lock every other journey out, so their file runs alone, after the others. To run only that file:
  // `npx playwright test e2e/system-settings.e2e.ts --no-deps` (without --no-deps the journeys run first).
  projects: [
    { name: 'journeys', testIgnore: /system-settings\.e2e\.ts/ },
    { name: 'platform-switches', testMatch: /system-settings\.e2e\.ts/, dependencies: ['journeys'] },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && ${databaseEnv}PORT=${port} DATA_DIR=${dataDir} LOG_LEVEL=warn AUTH_RATE_LIMIT_PER_MINUTE=1000 node apps/server/src/server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
