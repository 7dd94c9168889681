import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  signedInPage,
  signInByApi,
} from './fixtures.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

/** A POST as the browser would send it (the same-origin guard wants the Origin header). */
export async function post(request: APIRequestContext, baseURL: string, url: string, data: unknown = {}) {
  const res = await request.post(url, { headers: { origin: baseURL }, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A sell listing of 20 t of baled cans at $950 a ton: priced at the market, so it is published at once. */
export const baledCansListing = (title: string) => ({
  title,
  type: 'sell',
  description: 'Used beverage cans, baled, 20 t per month.',
  availability: 'immediate',
  category: 'metals',
  location: 'Antwerp, Belgium',
  price: 950,
  quantity: 20,
  unit: 'tons',
});

/**
 * A deal on the seller's listing run up to shipping through the API: the buyer's offer, both
 * confirmations, a wire funding with the commission that the administrator verifies, and the seller's
 * shipping. The escrow then holds the value less the wire's processing fee.
 */
export async function shipWireFundedDeal(
  base: string,
  parties: { buyer: APIRequestContext; seller: APIRequestContext; admin: APIRequestContext },
  offer: { listingId: string; dealValue: number; quantity: number },
): Promise<{ id: string }> {
  const { buyer, seller, admin } = parties;
  const deal = await post(buyer, base, '/api/deals', offer);
  await post(buyer, base, `/api/deals/${deal.id}/actions`, { action: 'confirm' });
  await post(seller, base, `/api/deals/${deal.id}/actions`, { action: 'confirm' });
  await post(buyer, base, `/api/deals/${deal.id}/fund`, { method: 'wire', includeCommission: true });
  const { wireTransfers } = await (await buyer.get('/api/wire-transfers')).json();
  const wire = wireTransfers.find((w: { relatedId: string }) => w.relatedId === deal.id);
  await post(admin, base, `/api/admin/wire-transfers/${wire.id}/verify`, { adminNotes: 'Seen' });
  await post(seller, base, `/api/deals/${deal.id}/actions`, { action: 'ship-goods' });
  return deal;
}

/**
 * Two new traders signed in (a page each) and a $1,000 deal for 10 t of the seller's lot `title`,
 * shipped: $979.40 held in escrow (the wire's processing fee is kept), which a claim can split.
 */
export async function tradersWithShippedDeal(browser: Browser, base: string, title: string) {
  const signUp = await browser.newContext({ baseURL: base });
  const sellerAccount = await createConfirmedAccount(signUp.request, base, 'claimseller');
  const buyerAccount = await createConfirmedAccount(signUp.request, base, 'claimbuyer');
  await signUp.close();
  const seller = await signedInPage(browser, base, sellerAccount.email, sellerAccount.password);
  const buyer = await signedInPage(browser, base, buyerAccount.email, buyerAccount.password);
  const adminContext = await browser.newContext({ baseURL: base });
  await signInByApi(adminContext.request, base, DEMO_ADMIN, DEMO_PASSWORD);

  await post(seller.request, base, '/api/companies', {
    companyName: `${title} Trading`,
    contactEmail: 'sales@claims-test-metals.test',
    companyType: 'seller',
    materials: ['Metals'],
  });
  const { listing } = await post(seller.request, base, '/api/listings', baledCansListing(title));
  const deal = await shipWireFundedDeal(
    base,
    { buyer: buyer.request, seller: seller.request, admin: adminContext.request },
    { listingId: listing.id, dealValue: 1000, quantity: 10 },
  );
  await adminContext.close();
  return { buyer, seller, dealId: deal.id };
}

/** Uploads a photo as claim evidence for the trader signed in on `request`; its id. */
export async function uploadClaimEvidence(
  request: APIRequestContext,
  base: string,
  name = 'bale-1.png',
): Promise<string> {
  const res = await request.post('/api/files?purpose=claim-evidence', {
    headers: { origin: base },
    multipart: {
      file: { name, mimeType: 'image/png', buffer: await readFile(path.join(FIXTURES, 'bale-1.png')) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}
