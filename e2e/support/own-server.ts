import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';

export type OwnServer = { baseURL: string; stop(): Promise<void> };

/**
 * A server of the journey's own, on the embedded database with the demo data, for a journey that must
 * really lose it: Chromium's offline emulation does not reach a service worker's own requests, and
 * stopping the shared server would fail every other journey.
 */
export async function startOwnServer(port: number): Promise<OwnServer> {
  const dataDir = `/tmp/recytrade-e2e-own-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The journey's own server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseURL}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('The journey’s own server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a journey against a server of its own, stopped afterwards whatever happens. */
export async function withOwnServer(port: number, journey: (server: OwnServer) => Promise<void>) {
  const server = await startOwnServer(port);
  try {
    await journey(server);
  } finally {
    await server.stop();
  }
}

/**
 * A page whose requests go through the service worker, which the other journeys block: the first load
 * installs it, the next one is controlled by it.
 */
export async function serviceWorkerPage(browser: Browser, server: OwnServer) {
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return { context, page };
}

/** A demo trader with deals and conversations (apps/server/src/demo/seed.ts). */
export const TRADER_WITH_DEALS = 'tom@polycycle.test';

/**
 * Opens the signed-in trader's deals and conversations once online, so the service worker keeps
 * their copies, and answers what they showed.
 */
export async function seeDealsAndConversations(page: Page) {
  const deals = (await (await page.request.get('/api/deals')).json()).deals as Array<{
    listingTitle: string;
  }>;
  const conversations = (await (await page.request.get('/api/conversations')).json()).items as Array<{
    otherParticipant: { name: string };
  }>;
  expect(deals.length).toBeGreaterThan(0);
  expect(conversations.length).toBeGreaterThan(0);
  await page.goto('/deals');
  await expect(page.getByText(deals[0].listingTitle).first()).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByText(conversations[0].otherParticipant.name).first()).toBeVisible();
  return { deals, conversations };
}
