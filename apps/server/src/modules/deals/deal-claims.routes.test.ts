import { CLAIM_MESSAGES, ClaimDetailSchema, ClaimListSchema } from '@app/shared/deals/deal-claims.schemas';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks } from '../../../test/factories/billing.ts';
import { uploadPrivateFile } from '../../../test/factories/companies.ts';
import { paySandboxCheckout } from '../../../test/factories/deals.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

const MISSING_ID = '7d9f1c8e-0000-4000-8000-000000000000';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** Two traders with a card-funded deal the seller shipped, a stranger, an administrator and a visitor. */
async function setup() {
  const { app } = await buildTestApp();
  const [buyer, seller, stranger, admin] = await Promise.all([
    signedInClient(app),
    signedInClient(app),
    signedInClient(app),
    adminClient(app),
  ]);
  await createCompanyOf(seller.client, { contactEmail: 'sales@seller-co.test' });
  const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
  const deal = (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 })).json();
  await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
  await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
  const fund = await buyer.client.post(`/api/deals/${deal.id}/fund`, { method: 'card' });
  await paySandboxCheckout(app, fund.json().url);
  await settleWebhooks(app);
  await app.services.deals.whenIdle();
  await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'ship-goods' });
  return { app, buyer, seller, stranger, admin, visitor: createClient(app), dealId: deal.id as string };
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

