import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { post, tradersWithShippedDeal, uploadClaimEvidence } from './support/deals.ts';
import {
  attachScreenshots,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signedInPage,
  test,
} from './support/fixtures.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

async function dealCard(page: Page, title: string): Promise<Locator> {
  await page.goto('/deals');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}

const claimPanel = (card: Locator) => card.getByRole('region', { name: 'Claim' });

test('a buyer records delivery and opens a claim with a photo; the seller offers part, the buyer accepts, and both cards show the split', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = String(baseURL);
  const title = `Baled UBC, wet on arrival ${Date.now()}`;
  const { buyer, seller } = await tradersWithShippedDeal(browser, base, title);

  // The buyer records the delivery (asked first), which starts the claim window.
  let buyerCard = await dealCard(buyer, title);
  await buyerCard.getByRole('button', { name: 'Record Delivery' }).click();
  const record = buyer.getByRole('alertdialog', { name: 'Record the delivery?' });
  await record.getByRole('button', { name: 'Record Delivery' }).click();
  // The toast, and the card's own line (both read "Delivery recorded", so each is found where it lives).
  await expect(buyer.getByText('Delivery recorded', { exact: true })).toBeVisible();
  await expect(buyerCard.getByText(/^Delivery recorded on /)).toBeVisible();
  await expect(buyerCard.getByText(/^You can open a claim until /)).toBeVisible();
  await expectAccessible(buyer);

  // The claim form: an amount above the escrow is refused next to the field; then a photo and a claim.
  await buyerCard.getByRole('button', { name: 'Open a Claim' }).click();
  const form = buyer.getByRole('dialog', { name: 'Open a claim' });
  await expect(form.getByText('At most $979.40, what the escrow holds.')).toBeVisible();
  await form.getByLabel('Reason').selectOption('moisture');
  await form.getByLabel('Affected quantity (tons)').fill('4');
  await form.getByLabel('Amount claimed (USD)').fill('1200');
  await form.getByRole('button', { name: 'Open Claim' }).click();
  await expect(form.getByText('The amount claimed cannot be more than the escrow holds.')).toBeVisible();
  await expect(form.getByText('Please attach at least one photo or document.')).toBeVisible();
  await form.getByLabel('Amount claimed (USD)').fill('400');
  await form.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'bale-1.png'));
  await expect(form.getByRole('link', { name: /bale-1\.png/ })).toBeVisible();
  await form.getByLabel('What is wrong (optional)').fill('Four bales arrived soaked through.');
  await expectAccessible(buyer);
  await attachScreenshots(buyer, testInfo, 'open-claim-form');
  await form.getByRole('button', { name: 'Open Claim' }).click();
  await expect(buyer.getByText('Claim opened')).toBeVisible();
  await expect(form).toBeHidden();
  const buyerPanel = claimPanel(buyerCard);
  await expect(buyerPanel.getByText('Waiting for the seller', { exact: true })).toBeVisible();
  await expect(buyerPanel.getByText(/^The seller has until /)).toBeVisible();
  await expect(buyerPanel.getByRole('button', { name: 'Withdraw Claim' })).toBeVisible();
  await expect(buyerCard.getByRole('button', { name: 'Release Escrow' })).toHaveCount(0);

  // The seller sees the claim with the buyer's photo, and offers part of the amount.
  const sellerCard = await dealCard(seller, title);
  const sellerPanel = claimPanel(sellerCard);
  await expect(sellerPanel.getByText('The buyer opened the claim')).toBeVisible();
  await expect(sellerPanel.getByRole('link', { name: /bale-1\.png/ })).toHaveAttribute(
    'href',
    /^\/api\/files\//,
  );
  await expect(sellerPanel.getByText(/^Answer by /)).toBeVisible();
  await expectAccessible(seller);
  await attachScreenshots(seller, testInfo, 'seller-claim-panel');
  await sellerPanel.getByRole('button', { name: 'Offer Partial Amount' }).click();
  const offer = seller.getByRole('dialog', { name: 'Offer a partial amount' });
  await offer.getByLabel('Amount offered (USD)').fill('250');
  await offer.getByLabel('Note to the buyer (optional)').fill('Only two bales were wet at unloading.');
  await expectAccessible(seller);
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(seller.getByText('Offer sent to the buyer')).toBeVisible();
  await expect(sellerPanel.getByText('Seller offered a partial amount', { exact: true })).toBeVisible();

  // The buyer's card follows in real time, and the buyer accepts the offer.
  await expect(
    buyerPanel.getByText(/^The seller offers \$250\.00 of the \$400\.00 you claimed/),
  ).toBeVisible();
  await buyerPanel.getByRole('button', { name: 'Accept Offer' }).click();
  const accept = buyer.getByRole('alertdialog', { name: 'Accept the seller’s offer?' });
  await expect(accept).toContainText('$250.00 of the $979.40 held in escrow goes back to you');
  await accept.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(buyer.getByText('Offer accepted')).toBeVisible();

  // Both cards show the split: $250 back to the buyer, the rest to the seller.
  const split = 'Settled: $250.00 refunded to the buyer, $729.40 paid to the seller';
  buyerCard = await dealCard(buyer, title);
  await expect(claimPanel(buyerCard).getByText(split)).toBeVisible();
  await expect(claimPanel(buyerCard).getByText(/^You receive \$/)).toBeVisible();
  await expectAccessible(buyer);
  await attachScreenshots(buyer, testInfo, 'buyer-settled-claim');
  await seller.reload();
  await expect(claimPanel(seller.getByRole('article', { name: title })).getByText(split)).toBeVisible();
  await expect(
    claimPanel(seller.getByRole('article', { name: title })).getByText(/^You receive \$729\.40/),
  ).toBeVisible();
  await attachScreenshots(seller, testInfo, 'seller-settled-claim');
});

