import type { APIRequestContext } from '@playwright/test';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectWaitingForPayment,
  openProviderTab,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

async function post<T>(context: APIRequestContext, baseURL: string, path: string, data: unknown = {}) {
  const res = await context.post(path, { headers: { origin: baseURL }, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a buyer who switches from card to Klarna can no longer pay the card page, pays once, and the books match', async ({
  page: buyer,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = String(baseURL);

  // Set-up through the API: a seller with a listing, and a deal both parties confirmed.
  const sellerAccount = await createConfirmedAccount(buyer.request, base, 'switch-seller');
  const seller = await playwright.request.newContext({ baseURL: base });
  await post(seller, base, '/api/accounts/sign-in', {
    email: sellerAccount.email,
    password: sellerAccount.password,
  });
  const title = `Aluminium extrusion scrap ${Date.now().toString(36)}`;
  const { listing } = await post<{ listing: { id: string } }>(seller, base, '/api/listings', {
    title,
    type: 'sell',
    description: '6063 extrusion offcuts, clean, baled, no paint or thermal breaks.',
    availability: 'immediate',
    category: 'metals',
    location: 'Rotterdam, Netherlands',
    price: 1800,
    quantity: 4,
    unit: 'tons',
    imageIds: [],
    wantsFeatured: false,
  });
  const account = await createConfirmedAccount(buyer.request, base, 'switch-buyer');
  await buyer.goto('/');
  await signInThroughDialog(buyer, account.email, account.password);
  const deal = await post<{ id: string }>(buyer.request, base, '/api/deals', {
    listingId: listing.id,
    dealValue: 1000,
  });
  await post(buyer.request, base, `/api/deals/${deal.id}/actions`, { action: 'confirm' });
  await post(seller, base, `/api/deals/${deal.id}/actions`, { action: 'confirm' });

  // Card first: the checkout page opens; the buyer comes back without paying it.
  await buyer.goto('/deals');
  const card = buyer.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Fund Escrow' }).click();
  let fund = buyer.getByRole('dialog', { name: 'Fund Escrow' });
  const cardTab = await openProviderTab(buyer, () =>
    fund.getByRole('button', { name: 'Continue to Payment' }).click(),
  );
  await expect(cardTab.getByRole('button', { name: /^Pay \$/ })).toBeVisible({ timeout: 15_000 });
  const cardPage = cardTab.url();
  await cardTab.close();
  // The buyer stops waiting for the card tab.
  const waiting = await expectWaitingForPayment(buyer);
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  await expect(waiting).toBeHidden();

  // Then Klarna: a new page for the Klarna total, and the card page is closed at the provider.
  await card.getByRole('button', { name: 'Fund Escrow' }).click();
  fund = buyer.getByRole('dialog', { name: 'Fund Escrow' });
  await fund.getByRole('radio', { name: /Klarna/ }).check();
  const klarnaTab = await openProviderTab(buyer, () =>
    fund.getByRole('button', { name: 'Continue with Klarna' }).click(),
  );
  await expect(klarnaTab.getByRole('button', { name: /^Pay \$/ })).toBeVisible({ timeout: 15_000 });
  expect(klarnaTab.url()).not.toBe(cardPage);

  // The stale card tab cannot be paid any more.
  const staleTab = await buyer.context().newPage();
  const stale = await staleTab.goto(cardPage);
  expect(stale?.status()).toBe(410);
  await expect(
    staleTab.getByText('This checkout has expired. Please start again from Recytrade.'),
  ).toBeVisible();
  await expectAccessible(staleTab);
  await staleTab.close();

  // Klarna pays once; the deal is funded, and the waiting tab hears of it.
  await klarnaTab.getByRole('radio', { name: /Klarna Net 30/ }).check();
  await klarnaTab.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(klarnaTab.getByText('Escrow payment successful!')).toBeVisible({ timeout: 20_000 });
  await expect(buyer.getByText('Escrow payment successful!')).toBeVisible({ timeout: 20_000 });
  await klarnaTab.close();
  await expect(async () => {
    await buyer.goto('/deals');
    await expect(buyer.getByRole('article', { name: title }).getByText('Held in escrow')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(buyer);

  // The administrator's books: balanced, every escrow matching its deal, nothing waiting for a refund.
  const admin = await signedInPage(browser, base, DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin/wire-transfers?tab=escrow-books');
  await expect(admin.getByRole('heading', { name: 'Escrow books' })).toBeVisible();
  await expect(admin.getByText('Balanced')).toBeVisible();
  await expect(admin.getByText('Match their deals')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Every escrow matches its deal' })).toBeVisible();
  await expectAccessible(admin);
  await admin.context().close();
  await seller.dispose();
});
