import type { Browser } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signInThroughDialog, test } from './support/fixtures.ts';
import {
  type OwnServer,
  seeDealsAndConversations,
  serviceWorkerPage,
  TRADER_WITH_DEALS,
  withOwnServer,
} from './support/own-server.ts';

test('Recytrade installs as an app, and the last seen deals and conversations stay readable offline', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The server goes away for real half-way: this journey has a server of its own.
  await withOwnServer(3400 + testInfo.workerIndex, (server) => offlineJourney(browser, server));
});

async function offlineJourney(browser: Browser, server: OwnServer) {
  const { context, page } = await serviceWorkerPage(browser, server);
  // Installable: a manifest with the name, a start page and icons, including a maskable one.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = await (await page.request.get(String(manifestHref))).json();
  expect(manifest).toMatchObject({ name: 'Recytrade', short_name: 'Recytrade', display: 'standalone' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);

  await signInThroughDialog(page, TRADER_WITH_DEALS, DEMO_PASSWORD);
  // Seen once online…
  const { deals, conversations } = await seeDealsAndConversations(page);

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