test('a buyer escalates a rejected claim and an administrator decides the split at /admin/claims', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = String(baseURL);
  const title = `Baled UBC, graded at loading ${Date.now()}`;
  const { buyer, seller, dealId } = await tradersWithShippedDeal(browser, base, title);

  // Delivery, the claim and the seller's rejection with a weighbridge photo, through the API.
  await post(buyer.request, base, `/api/deals/${dealId}/actions`, { action: 'record-delivery' });
  const claim = await post(buyer.request, base, `/api/deals/${dealId}/claims`, {
    reason: 'grade_mismatch',
    affectedQuantity: 10,
    claimedCents: 60_000,
    evidence: [await uploadClaimEvidence(buyer.request, base)],
    note: 'Grade 2 delivered instead of grade 1.',
  });
  await post(seller.request, base, `/api/deals/${dealId}/claims/${claim.id}/answer`, {
    answer: 'reject',
    evidence: [await uploadClaimEvidence(seller.request, base, 'loading.png')],
    note: 'Graded at loading; photos attached.',
  });

  // The buyer escalates from the card (asked first).
  const buyerCard = await dealCard(buyer, title);
  const buyerPanel = claimPanel(buyerCard);
  await expect(buyerPanel.getByText('Seller rejected the claim', { exact: true })).toBeVisible();
  await buyerPanel.getByRole('button', { name: 'Escalate to Recytrade' }).click();
  const escalate = buyer.getByRole('alertdialog', { name: 'Escalate the claim to Recytrade?' });
  await escalate.getByRole('button', { name: 'Escalate to Recytrade' }).click();
  await expect(buyer.getByText('Claim escalated to Recytrade')).toBeVisible();
  await expect(buyerPanel.getByText('With an administrator', { exact: true })).toBeVisible();

  // The administrator finds it on the dashboard and decides it with a split and a reason.
  const admin = await signedInPage(browser, base, DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin');
  await expect(admin.getByTestId('count-claimsAwaitingDecision')).toHaveText(
    /^\d+ claims? awaiting a decision$/,
  );
  await admin.getByRole('link', { name: 'Claims' }).click();
  await expect(admin).toHaveURL(/\/admin\/claims$/);
  const card = admin.getByRole('article', { name: title });
  await expect(card.getByText('Grade 2 delivered instead of grade 1.')).toBeVisible();
  await expect(card.getByText('Graded at loading; photos attached.')).toBeVisible();
  await expect(card.getByRole('link', { name: /loading\.png/ })).toBeVisible();
  const decision = card.getByRole('form', { name: `Decide the claim on ${title}` });
  await decision.getByLabel('Refund to the buyer (USD)').fill('1000.50');
  await decision.getByLabel('Reason for the decision').fill('Lab assay shows half the lot below grade 1.');
  await decision.getByRole('button', { name: 'Decide Claim' }).click();
  await expect(
    decision.getByText('The buyer’s refund and the seller’s payout must add up to what the escrow holds.'),
  ).toBeVisible();
  await decision.getByLabel('Refund to the buyer (USD)').fill('300');
  await expect(decision.getByRole('status')).toHaveText('$679.40');
  await expectAccessible(admin);
  await attachScreenshots(admin, testInfo, 'admin-claims-queue');
  await decision.getByRole('button', { name: 'Decide Claim' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Decide the claim?' });
  await confirm.getByRole('button', { name: 'Decide Claim' }).click();
  await expect(admin.getByText('Claim decided')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Both parties' cards show the decision.
  const split = 'Settled: $300.00 refunded to the buyer, $679.40 paid to the seller';
  await expect(buyerPanel.getByText(split)).toBeVisible();
  await expect(buyerPanel.getByText('Lab assay shows half the lot below grade 1.')).toBeVisible();
  const sellerCard = await dealCard(seller, title);
  await expect(claimPanel(sellerCard).getByText(split)).toBeVisible();
  await expect(claimPanel(sellerCard).getByText('Recytrade decided the claim')).toBeVisible();
  await expectAccessible(seller);
});