describe('deal claims routes', () => {
  it('runs a claim through every role: the buyer opens, the seller rejects, an administrator decides', async () => {
    const { app, buyer, seller, stranger, admin, visitor, dealId } = await setup();
    const photo = await uploadPrivateFile(buyer.client, 'claim-evidence');
    const body = { reason: 'contamination', affectedQuantity: 1, claimedCents: 40_000, evidence: [photo.id] };
    const url = `/api/deals/${dealId}/claims`;

    expect((await visitor.post(url, body)).statusCode).toBe(401);
    expect((await stranger.client.post(url, body)).statusCode).toBe(404);
    const sellerOpens = await seller.client.post(url, body);
    expect(sellerOpens.statusCode).toBe(403);
    expect(errorOf(sellerOpens).message).toBe(CLAIM_MESSAGES.buyerOnly);
    // Bad input is a clear 400 and nothing is written.
    for (const [bad, message] of [
      [{ ...body, claimedCents: 12.5 }, CLAIM_MESSAGES.amountCents],
      [{ ...body, claimedCents: 10_000_000 }, CLAIM_MESSAGES.claimedAboveHeld],
      [{ ...body, evidence: [] }, CLAIM_MESSAGES.evidenceRequired],
      [{ ...body, reason: 'bribery' }, null],
    ] as const) {
      const res = await buyer.client.post(url, bad);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(errorOf(res).message).toBe(message);
    }
    expect(ClaimListSchema.parse((await buyer.client.get(url)).json()).claims).toEqual([]);

    const opened = await buyer.client.post(url, { ...body, note: 'Oil on the bales' });
    expect(opened.statusCode, opened.body).toBe(201);
    const claim = ClaimDetailSchema.parse(opened.json());
    await waitForEmail(app, seller.user.email, 'deal-claim-open');
    expect((await seller.client.get(`/api/deals/${dealId}`)).json().latestClaim).toEqual({
      status: 'awaiting_seller',
      split: null,
    });
    // The evidence: the deal's parties and administrators read it; a stranger and a visitor do not.
    expect((await seller.client.get(photo.url)).statusCode).toBe(200);
    expect((await admin.client.get(photo.url)).statusCode).toBe(200);
    expect((await stranger.client.get(photo.url)).statusCode).toBe(404);
    expect((await visitor.get(photo.url)).statusCode).toBe(404);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await admin.client.get(url)).json().claims[0].actions).toEqual([]);

    const answer = `${url}/${claim.id}/answer`;
    expect((await buyer.client.post(answer, { answer: 'accept' })).statusCode).toBe(409);
    expect((await stranger.client.post(answer, { answer: 'accept' })).statusCode).toBe(404);
    expect((await seller.client.post(`${url}/${MISSING_ID}/answer`, { answer: 'accept' })).statusCode).toBe(
      404,
    );
    const offerTooHigh = await seller.client.post(answer, { answer: 'offer', offeredCents: 40_000 });
    expect(offerTooHigh.statusCode).toBe(400);
    expect(errorOf(offerTooHigh).message).toBe(CLAIM_MESSAGES.offerBelowClaimed);
    const sellerPhoto = await uploadPrivateFile(seller.client, 'claim-evidence');
    const rejected = await seller.client.post(answer, { answer: 'reject', evidence: [sellerPhoto.id] });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    // The buyer reads the seller's evidence too.
    expect((await buyer.client.get(sellerPhoto.url)).statusCode).toBe(200);

    const respond = `${url}/${claim.id}/respond`;
    expect((await seller.client.post(respond, { response: 'escalate' })).statusCode).toBe(409);
    expect((await buyer.client.post(respond, { response: 'escalate' })).json()).toMatchObject({
      status: 'escalated',
    });

    const decision = `/api/admin/deals/${dealId}/claims/${claim.id}/decision`;
    const split = { buyerRefundCents: 20_000, sellerPayoutCents: 80_000, note: 'Half the bales were oily' };
    expect((await visitor.post(decision, split)).statusCode).toBe(401);
    expect((await buyer.client.post(decision, split)).statusCode).toBe(403);
    const queue = await admin.client.get('/api/admin/claims');
    expect(queue.json().claims.map((c: { id: string }) => c.id)).toEqual([claim.id]);
    expect((await seller.client.get('/api/admin/claims')).statusCode).toBe(403);
    expect((await admin.client.post(decision, { ...split, note: '' })).statusCode).toBe(400);
    expect((await admin.client.post(decision, { ...split, buyerRefundCents: 30_000 })).statusCode).toBe(400);
    const decided = await admin.client.post(decision, split);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'settled',
      split: { buyerRefundCents: 20_000, sellerPayoutCents: 80_000 },
    });
    expect((await admin.client.post(decision, split)).statusCode).toBe(409);
    await app.services.deals.whenIdle();
    const deal = (await seller.client.get(`/api/deals/${dealId}`)).json();
    expect(deal.latestClaim).toEqual({
      status: 'settled',
      split: { buyerRefundCents: 20_000, sellerPayoutCents: 80_000 },
    });
    expect(deal).toMatchObject({
      status: 'completed',
      escrowStatus: 'released',
      openClaimId: null,
      escrowHeldCents: 0,
    });
    expect((await admin.client.get('/api/admin/claims')).json().claims).toEqual([]);
    expect((await admin.client.get('/api/admin/claims?status=all')).json()).toMatchObject({
      claims: [{ id: claim.id }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    expect((await admin.client.get('/api/admin/claims?status=all&page=2')).json()).toMatchObject({
      claims: [],
      total: 1,
      page: 2,
    });
    const badPage = await admin.client.get('/api/admin/claims?page=0');
    expect(badPage.statusCode).toBe(400);
  });

  it('records the delivery once, by the buyer, and counts the claim window from it', async () => {
    const { buyer, seller, stranger, dealId } = await setup();
    const action = `/api/deals/${dealId}/actions`;
    const before = (await buyer.client.get(`/api/deals/${dealId}`)).json();
    expect(before.deliveredAt).toBeNull();
    expect(before.claimOpenUntil).toBe(before.autoReleaseAt);
    expect((await seller.client.post(action, { action: 'record-delivery' })).statusCode).toBe(409);
    expect((await stranger.client.post(action, { action: 'record-delivery' })).statusCode).toBe(404);
    const recorded = (await buyer.client.post(action, { action: 'record-delivery' })).json();
    expect(recorded.deliveredAt).not.toBeNull();
    expect(new Date(recorded.claimOpenUntil).getTime() - new Date(recorded.deliveredAt).getTime()).toBe(
      2 * 86_400_000,
    );
    const again = await buyer.client.post(action, { action: 'record-delivery' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(DEAL_MESSAGES.updateFailed);
  });
});
