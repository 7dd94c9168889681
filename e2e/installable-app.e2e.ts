import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signInThroughDialog, test } from './support/fixtures.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';

/** A demo trader with deals and conversations (apps/server/src/demo/seed.ts). */
const TRADER = 'tom@polycycle.test';

async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first page load is not yet controlled; the next one goes through the worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('Recytrade installs as an app, and the last seen deals and conversations stay readable offline', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The server goes away for real half-way: this journey has a server of its own.
  const server = await startOwnServer(3400 + testInfo.workerIndex);
  try {
    await offlineJourney(browser, server);
  } finally {
    await server.stop();
  }
});

async function offlineJourney(browser: Browser, server: OwnServer) {
  // This journey is about the service worker itself, which the other journeys block.
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  // Installable: a manifest with the name, a start page and icons, including a maskable one.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = await (await page.request.get(String(manifestHref))).json();
  expect(manifest).toMatchObject({ name: 'Recytrade', short_name: 'Recytrade', display: 'standalone' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);

  await serviceWorkerReady(page);
  await signInThroughDialog(page, TRADER, DEMO_PASSWORD);
  const deals = (await (await page.request.get('/api/deals')).json()).deals as Array<{
    listingTitle: string;
  }>;
  const conversations = (await (await page.request.get('/api/conversations')).json()).items as Array<{
    otherParticipant: { name: string };
  }>;
  expect(deals.length).toBeGreaterThan(0);
  expect(conversations.length).toBeGreaterThan(0);

  // Seen once online…
  await page.goto('/deals');
  await expect(page.getByText(deals[0].listingTitle).first()).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByText(conversations[0].otherParticipant.name).first()).toBeVisible();

  // …and readable with the server gone, marked as a copy.
  await server.stop();
  await page.goto('/deals');
  await expect(
    page.getByText(/^You are offline\. Deals and conversations show what you last saw/),
  ).toBeVisible();
  await expect(page.getByText(deals[0].listingTitle).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/messages');
  await expect(page.getByText(conversations[0].otherParticipant.name).first()).toBeVisible();

  // A page that needs the network shows the offline page, with the way to what is readable.
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My deals' })).toHaveAttribute('href', '/deals');
  await expectAccessible(page);
  await context.close();
}
