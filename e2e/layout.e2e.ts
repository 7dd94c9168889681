import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  signInByApi,
  test,
} from './support/fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The marketplace's listings: each list item with a title heading (cards or rows). */
const listingItems = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

/** How many of the items show their title and price inside the viewport without scrolling. */
async function itemsInView(page: Page, items: Locator) {
  const height = page.viewportSize()?.height ?? 0;
  let visible = 0;
  for (const item of await items.all()) {
    const title = await item.getByRole('heading').boundingBox();
    const price = await item.getByText(/^\$[\d,.]+ \/ /).boundingBox();
    if (title && price && title.y >= 0 && price.y + price.height <= height) visible += 1;
  }
  return visible;
}

/** The viewport as it is, attached to the report for a look. */
async function attachView(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize();
  await testInfo.attach(`${name}-${size?.width}`, {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a phone the first lot shows without scrolling and the filters open from one button', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await page.goto('/marketplace');
  const items = listingItems(page);
  await expect(items.first()).toBeVisible();
  const first = await items.first().boundingBox();
  expect(first?.y).toBeLessThan(PHONE.height - 200);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The row of filters is gone: type and category live in the sheet.
  await expect(page.getByLabel('Category', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await attachView(page, testInfo, 'marketplace');

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Category', { exact: true }).selectOption('plastics');
  await expect(page).toHaveURL(/category=plastics/);
  await expect(sheet.getByLabel('Grade', { exact: true })).toBeVisible();
  await sheet.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expectAccessible(page);
  await attachView(page, testInfo, 'marketplace-filters');
  await sheet.getByRole('button', { name: 'Show Results' }).click();
  await expect(sheet).toBeHidden();

  // Two filters on: the button says so, and every lot is a plastics lot, dearest first.
  await expect(page.getByRole('button', { name: 'Filters (2 active)' })).toBeVisible();
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasNot: page.getByText('Plastics') })).toHaveCount(0);

  // Reset keeps the search and clears the rest.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await sheet.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/category=/);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
});

test('at 1280 px six lots show at once; the list view is remembered after a reload', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/marketplace');
  const items = listingItems(page);
  // The first page of twenty, however busy the server.
  await expect(page.getByText(/^Showing 20 of/)).toBeVisible({ timeout: 20_000 });
  await expect(items.nth(5)).toBeVisible();
  expect(await itemsInView(page, items)).toBeGreaterThanOrEqual(6);
  const grid = page.getByRole('button', { name: 'Grid view' });
  const list = page.getByRole('button', { name: 'List view' });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await attachView(page, testInfo, 'marketplace-grid');

  await list.click();
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(grid).toHaveAttribute('aria-pressed', 'false');
  await expect(items.first()).toBeVisible();
  expect(await itemsInView(page, items)).toBeGreaterThanOrEqual(6);
  await expectAccessible(page);
  await attachView(page, testInfo, 'marketplace-list');

  await page.reload();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  // The list keeps every card's actions: the visitor's message button asks to sign in.
  await items.first().getByRole('button', { name: 'Message seller' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await expect(items.first()).toBeVisible();
  await attachView(page, testInfo, 'marketplace-list');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
});

test('toasts never cover the header: its badges and the Account menu', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInByApi(page.request, String(baseURL), DEMO_TRADER, DEMO_PASSWORD);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Returning from a cancelled contact-fee checkout shows a toast.
    await page.goto('/messages?contact=cancelled');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Payment cancelled' });
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    // Measured once it has slid in, within its five seconds on screen.
    await page.waitForTimeout(500);
    const toastBox = await toast.boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    await attachView(page, testInfo, 'toast');
    if (!toastBox || !headerBox) throw new Error('toast or header not laid out');
    expect(overlaps(toastBox, headerBox), 'the toast overlaps the header').toBe(false);
    if (size === DESKTOP) {
      const account = await page.getByRole('button', { name: 'Account' }).boundingBox();
      if (!account) throw new Error('no Account button');
      expect(overlaps(toastBox, account), 'the toast overlaps the Account menu').toBe(false);
    }
    await expectAccessible(page);
  }
});

test('/messages without conversations explains how to start one, in a box sized to its text', async ({
  page,
  baseURL,
}, testInfo) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'quiet');
  await signInByApi(page.request, String(baseURL), account.email, account.password);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/messages');
    const empty = page
      .getByRole('main')
      .locator('div', { has: page.getByText('No conversations yet') })
      .last();
    await expect(empty).toBeVisible();
    await expect(page.getByText('Open a listing and choose Message seller')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Marketplace' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Company Directory' })).toBeVisible();
    const box = await empty.boundingBox();
    expect(box?.height).toBeLessThan(420);
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0);
    await expectAccessible(page);
    await attachView(page, testInfo, 'messages-empty');
  }
});

test('/messages with no conversation open is as tall as the list, not a screen-high blank box', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInByApi(page.request, String(baseURL), DEMO_TRADER, DEMO_PASSWORD);
  await page.setViewportSize(DESKTOP);
  await page.goto('/messages');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(page.getByText('Select a conversation')).toBeVisible();
  const box = await nav.locator('..').boundingBox();
  const listHeight = await nav.evaluate((el) => el.scrollHeight);
  if (!box) throw new Error('no conversations box');
  // The box holds the list (or the short prompt beside it) and ends within the screen.
  expect(box.height).toBeLessThanOrEqual(Math.max(listHeight, 288) + 2);
  expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
  await expectAccessible(page);
  await attachView(page, testInfo, 'messages-select');
});

test('every blog card has its own cover', async ({ page }, testInfo) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/blog');
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.nth(5)).toBeVisible();
    const covers = new Set<string>();
    const count = Math.min(await cards.count(), 6);
    for (let i = 0; i < count; i++) {
      const cover = cards.nth(i).locator('img, [aria-hidden="true"]').first();
      covers.add((await cover.screenshot({ animations: 'disabled' })).toString('base64'));
    }
    expect(covers.size, 'distinct covers among the first cards').toBe(count);
    await expectAccessible(page);
    await attachView(page, testInfo, 'blog');
  }
});

test('the admin companies table keeps every email whole', async ({ page, baseURL }, testInfo) => {
  await signInByApi(page.request, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/admin/companies?status=all');
    // The table on wide screens, a card per company on a phone: the one on show.
    const email = page.getByTitle('maria@greenloop-metals.test', { exact: true }).filter({ visible: true });
    await expect(email).toBeVisible();
    await email.scrollIntoViewIfNeeded();
    const style = await email.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        wordBreak: s.wordBreak,
        overflowWrap: s.overflowWrap,
        whiteSpace: s.whiteSpace,
        textOverflow: s.textOverflow,
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(s.lineHeight)),
      };
    });
    // One line, cut with an ellipsis when too long, never broken inside a word.
    expect(style).toEqual({
      wordBreak: 'normal',
      overflowWrap: 'normal',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      lines: 1,
    });
    await expectAccessible(page);
    await attachView(page, testInfo, 'admin-companies');
  }
});
