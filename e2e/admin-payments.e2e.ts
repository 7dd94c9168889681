import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

type NewContext = (options: { baseURL: string }) => Promise<APIRequestContext>;

const uniqueTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A request context of its own (its own cookie jar), signed in as the account. */
async function signedInContext(
  newContext: NewContext,
  baseURL: string,
  account: { email: string; password: string },
) {
  const context = await newContext({ baseURL });
  const res = await context.post('/api/accounts/sign-in', {
    headers: { origin: baseURL },
    data: { email: account.email, password: account.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

async function post<T>(
  context: APIRequestContext,
  baseURL: string,
  path: string,
  data: unknown = {},
): Promise<T> {
  const res = await context.post(path, { headers: { origin: baseURL }, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * An agreed deal on the seller's listing, funded by plain wire transfer: answers the deal id and the
 * wire reference the buyer was given.
 */
async function wireFundedDeal(
  parties: { buyer: APIRequestContext; seller: APIRequestContext },
  baseURL: string,
  listingId: string,
  dealValue: number,
) {
  const deal = await post<{ id: string; status: string }>(parties.buyer, baseURL, '/api/deals', {
    listingId,
    dealValue,
    // One unit per deal: the journey agrees several deals on one listing, each holding its quantity.
    quantity: 1,
    notes: 'Delivery to our Antwerp yard.',
  });
  await post(parties.buyer, baseURL, `/api/deals/${deal.id}/actions`, { action: 'confirm' });
  const agreed = await post<{ status: string }>(parties.seller, baseURL, `/api/deals/${deal.id}/actions`, {
    action: 'confirm',
  });
  expect(agreed.status).toBe('agreed');
  const funding = await post<{ kind: string; referenceNumber: string; amountCents: number }>(
    parties.buyer,
    baseURL,
    `/api/deals/${deal.id}/fund`,
    { method: 'wire', includeCommission: true },
  );
  expect(funding.kind).toBe('wire');
  return { dealId: deal.id, reference: funding.referenceNumber, amountCents: funding.amountCents };
}

test('an administrator verifies a wire transfer, switches a payment method, refunds a dispute and runs the escrow test', async ({
  page,
  request,
  baseURL,
  playwright,
}) => {
  test.setTimeout(150_000);
  const base = String(baseURL);
  const newContext: NewContext = (options) => playwright.request.newContext(options);

  // Set-up through the API: a seller with a listing, a buyer, and two wire-funded deals.
  const sellerAccount: Account = await createConfirmedAccount(request, base, 'wire-seller');
  const buyerAccount: Account = await createConfirmedAccount(request, base, 'wire-buyer');
  const seller = await signedInContext(newContext, base, sellerAccount);
  const buyer = await signedInContext(newContext, base, buyerAccount);
  const admin = await signedInContext(newContext, base, { email: DEMO_ADMIN, password: DEMO_PASSWORD });
  const title = uniqueTitle('Copper cable scrap');
  const { listing } = await post<{ listing: { id: string } }>(seller, base, '/api/listings', {
    title,
    type: 'sell',
    description: 'Insulated copper cable, sorted, 60% recovery, loaded on pallets.',
    availability: 'immediate',
    category: 'metals',
    location: 'Antwerp, Belgium',
    price: 2100,
    quantity: 5,
    unit: 'tons',
    imageIds: [],
    wantsFeatured: false,
  });

  // $1,000 deal + 3% commission, paid by wire: $1,030.00; the processing fee is 2% of that.
  const toVerify = await wireFundedDeal({ buyer, seller }, base, listing.id, 1000);
  expect(toVerify.amountCents).toBe(103_000);

  // The dispute: a second deal, its wire verified through the API, then disputed by the buyer.
  const disputed = await wireFundedDeal({ buyer, seller }, base, listing.id, 800);
  const pending = await admin.get('/api/admin/wire-transfers?status=pending');
  const { wireTransfers } = (await pending.json()) as {
    wireTransfers: { id: string; referenceNumber: string }[];
  };
  const disputedWire = wireTransfers.find((w) => w.referenceNumber === disputed.reference);
  expect(disputedWire, 'the second wire transfer is pending').toBeTruthy();
  await post(admin, base, `/api/admin/wire-transfers/${disputedWire?.id}/verify`, {
    adminNotes: 'Funds on the statement of the day.',
  });
  const disputeReason = uniqueTitle('The cable arrived with 30% steel contamination, not as described');
  await post(buyer, base, `/api/deals/${disputed.dealId}/actions`, {
    action: 'open-dispute',
    reason: disputeReason,
  });

  // Wire Transfers: verify the pending transfer from the screen.
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/wire-transfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments Administration' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Wire Transfers' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: toVerify.reference });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText(buyerAccount.email)).toBeVisible();
  await expect(row.getByText('$1,030.00 USD')).toBeVisible();
  await expect(row.getByText('Commission $30.00')).toBeVisible();
  await expect(row.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: `Verify ${toVerify.reference}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Verify wire transfer' })).toBeVisible();
  await dialog
    .getByLabel('Admin notes (optional)')
    .fill('Received on the operating account, statement line 14.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Verify Transfer' }).click();
  await expect(page.getByText('Wire transfer verified').first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Wire transfer verified' })).toBeVisible();
  const fees = dialog.getByRole('list', { name: 'Fee transfers' });
  await expect(fees.getByRole('listitem').filter({ hasText: 'Processing fee' })).toContainText('$20.60');
  await expect(fees.getByRole('listitem').filter({ hasText: 'Processing fee' })).toContainText('Booked');
  await expect(fees.getByRole('listitem').filter({ hasText: 'Commission' })).toContainText('$30.00');
  await expect(fees.getByRole('listitem').filter({ hasText: 'Commission' })).toContainText('Booked');
  await expect(fees.getByText('Not booked')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Status').selectOption('verified');
  const verifiedRow = page.getByRole('row').filter({ hasText: toVerify.reference });
  await expect(verifiedRow.getByText('Verified', { exact: true })).toBeVisible();
  await expect(verifiedRow.getByText(`by ${DEMO_ADMIN}`)).toBeVisible();
  await expect(verifiedRow.getByText('statement line 14')).toBeVisible();
  await expect(verifiedRow.getByText('Fees booked')).toBeVisible();
  await expectAccessible(page);

  // Payment Methods: switch Klarna off and on again; buyers' list follows.
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(page).toHaveURL(/tab=payment-methods/);
  const klarna = page.getByRole('switch', { name: 'Klarna Net 30 enabled' });
  await expect(klarna).toBeChecked();
  await expectAccessible(page);
  await klarna.click();
  await expect(page.getByText('Klarna Net 30 disabled', { exact: true })).toBeVisible();
  await expect(klarna).not.toBeChecked();
  const publicMethods = async () => {
    const res = await request.get('/api/payment-methods');
    return ((await res.json()) as { methods: { type: string }[] }).methods.map((m) => m.type);
  };
  expect(await publicMethods()).not.toContain('klarna');
  await klarna.click();
  await expect(page.getByText('Klarna Net 30 enabled', { exact: true })).toBeVisible();
  await expect(klarna).toBeChecked();
  expect(await publicMethods()).toContain('klarna');

  // Disputes: refund the buyer.
  await page.getByRole('tab', { name: 'Disputes' }).click();
  const disputeCard = page.getByRole('listitem').filter({ hasText: disputeReason });
  await expect(disputeCard).toBeVisible();
  await expect(disputeCard.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(disputeCard.getByText(buyerAccount.email)).toBeVisible();
  await expect(disputeCard.getByText('$800.00').first()).toBeVisible();
  // The escrow holds the $824.00 wire less its 2% processing fee ($16.48) and the $24.00 commission.
  await expect(disputeCard.getByText('$783.52')).toBeVisible();
  await expectAccessible(page);
  await disputeCard.getByRole('button', { name: `Refund Buyer: ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund the buyer?' });
  await expect(confirm).toBeVisible();
  // What the ledger will return: the wire less its processing fee, the commission included.
  await expect(confirm).toContainText('gets $807.52 back');
  await confirm.getByRole('button', { name: 'Refund Buyer' }).click();
  await expect(page.getByText('Escrow Refunded', { exact: true })).toBeVisible();
  await expect(disputeCard).toBeHidden();
  const refunded = await buyer.get(`/api/deals/${disputed.dealId}`);
  expect(((await refunded.json()) as { escrowStatus: string }).escrowStatus).toBe('refunded');

  // The escrow integration test passes against the sandbox provider.
  await page.goto('/escrow-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Escrow Integration Test' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Run Integration Test' }).click();
  await expect(page.getByText('All steps passed')).toBeVisible({ timeout: 30_000 });
  const log = page.getByRole('region', { name: 'Test log' });
  await expect(log).toContainText('✓');
  await expect(log).not.toContainText('✗');
  await expect(page.getByRole('heading', { name: 'Debug hints' })).toBeVisible();
  await expectAccessible(page);

  await Promise.all([seller.dispose(), buyer.dispose(), admin.dispose()]);
});

test('a trader who is not an administrator cannot run the escrow test', async ({
  page,
  request,
  baseURL,
}) => {
  const trader = await createConfirmedAccount(request, String(baseURL), 'escrow-test');
  await page.goto('/');
  await signInThroughDialog(page, trader.email, trader.password);
  await page.goto('/escrow-test');
  await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Integration Test' })).toHaveCount(0);
  const res = await page.request.post('/api/escrow-test/run', { headers: { origin: String(baseURL) } });
  expect(res.status()).toBe(403);
  await expectAccessible(page);
});
