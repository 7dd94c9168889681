import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from './support/fixtures.ts';

const OPERATIONS = [
  { method: 'POST', path: '/api/v1/auth/token', auth: 'none' },
  { method: 'GET', path: '/api/v1/auth/verify', auth: 'Bearer token' },
  { method: 'GET', path: '/api/v1/listings', auth: 'Bearer token' },
  { method: 'POST', path: '/api/v1/listings', auth: 'Bearer token' },
  { method: 'PUT', path: '/api/v1/listings/{id}', auth: 'Bearer token' },
  { method: 'GET', path: '/api/v1/companies/{id}/reputation', auth: 'Bearer token' },
  { method: 'GET', path: '/api/v1/companies/{id}/reviews', auth: 'Bearer token' },
] as const;

test('a visitor reads the API documentation, downloads the OpenAPI document and the SDK', async ({
  page,
}) => {
  await page.goto('/api');
  await page.getByRole('link', { name: 'View Documentation' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  await expect(page).toHaveTitle('API Documentation · Recytrade');

  // Every operation, with its method, path and whether it needs a token.
  for (const { method, path, auth } of OPERATIONS) {
    const heading = page.getByRole('heading', { level: 3, name: `${method} ${path}`, exact: true });
    await expect(heading).toBeVisible();
    const section = page.getByRole('region', { name: `${method} ${path}`, exact: true });
    await expect(section.getByText(`Authentication: ${auth}`)).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Example request' })).toBeVisible();
  }
  const create = page.getByRole('region', { name: 'POST /api/v1/listings', exact: true });
  await expect(
    create.getByRole('table', { name: 'Request body fields of POST /api/v1/listings' }),
  ).toBeVisible();
  await expect(create.getByRole('heading', { name: /^201/ })).toBeVisible();
  await expect(create.getByRole('heading', { name: /^429 Rate limit exceeded/ })).toBeVisible();

  // The table of contents jumps to an operation.
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'PUT /api/v1/listings/{id}' })
    .click();
  await expect(page).toHaveURL(/#put-api-v1-listings-id$/);
  await expectAccessible(page);

  const documentDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download openapi.json' }).click();
  const document = JSON.parse(await readFile(await (await documentDownload).path(), 'utf8'));
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toHaveLength(6);

  await page.getByRole('link', { name: 'TypeScript SDK' }).click();
  await expect(page).toHaveURL(/\/api\/sdk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API SDK' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Another language' })).toBeVisible();
  await expectAccessible(page);

  const clientDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download client' }).click();
  const client = await readFile(await (await clientDownload).path(), 'utf8');
  expect(client).toContain('export class RecytradeClient');
  const typesDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'recytrade-api.d.ts' }).click();
  expect(await readFile(await (await typesDownload).path(), 'utf8')).toContain("'/api/v1/listings/{id}'");
});

test('the SDK page is reached from Download SDK on /api and reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/api');
  await page.getByRole('link', { name: 'Download SDK' }).click();
  await expect(page).toHaveURL(/\/api\/sdk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API SDK' })).toBeVisible();
  await expectAccessible(page);

  // A link to one operation lands on it once the document has loaded.
  await page.goto('/api/docs#put-api-v1-listings-id');
  await expect(
    page.getByRole('heading', { level: 3, name: 'PUT /api/v1/listings/{id}', exact: true }),
  ).toBeInViewport();
  // Nothing but the scrollable tables and code samples is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
