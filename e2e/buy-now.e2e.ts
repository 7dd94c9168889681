import type { APIRequestContext, Browser } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  signInByApi,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** A fresh trader signed in on a request context of its own (no page needed). */
async function traderRequest(browser: Browser, baseURL: string, prefix: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const account = await createConfirmedAccount(context.request, baseURL, prefix);
  await signInByApi(context.request, baseURL, account.email, account.password);
  return context.request;
}

test('Buy Now asks how much and shows the total; the listing shows what remains, sells out and comes back when a deal is cancelled', async ({
  page: buyer,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = { origin: String(baseURL) };
  // A lot of its own (20 t at $100), so no other journey's deals change what remains.
  const title = `Aluminium extrusion offcuts ${Date.now().toString(36)}`;
  const seller = await traderRequest(browser, String(baseURL), 'lotseller');
  const created = await seller.post('/api/listings', {
    headers: origin,
    data: {
      title,
      type: 'sell',
      description: 'Clean 6063 extrusion offcuts, no paint, no thermal break.',
      availability: 'immediate',
      category: 'metals',
      location: 'Rotterdam, Netherlands',
      price: 100,
      quantity: 20,
      unit: 'tonnes',
      incoterm: 'FCA',
      incotermPlace: 'Rotterdam',
      packing: 'loose',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listingId = (await created.json()).listing.id as string;

  const account = await createConfirmedAccount(buyer.request, String(baseURL), 'lotbuyer');
  await buyer.goto('/');
  await signInThroughDialog(buyer, account.email, account.password);
  await buyer.goto(`/listings/${listingId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('20 of 20 tonnes available').first()).toBeVisible();

  // Buy Now opens the confirmation: all that remains by default, the total with the 3% commission.
  await buyer.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Buy Now' });
  await expect(dialog).toBeVisible();
  const quantity = dialog.getByLabel('Quantity (tonnes)');
  await expect(quantity).toHaveValue('20');
  await expect(dialog.getByText('$2,000.00')).toBeVisible();
  await expect(dialog.getByText('Platform commission (3%)')).toBeVisible();
  await expect(dialog.getByText('$2,060.00')).toBeVisible();
  await expect(dialog.getByText('FCA Rotterdam (Free Carrier)')).toBeVisible();
  await expect(dialog.getByText(/Escrow protection: nothing is charged now/)).toBeVisible();
  // More than remains is refused in the dialog; 5 t costs $500 + $15.
  await quantity.fill('21');
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(dialog.getByText('At most 20 tonnes remain')).toBeVisible();
  await quantity.fill('5');
  await expect(dialog.getByText('$500.00')).toBeVisible();
  await expect(dialog.getByText('$15.00', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$515.00')).toBeVisible();
  await expectAccessible(buyer);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await buyer.setViewportSize({ width, height });
    const path = testInfo.outputPath(`buy-now-dialog-${width}.png`);
    await buyer.screenshot({ path });
    await testInfo.attach(`buy-now-dialog-${width}`, { path, contentType: 'image/png' });
  }
  await buyer.setViewportSize({ width: 1280, height: 800 });

  // A double click makes one deal: the button is busy after the first.
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).dblclick();
  await expect(buyer.getByText('Purchase Initiated!')).toBeVisible();
  await expect(
    buyer.getByText('Deal created for $500.00. Both parties need to confirm to proceed with escrow.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(buyer.getByText('15 of 20 tonnes available').first()).toBeVisible();
  const mine = await buyer.request.get('/api/deals');
  expect(((await mine.json()).deals as unknown[]).length).toBe(1);

  // Another buyer takes the rest: the listing is sold and leaves the marketplace.
  const other = await traderRequest(browser, String(baseURL), 'lotbuyer2');
  const rest = await other.post('/api/deals/buy-now', { headers: origin, data: { listingId } });
  expect(rest.status(), await rest.text()).toBe(201);
  await buyer.reload();
  await expect(buyer.getByText('SOLD', { exact: true })).toBeVisible();
  await expect(buyer.getByText('0 of 20 tonnes available').first()).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Sold' })).toBeDisabled();
  await expect(buyer.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
  await expectAccessible(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('listing-sold-1280.png') });
  await buyer.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  await expect(buyer.getByText(/No listings/i).first()).toBeVisible();

  // The buyer cancels their deal on My Deals: its 5 t return and the listing is back on sale.
  await buyer.goto('/deals');
  const card = buyer.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Cancel Deal' }).click();
  const confirmCancel = buyer.getByRole('alertdialog', { name: 'Cancel this deal?' });
  await confirmCancel.getByRole('button', { name: 'Cancel Deal' }).click();
  await expect(buyer.getByText('Deal cancelled')).toBeVisible();
  await buyer.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  const back = buyer.getByRole('listitem').filter({ hasText: title });
  await expect(back).toBeVisible();
  await expect(back.getByText('5 of 20 tonnes available')).toBeVisible();
  await expect(back.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  await expectAccessible(buyer);
  await back.screenshot({ path: testInfo.outputPath('marketplace-card-1280.png') });
});
