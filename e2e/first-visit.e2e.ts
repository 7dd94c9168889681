import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/** The API reads the page makes itself, as "GET /api/…?query". */
function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
      reads.push(`GET ${url.pathname}${url.search}`);
  });
  return reads;
}

test("a visitor's first visit shows the marketplace and a listing from the page the server sent, without waiting for the API", async ({
  page,
  request,
}) => {
  const { items } = (await (await request.get('/api/listings?page=1&limit=20')).json()) as {
    items: { id: string; title: string; isFeatured: boolean }[];
  };
  // A featured demo listing: journeys running alongside add, hide and sell their own listings.
  const first = items.find((item) => item.isFeatured);
  if (!first) throw new Error('The demo marketplace has no featured listing');

  const reads = recordApiReads(page);
  await page.goto('/marketplace');
  await expect(page.getByRole('link', { name: first.title }).first()).toBeVisible();
  // Who is looking, the platform's switches and the first page of listings came with the page.
  expect(reads.filter((r) => /^GET \/api\/(me|settings\/platform|listings\?)/.test(r))).toEqual([]);
  await expectAccessible(page);

  // A later search is the browser's own read.
  await page.getByLabel('Search listings').fill(first.title);
  await expect.poll(() => reads.some((r) => r.startsWith('GET /api/listings?q='))).toBe(true);

  const listingReads = recordApiReads(page);
  await page.goto(`/listings/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  expect(listingReads.filter((r) => r.startsWith(`GET /api/listings/${first.id}`))).toEqual([]);
  await expectAccessible(page);
});

test('the public pages and a form load without breaking the content security policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.log(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  for (const path of ['/', '/marketplace', '/market', '/contact']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The contact form parses with zod, which must not probe `new Function` under the CSP.
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
