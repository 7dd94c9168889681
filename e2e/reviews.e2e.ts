import type { Locator, Page } from '@playwright/test';
import { baledCansListing, post, shipWireFundedDeal } from './support/deals.ts';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signedInPage,
  signInByApi,
  test,
} from './support/fixtures.ts';

const LISTING = 'Baled aluminium UBC, reviewed lot';

/** Picks the stars of each criterion in the deal card's review form and submits it. */
async function review(card: Locator, stars: [number, number, number], comment: string) {
  const form = card.getByRole('form', { name: /^Review / });
  await expect(form).toBeVisible();
  const criteria = ['Material or payment as agreed', 'Communication', 'Timeliness'];
  for (const [i, name] of criteria.entries())
    await form
      .getByRole('group', { name })
      .getByRole('radio', { name: `${stars[i]} stars` })
      .check({ force: true });
  await form.getByLabel('Comment (optional)').fill(comment);
  await form.getByRole('button', { name: 'Submit Review' }).click();
}

async function completedDealCard(page: Page) {
  await page.goto('/deals?tab=completed');
  const card = page.getByRole('article', { name: LISTING }).first();
  await expect(card).toBeVisible();
  return card;
}

test('two traders complete a deal and review each other; the rating reaches the company page only after both reviews; an administrator hides and restores one', async ({
  page: buyer,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = String(baseURL);
  const sellerAccount = await createConfirmedAccount(buyer.request, base, 'reviewseller');
  const buyerAccount = await createConfirmedAccount(buyer.request, base, 'reviewbuyer');
  const seller = await signedInPage(browser, base, sellerAccount.email, sellerAccount.password);
  await buyer.goto('/');
  const buyerPage = await signedInPage(browser, base, buyerAccount.email, buyerAccount.password);
  const adminContext = await browser.newContext({ baseURL: base });
  await signInByApi(adminContext.request, base, DEMO_ADMIN, DEMO_PASSWORD);

  // The seller's company and lot; the deal runs to completion: offer, both confirm, wire verified by
  // the administrator, shipped, escrow released.
  const company = await post(seller.request, base, '/api/companies', {
    companyName: 'Review Test Metals',
    contactEmail: 'sales@review-test-metals.test',
    companyType: 'seller',
    materials: ['Metals'],
  });
  const { listing } = await post(seller.request, base, '/api/listings', baledCansListing(LISTING));
  const deal = await shipWireFundedDeal(
    base,
    { buyer: buyerPage.request, seller: seller.request, admin: adminContext.request },
    { listingId: listing.id, dealValue: 1000, quantity: 1 },
  );
  await post(buyerPage.request, base, `/api/deals/${deal.id}/actions`, { action: 'release-escrow' });

  // The buyer reviews the seller on the deal card.
  const buyerCard = await completedDealCard(buyerPage);
  await expect(buyerCard.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expectAccessible(buyerPage);
  await review(buyerCard, [4, 5, 4], 'Clean bales, weights matched the slip.');
  await expect(buyerPage.getByText(/^Review submitted\. It will be published/)).toBeVisible();
  await expect(buyerCard.getByText('Your review')).toBeVisible();
  await expect(buyerCard.getByText(/Published when .* reviews you/)).toBeVisible();

  // Double-blind: the company page shows no rating yet, and the seller cannot read the review.
  const companyUrl = `/companies/${company.id}`;
  await buyer.goto(companyUrl);
  const panel = buyer.getByRole('region', { name: 'Reputation' });
  await expect(panel.getByText('1', { exact: true })).toBeVisible();
  await expect(panel.getByText('No reviews yet')).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await expect(buyer.getByText('Clean bales, weights matched the slip.')).toHaveCount(0);
  await expectAccessible(buyer);
  const sellerCard = await completedDealCard(seller);
  await expect(sellerCard.getByText('Neither of you can read', { exact: false })).toHaveCount(0);
  await expect(
    sellerCard.getByText(/has reviewed you: both reviews are published when you submit yours/),
  ).toBeVisible();
  await expect(sellerCard.getByText('Clean bales, weights matched the slip.')).toHaveCount(0);

  // The seller reviews the buyer: both are published at once.
  await review(sellerCard, [5, 5, 5], 'Paid into escrow the same day.');
  await expect(seller.getByText('Review submitted and published.')).toBeVisible();
  await expect(sellerCard.getByText('Clean bales, weights matched the slip.')).toBeVisible();
  await expectAccessible(seller);

  // Now the company page shows the rating and the review, newest first.
  await buyer.reload();
  await expect(panel.getByText('4.3', { exact: true })).toBeVisible();
  await expect(buyer.getByText('Clean bales, weights matched the slip.')).toBeVisible();
  await expectAccessible(buyer);

  // The seller answers it in public, once.
  await seller.goto(companyUrl);
  await seller.getByRole('button', { name: 'Reply' }).click();
  await seller.getByLabel(/Your public reply/).fill('Thank you, see you next month.');
  await seller.getByRole('button', { name: 'Post Reply' }).click();
  await expect(seller.getByText('Reply posted.')).toBeVisible();
  await expect(seller.getByText('Thank you, see you next month.')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  // An administrator hides the buyer's review from the back office, then restores it: the company
  // page loses the rating and gets it back.
  const admin = await signedInPage(browser, base, DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin/reviews');
  const row = admin.getByRole('row').filter({ hasText: 'Clean bales, weights matched the slip.' });
  await row.getByRole('button', { name: 'Hide the review by Jordan Lee' }).click();
  const hideDialog = admin.getByRole('dialog', { name: 'Hide this review?' });
  await hideDialog.getByLabel('Reason').fill('Checking a complaint about this review');
  await hideDialog.getByRole('button', { name: 'Hide Review' }).click();
  await expect(admin.getByText('Review hidden. The author was told why.')).toBeVisible();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText('Clean bales, weights matched the slip.')).toHaveCount(0);

  await row.getByRole('button', { name: 'Restore the review by Jordan Lee' }).click();
  const restoreDialog = admin.getByRole('alertdialog', { name: 'Restore this review?' });
  await expectAccessible(admin);
  await restoreDialog.getByRole('button', { name: 'Restore Review' }).click();
  await expect(admin.getByText('Review restored. The author was told.')).toBeVisible();
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expectAccessible(admin);
  await buyer.reload();
  await expect(panel.getByText('4.3', { exact: true })).toBeVisible();
  await expect(buyer.getByText('Clean bales, weights matched the slip.')).toBeVisible();
  await admin.context().close();
  await adminContext.close();
});
