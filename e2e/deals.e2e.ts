import type { Locator, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectNotReloaded,
  expectWaitingForPayment,
  fillSandboxCard,
  markDocument,
  openProviderTab,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/**
 * A sell listing of the demo trader Lucía Quispe (apps/server/src/db/seed-listings.ts), who has no
 * demo deals and whose inbox no other journey watches.
 */
const SELLER_LISTING = 'Stainless steel 304 solids';
const SELLER = 'lucia@andes-scrap.test';
/** A sell listing of Tom Becker: 80,000 lb at $0.18 (a demo deal of the past took 40,000 lb). */
const TOM_LISTING = 'PET bottle bales, clear, 95% purity';
const TOM = 'tom@polycycle.test';

/** The listing's card on the marketplace, found through the search box. */
async function marketplaceCard(page: Page, listingTitle: string) {
  await page.goto(`/marketplace?q=${encodeURIComponent(listingTitle.split(' ').slice(0, 2).join(' '))}`);
  const card = page.getByRole('listitem').filter({ hasText: listingTitle }).first();
  await expect(card).toBeVisible();
  return card;
}

/** The deal card of a listing on /deals (the newest deal of that listing first). */
async function dealCard(page: Page, listingTitle: string): Promise<Locator> {
  if (!page.url().endsWith('/deals')) await page.goto('/deals');
  const card = page.getByRole('article', { name: listingTitle }).first();
  await expect(card).toBeVisible();
  return card;
}

/** Reloads /deals until the listing's deal card shows `find(card)` (for changes made in another browser). */
async function reloadUntil(page: Page, listingTitle: string, find: (card: Locator) => Locator) {
  await expect(async () => {
    await page.goto('/deals');
    const card = page.getByRole('article', { name: listingTitle }).first();
    await expect(find(card)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an offer is confirmed by both, funded by card, shipped and released, its commission taken from the payout', async ({
  page: buyer,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seller = await signedInPage(browser, String(baseURL), SELLER, DEMO_PASSWORD);
  await seller.goto('/dashboard');

  const account = await createConfirmedAccount(buyer.request, String(baseURL), 'dealbuyer');
  await buyer.goto('/deals');
  await expect(buyer.getByText('Please sign in to view your deals.')).toBeVisible();
  await signInThroughDialog(buyer, account.email, account.password);
  await expect(buyer.getByText('No deals yet')).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Browse Marketplace' })).toBeVisible();

  // Make Offer: "Propose a Deal" with the commission added to the total.
  const card = await marketplaceCard(buyer, SELLER_LISTING);
  await card.getByRole('button', { name: 'Make Offer' }).click();
  const offer = buyer.getByRole('dialog', { name: 'Propose a Deal' });
  await expect(offer).toBeVisible();
  const value = offer.getByLabel('Deal value (USD)');
  // The offer covers the whole lot unless the buyer asks for less; never more than the listing holds.
  const quantity = offer.getByLabel(/^Quantity \(/);
  const listed = Number(await quantity.inputValue());
  expect(listed).toBeGreaterThan(1);
  await quantity.fill(String(listed + 1));
  await offer.getByRole('button', { name: 'Propose Deal' }).click();
  await expect(offer.getByText("The quantity cannot be more than the listing's quantity")).toBeVisible();
  await quantity.fill(String(listed / 2));
  await expect(offer.getByText("The quantity cannot be more than the listing's quantity")).toBeHidden();
  await expect(value).not.toHaveValue('');
  await expect(value).toHaveAttribute('min', '1');
  await expect(value).toHaveAttribute('step', '0.01');
  await value.fill('');
  await offer.getByRole('button', { name: 'Propose Deal' }).click();
  await expect(offer.getByText('Deal value must be greater than 0')).toBeVisible();
  await value.fill('1000');
  await expect(offer.getByText('Platform commission (3%)')).toBeVisible();
  await expect(offer.getByText('$30.00')).toBeVisible();
  await expect(offer.getByText('$1,030.00')).toBeVisible();
  await offer.getByLabel('Notes (optional)').fill('Delivery to Rotterdam within two weeks.');
  await expectAccessible(buyer);
  await offer.getByRole('button', { name: 'Propose Deal' }).click();
  await expect(buyer.getByText('Deal proposed')).toBeVisible();
  await expect(offer).toBeHidden();

  // The seller hears of it live, and confirms.
  await expect(seller.getByText('New deal proposed')).toBeVisible({ timeout: 15_000 });
  const sellerCard = await dealCard(seller, SELLER_LISTING);
  await expect(sellerCard.getByText('Initiated', { exact: true })).toBeVisible();
  await expect(sellerCard.getByText('Seller', { exact: true })).toBeVisible();
  await expect(sellerCard.getByText('Buyer pending')).toBeVisible();
  await expectAccessible(seller);
  await sellerCard.getByRole('button', { name: 'Confirm Deal' }).click();
  await expect(seller.getByText('Deal confirmed!')).toBeVisible();
  await expect(sellerCard.getByText('Seller confirmed')).toBeVisible();
  await expect(sellerCard.getByRole('button', { name: 'Confirm Deal' })).toHaveCount(0);

  // The buyer confirms: the deal is agreed and the buyer may fund it.
  const buyerCard = await dealCard(buyer, SELLER_LISTING);
  await expect(buyerCard.getByText('Seller confirmed')).toBeVisible();
  await buyerCard.getByRole('button', { name: 'Confirm Deal' }).click();
  await expect(buyer.getByText('Deal confirmed!')).toBeVisible();
  await expect(buyerCard.getByText('Agreed', { exact: true })).toBeVisible();
  await expect(buyerCard.getByRole('button', { name: 'Fund Escrow' })).toBeVisible();
  await reloadUntil(seller, SELLER_LISTING, (c) => c.getByText('Waiting for buyer to fund escrow...'));

  // Fund by card, leaving the commission out: it will come from the seller's payout at release.
  await buyerCard.getByRole('button', { name: 'Fund Escrow' }).click();
  const fund = buyer.getByRole('dialog', { name: 'Fund Escrow' });
  await expect(fund.getByRole('radio', { name: /Credit\/Debit Card/ })).toBeChecked();
  await expect(fund.getByRole('radio')).toHaveCount(4);
  await expect(fund.getByLabel('Pay the platform commission now')).toBeChecked();
  await expectAccessible(buyer);
  await fund.getByLabel('Pay the platform commission now').uncheck();
  // $1,000.00 plus the card's 2.9% fee.
  await expect(fund.getByText('$1,029.00')).toBeVisible();
  await markDocument(buyer);
  const checkout = await openProviderTab(buyer, () =>
    fund.getByRole('button', { name: 'Continue to Payment' }).click(),
  );

  // The card checkout opens in a new tab; this tab waits for it and follows the outcome live.
  const waiting = await expectWaitingForPayment(buyer);
  await expect(waiting).toContainText(`escrow for ${SELLER_LISTING}`);
  await expect(checkout.getByRole('button', { name: 'Pay $1,029.00' })).toBeVisible({ timeout: 15_000 });
  await fillSandboxCard(checkout);
  await checkout.getByRole('button', { name: 'Pay $1,029.00' }).click();
  // Both tabs say so: the checkout tab it returned to, and the tab that opened it, without a reload.
  await Promise.all([
    expect(checkout.getByText('Escrow payment successful!')).toBeVisible({ timeout: 20_000 }),
    expect(buyer.getByText('Escrow payment successful!')).toBeVisible({ timeout: 20_000 }),
  ]);
  await expect(checkout).toHaveURL(/\/dashboard$/);
  await expect(checkout.getByText('You can close this tab')).toBeVisible();
  await checkout.close();
  await expect(waiting).toBeHidden();
  await expect(buyerCard.getByText('Held in escrow')).toBeVisible();
  await expectNotReloaded(buyer);

  // The seller ships: the deal completes through the escrow check.
  await reloadUntil(seller, SELLER_LISTING, (c) => c.getByRole('button', { name: 'Ship Goods' }));
  const shipping = await dealCard(seller, SELLER_LISTING);
  await expect(shipping.getByText('Held in escrow')).toBeVisible();
  // The checklist never goes backwards: funding keeps the confirmation ticked.
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Deal Confirmed' })).toContainText('(done)');
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Escrow Funded' })).toContainText('(done)');
  await expect(shipping.getByRole('listitem').filter({ hasText: 'Goods Shipped' })).toContainText(
    '(not yet)',
  );
  await shipping.getByRole('button', { name: 'Ship Goods' }).click();
  await expect(seller.getByText('Deal Completed!')).toBeVisible();
  await expect(shipping.getByText('Completed', { exact: true })).toBeVisible();

  // The buyer releases escrow to the seller.
  await reloadUntil(buyer, SELLER_LISTING, (c) => c.getByRole('button', { name: 'Release Escrow' }));
  const releasing = await dealCard(buyer, SELLER_LISTING);
  await releasing.getByRole('button', { name: 'Release Escrow' }).click();
  const confirmRelease = buyer.getByRole('alertdialog', { name: 'Release escrow to the seller?' });
  await confirmRelease.getByRole('button', { name: 'Release Escrow' }).click();
  await expect(buyer.getByText('Escrow Released')).toBeVisible();
  await expect(releasing.getByText('Released to seller', { exact: true })).toBeVisible();

  // The commission was not paid with the funding: it came out of the seller's payout at release.
  await expect(releasing.getByText("Commission settled · deducted from the seller's payout")).toBeVisible();
  await expect(releasing.getByRole('button', { name: 'Pay Commission' })).toHaveCount(0);
  await expect(releasing.getByText('No actions available')).toBeVisible();
  // A card payment has no reference a person quotes: no internal payment id on the card.
  await expect(releasing.getByText(/pay_/)).toHaveCount(0);
  await expectAccessible(buyer);

  // My Deals files the deal: completed, not cancelled, and nothing needs the buyer any more.
  await buyer.getByRole('tab', { name: /^Completed/ }).click();
  await expect(buyer.getByRole('article', { name: SELLER_LISTING })).toBeVisible();
  await buyer.getByRole('tab', { name: /^Cancelled/ }).click();
  await expect(buyer.getByRole('article', { name: SELLER_LISTING })).toHaveCount(0);
  await buyer.getByRole('tab', { name: /^Needs my action/ }).click();
  await expect(buyer.getByText('Nothing needs you right now')).toBeVisible();
  await expectAccessible(buyer);

  // The seller's payout statement: $1,000.00 less the $30.00 commission taken at release.
  await seller.goto('/deals');
  await seller.getByRole('button', { name: 'Payout Statement' }).click();
  const statement = seller.getByRole('dialog', { name: 'Payout Statement' });
  await expect(statement.getByText(SELLER_LISTING)).toBeVisible();
  await expect(statement.getByRole('cell', { name: '$970.00' }).first()).toBeVisible();
  await expect(statement.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /format=csv/);
  await expectAccessible(seller);

  await seller.context().close();
});

test('a Buy Now funded by wire proceeds once an administrator verifies the transfer', async ({
  page: buyer,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = await createConfirmedAccount(buyer.request, String(baseURL), 'wirebuyer');
  await buyer.goto('/');
  await signInThroughDialog(buyer, account.email, account.password);

  const card = await marketplaceCard(buyer, TOM_LISTING);
  await card.getByRole('button', { name: 'Buy Now' }).click();
  // Buy Now asks how much first; part of the lot, so the listing stays on sale for other journeys.
  const confirm = buyer.getByRole('dialog', { name: 'Buy Now' });
  await confirm.getByLabel(/^Quantity \(/).fill('20000');
  await confirm.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(buyer.getByText('Purchase Initiated!')).toBeVisible();
  await expect(
    buyer.getByText('Deal created for $3,600.00. Both parties need to confirm to proceed with escrow.'),
  ).toBeVisible();

  const buyerCard = await dealCard(buyer, TOM_LISTING);
  await expect(buyerCard.getByText('Buy Now', { exact: true })).toBeVisible();
  await buyerCard.getByRole('button', { name: 'Confirm Deal' }).click();
  await expect(buyer.getByText('Deal confirmed!')).toBeVisible();

  const seller = await signedInPage(browser, String(baseURL), TOM, DEMO_PASSWORD);
  const sellerCard = await dealCard(seller, TOM_LISTING);
  await sellerCard.getByRole('button', { name: 'Confirm Deal' }).click();
  await expect(seller.getByText('Deal confirmed!')).toBeVisible();
  await expect(sellerCard.getByText('Waiting for buyer to fund escrow...')).toBeVisible();

  // Plain wire: the reference number and our bank details.
  await reloadUntil(buyer, TOM_LISTING, (c) => c.getByRole('button', { name: 'Fund Escrow' }));
  await (await dealCard(buyer, TOM_LISTING)).getByRole('button', { name: 'Fund Escrow' }).click();
  const fund = buyer.getByRole('dialog', { name: 'Fund Escrow' });
  await fund.getByRole('radio', { name: /^Wire Transfer/ }).check();
  // $3,600.00 + 3% commission = $3,708.00 by wire; the 2% processing fee of the wire ($74.16) comes
  // out of the seller's payout, and the dialog says so before anyone pays.
  await expect(fund.getByText('$3,708.00')).toBeVisible();
  await expect(fund.getByText('Wire processing fee (2%), borne by the seller')).toBeVisible();
  await expect(fund.getByText('Seller receives at release')).toBeVisible();
  await expect(fund.getByText('$3,525.84')).toBeVisible();
  await fund.getByRole('button', { name: 'Get Wire Instructions' }).click();
  const wire = buyer.getByRole('dialog', { name: 'Wire Transfer Instructions' });
  await expect(wire).toBeVisible();
  await expect(wire.getByText('We have emailed you these instructions')).toBeVisible();
  const reference =
    (
      await wire
        .getByText('Reference number', { exact: true })
        .locator('xpath=following-sibling::dd')
        .textContent()
    )?.trim() ?? '';
  expect(reference.length).toBeGreaterThan(4);
  await expectAccessible(buyer);
  await wire.getByRole('button', { name: 'Done' }).click();
  await expect((await dealCard(buyer, TOM_LISTING)).getByText(reference)).toBeVisible();

  // An administrator verifies the transfer.
  const admin = await signedInPage(browser, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin/wire-transfers');
  await admin
    .getByRole('button', { name: `Verify ${reference}` })
    .first()
    .click();
  const verify = admin.getByRole('dialog', { name: 'Verify wire transfer' });
  await verify.getByRole('button', { name: 'Verify Transfer' }).click();
  await expect(admin.getByRole('dialog', { name: 'Wire transfer verified' })).toBeVisible({
    timeout: 15_000,
  });

  // Escrow is held: the seller may ship.
  await reloadUntil(seller, TOM_LISTING, (c) => c.getByRole('button', { name: 'Ship Goods' }));
  await expect((await dealCard(seller, TOM_LISTING)).getByText('Held in escrow')).toBeVisible();
  await expectAccessible(seller);

  await admin.context().close();
  await seller.context().close();
});
