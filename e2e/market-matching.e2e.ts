import type { Page } from '@playwright/test';
import {
  attachScreenshots,
  createConfirmedAccount,
  expect,
  expectAccessible,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

type ListingInput = {
  title: string;
  type: 'buy' | 'sell';
  location: string;
  price: string;
  quantity: string;
};

/** Creates a Barley (bare bright copper) listing in metric tonnes through the dashboard's Create Listing dialog. */
async function createBarleyListing(page: Page, input: ListingInput) {
  await page.goto('/dashboard?create=true');
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await dialog.getByLabel('Title', { exact: true }).fill(input.title);
  await dialog.getByLabel('Type', { exact: true }).selectOption(input.type);
  await dialog.getByLabel('Category', { exact: true }).selectOption('metals');
  await dialog.getByLabel('Grade (optional)').selectOption('barley');
  await dialog.getByLabel('Description', { exact: true }).fill('Bare bright copper wire, 16 gauge and up.');
  await dialog.getByLabel('Availability', { exact: true }).selectOption('immediate');
  await dialog.getByLabel('Location', { exact: true }).fill(input.location);
  await dialog.getByLabel('Price per unit ($)').fill(input.price);
  await dialog.getByLabel('Quantity', { exact: true }).fill(input.quantity);
  await dialog.getByLabel('Unit', { exact: true }).selectOption('tonnes');
  await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
  // The first listing loads the offline city data set for geocoding: allow for it.
  await expect(page.getByText(/^Listing created!/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

test('a buyer sees a matching sell listing on the dashboard with its reason and makes an offer from it', async ({
  page: buyer,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const wantedTitle = `Wanted: Barley copper wire ${stamp}`;
  const offeredTitle = `Barley copper wire, baled ${stamp}`;

  // The buyer posts a wanted listing with a grade: 40 t at $7,000/t in Rotterdam.
  const buyerAccount = await createConfirmedAccount(buyer.request, String(baseURL), 'matchbuyer');
  await buyer.goto('/');
  await signInThroughDialog(buyer, buyerAccount.email, buyerAccount.password);
  await createBarleyListing(buyer, {
    title: wantedTitle,
    type: 'buy',
    location: 'Rotterdam, Netherlands',
    price: '7000',
    quantity: '40',
  });

  // A seller (another company) posts 60 t of the same grade at $6,800/t in Hamburg.
  const sellerAccount = await createConfirmedAccount(buyer.request, String(baseURL), 'matchseller');
  const seller = await signedInPage(browser, String(baseURL), sellerAccount.email, sellerAccount.password);
  await createBarleyListing(seller, {
    title: offeredTitle,
    type: 'sell',
    location: 'Hamburg, Germany',
    price: '6800',
    quantity: '60',
  });
  await seller.context().close();

  // The buyer hears of it under the bell, and finds it in "Matches for you" with the reason.
  await buyer.goto('/dashboard');
  await expect(buyer.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 30_000,
  });
  const matches = buyer.getByRole('region', { name: 'Matches for you' });
  const row = matches.getByRole('article', { name: offeredTitle });
  await expect(async () => {
    const showAll = matches.getByRole('button', { name: /^Show all \d+ matches$/ });
    if (await showAll.isVisible()) await showAll.click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByText('$6,800.00 / tonne')).toBeVisible();
  await expect(row.getByText('Hamburg, Germany')).toBeVisible();
  await expect(row.getByText('Lee Scrap Co')).toBeVisible();
  await expect(
    row.getByText(/same grade, 40 t of 40 t wanted, 3% under your price, \d[\d,]* km$/),
  ).toBeVisible();
  await expect(row.getByText(wantedTitle)).toBeVisible();
  await expectAccessible(buyer);
  await row.scrollIntoViewIfNeeded();
  await attachScreenshots(buyer, testInfo, 'dashboard-matches');

  // The bell lists new sellers for the wanted listing (posted first, so its owner is the one told) and
  // marks them read on opening.
  await buyer.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const menu = buyer.getByRole('menu', { name: /^Notifications/ });
  await expect(
    menu.getByRole('menuitem', { name: /New seller for your listing \(new\)/ }).first(),
  ).toBeVisible();
  await expectAccessible(buyer);
  await buyer.keyboard.press('Escape');
  await expect(buyer.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Make Offer on the match: the offer opens prefilled for the 40 t wanted at the listed price.
  await row.getByRole('button', { name: 'Make Offer' }).click();
  const offer = buyer.getByRole('dialog', { name: 'Propose a Deal' });
  await expect(offer).toBeVisible();
  await expect(offer.getByLabel('Quantity (tonnes)')).toHaveValue('40');
  await expect(offer.getByLabel('Deal value (USD)')).toHaveValue('272000.00');
  await expect(offer.getByText(/Prefilled for the 40 tonnes you want/)).toBeVisible();
  await expectAccessible(buyer);
  await offer.getByRole('button', { name: 'Propose Deal' }).click();
  await expect(buyer.getByText('Deal proposed')).toBeVisible();
  await expect(offer).toBeHidden();

  // The deal appears on the buyer's deals.
  await buyer.goto('/deals');
  const deal = buyer.getByRole('article', { name: offeredTitle }).first();
  await expect(deal).toBeVisible();
  await expect(deal.getByText('$272,000.00').first()).toBeVisible();
  await expect(deal.getByText('40 tonnes')).toBeVisible();
  await expectAccessible(buyer);

  // The wanted listing's own page lists the same match for its owner.
  await buyer.goto('/manage-listings');
  await buyer.getByRole('link', { name: new RegExp(`^\\d+ match(es)? for ${wantedTitle}$`) }).click();
  const section = buyer.getByRole('region', { name: 'Matches' });
  await expect(section.getByRole('article', { name: offeredTitle })).toBeVisible();
  await expectAccessible(buyer);
});
