import type { Browser, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInByApi,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';
import {
  type OwnServer,
  seeDealsAndConversations,
  serviceWorkerPage,
  TRADER_WITH_DEALS,
  withOwnServer,
} from './support/own-server.ts';

/** The paths the service worker keeps copies of for this origin (none when the cache is gone). */
async function privateCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('recytrade-private'))) return [];
    const cache = await caches.open('recytrade-private');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

test('a session an administrator ended takes the offline copies of its deals and conversations with it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The server goes away for real at the end: this journey has a server of its own.
  await withOwnServer(3500 + testInfo.workerIndex, (server) => endedSessionJourney(browser, server));
});

async function endedSessionJourney(browser: Browser, server: OwnServer) {
  const { context, page } = await serviceWorkerPage(browser, server);
  await signInThroughDialog(page, TRADER_WITH_DEALS, DEMO_PASSWORD);

  // The trader's deals and conversations, seen once online, are kept for reading offline.
  const { deals } = await seeDealsAndConversations(page);
  await expect
    .poll(() => privateCopies(page))
    .toEqual(expect.arrayContaining(['/api/deals', '/api/conversations']));

  // A page without the app's code, still under the service worker: the worker alone must react.
  await page.goto('/offline.html');
  expect(await privateCopies(page)).toContain('/api/deals');

  // An administrator ends the trader's session.
  const adminContext = await browser.newContext({ baseURL: server.baseURL });
  await signInByApi(adminContext.request, server.baseURL, DEMO_ADMIN, DEMO_PASSWORD);
  const overview = await (await adminContext.request.get('/api/admin/security/overview')).json();
  const session = (overview.sessions as Array<{ id: string; email: string }>).find(
    (s) => s.email === TRADER_WITH_DEALS,
  );
  if (!session) throw new Error(`No live session of ${TRADER_WITH_DEALS}`);
  const ended = await adminContext.request.post(`/api/admin/security/sessions/${session.id}/end`, {
    headers: { origin: server.baseURL },
    data: {},
  });
  expect(ended.status()).toBe(204);
  await adminContext.close();

  // The next private request through the worker is answered 401: the copies go at once.
  expect(await page.evaluate(() => fetch('/api/deals').then((res) => res.status))).toBe(401);
  await expect.poll(() => privateCopies(page)).toEqual([]);

  // Offline, the ended session's deals are no longer served from a copy.
  await server.stop();
  const offlineDeals = await page.evaluate(() =>
    fetch('/api/deals').then(
      (res) => ({ status: res.status, copy: res.headers.get('x-recytrade-offline-copy') }),
      () => 'unreachable' as const,
    ),
  );
  expect(offlineDeals).toBe('unreachable');
  await page.goto('/deals');
  await expect(page.getByText(deals[0].listingTitle)).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
}
