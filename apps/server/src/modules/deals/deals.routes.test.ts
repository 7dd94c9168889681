import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEAL_MESSAGES, DealListSchema, DealSchema } from '@app/shared/deals/deals.schemas';
import { AMOUNT_DECIMALS_MESSAGE, AMOUNT_TOO_LARGE_MESSAGE } from '@app/shared/money/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks } from '../../../test/factories/billing.ts';
import { paySandboxCheckout } from '../../../test/factories/deals.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { race } from '../../../test/factories/money.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Env } from '../../config/env.ts';

const MISSING_ID = '7d9f1c8e-0000-4000-8000-000000000000';

async function setup(opts: { env?: Partial<Env> } = {}) {
  const { app } = await buildTestApp({ env: opts.env });
  const [buyer, seller, other, admin] = await Promise.all([
    signedInClient(app),
    signedInClient(app),
    signedInClient(app),
    adminClient(app),
  ]);
  await createCompanyOf(seller.client, { contactEmail: 'sales@seller-co.test' });
  const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
  return { app, buyer, seller, other, admin, listing, visitor: createClient(app) };
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('deals routes', () => {
  it('refuses quantities that are not finite, past 1,000,000, below 0.0001 or of more than 4 decimals, and values that are not finite', async () => {
    const { buyer, listing } = await setup();
    // Raw JSON: 1e400 parses to Infinity, which a JS object cannot carry through JSON.stringify.
    const raw = (url: string, json: string) =>
      buyer.client.request({
        method: 'POST',
        url,
        payload: json,
        headers: { 'content-type': 'application/json' },
      });
    const offer = (quantity: string, dealValue = '1000') =>
      raw('/api/deals', `{"listingId":"${listing.id}","dealValue":${dealValue},"quantity":${quantity}}`);
    const cases: Array<[Promise<{ statusCode: number; json(): unknown }>, string]> = [
      [offer('1e-9'), DEAL_MESSAGES.quantityTooSmall],
      [offer('0.00004'), DEAL_MESSAGES.quantityTooSmall],
      [offer('1e400'), DEAL_MESSAGES.quantityNotFinite],
      [offer('-1e400'), DEAL_MESSAGES.quantityNotFinite],
      [offer('2e9'), DEAL_MESSAGES.quantityTooLarge],
      [offer('1', '1e400'), AMOUNT_TOO_LARGE_MESSAGE],
      [offer('1', '"1e400"'), AMOUNT_TOO_LARGE_MESSAGE],
      [
        raw('/api/deals/buy-now', `{"listingId":"${listing.id}","quantity":1e-9}`),
        DEAL_MESSAGES.quantityTooSmall,
      ],
      [
        raw('/api/deals/buy-now', `{"listingId":"${listing.id}","quantity":1e400}`),
        DEAL_MESSAGES.quantityNotFinite,
      ],
    ];
    for (const [request, message] of cases) {
      const res = await request;
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res)).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', message }));
    }
    expect((await buyer.client.get('/api/deals')).json().deals).toHaveLength(0);

    // A deal stores 4 decimals of quantity: more is refused, never rounded, so what the buyer sent is
    // what the deal holds.
    const precise = await offer('1.23456');
    expect(precise.statusCode).toBe(400);
    expect(errorOf(precise).message).toBe(DEAL_MESSAGES.quantityDecimals);
    const kept = await offer('1.2345');
    expect(kept.statusCode).toBe(201);
    expect(DealSchema.parse(kept.json()).quantity).toBe(1.2345);
  });

  it('enforces sign-in, ownership and the spec messages on creation', async () => {
    const { app, buyer, seller, listing, visitor } = await setup();

    const signedOut = await visitor.get('/api/deals');
    expect(signedOut.statusCode).toBe(401);
    expect(errorOf(signedOut).message).toBe(DEAL_MESSAGES.signInToView);
    const signedOutCreate = await visitor.post('/api/deals', { listingId: listing.id, dealValue: 100 });
    expect(signedOutCreate.statusCode).toBe(401);
    expect(errorOf(signedOutCreate).message).toBe(DEAL_MESSAGES.signInToCreate);
    const signedOutBuy = await visitor.post('/api/deals/buy-now', { listingId: listing.id });
    expect(signedOutBuy.statusCode).toBe(401);

    const cases: Array<[unknown, number, string]> = [
      [{ listingId: 'not-a-uuid', dealValue: 100 }, 400, DEAL_MESSAGES.invalidListingId],
      [{ listingId: MISSING_ID, dealValue: 100 }, 404, DEAL_MESSAGES.listingMissing],
      [{ listingId: listing.id, dealValue: 0 }, 400, DEAL_MESSAGES.valueAboveZero],
      [{ listingId: listing.id, dealValue: -5 }, 400, 'Invalid amount: must be a positive number'],
      [{ listingId: listing.id, dealValue: 'abc' }, 400, 'Invalid amount: must be a positive number'],
      [{ listingId: listing.id, dealValue: 1_000_000.01 }, 400, AMOUNT_TOO_LARGE_MESSAGE],
    ];
    for (const [body, status, message] of cases) {
      const res = await buyer.client.post('/api/deals', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(res).message).toBe(message);
    }
    const own = await seller.client.post('/api/deals', { listingId: listing.id, dealValue: 100 });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(DEAL_MESSAGES.cannotDealOwn);
    const ownBuy = await seller.client.post('/api/deals/buy-now', { listingId: listing.id });
    expect(ownBuy.statusCode).toBe(403);
    expect(errorOf(ownBuy).message).toBe(DEAL_MESSAGES.cannotBuyOwn);
    const badBuy = await buyer.client.post('/api/deals/buy-now', { listingId: 'x' });
    expect(errorOf(badBuy).message).toBe(DEAL_MESSAGES.invalidListingId);

    const created = await buyer.client.post('/api/deals', {
      listingId: listing.id,
      dealValue: '1500.25',
      notes: 'Lot 7',
    });
    expect(created.statusCode).toBe(201);
    const deal = DealSchema.parse(created.json());
    expect(deal).toMatchObject({
      dealValueCents: 150_025,
      commissionCents: 4_501, // 3% is 4,500.75 cents: rounded half up
      status: 'initiated',
      role: 'buyer',
    });
    const max = await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1_000_000 });
    expect(max.statusCode).toBe(201);

    // Both parties are told; the deal appears in the buyer-seller conversation as a deal message.
    await waitForEmail(app, buyer.user.email, 'deal-created');
    await waitForEmail(app, seller.user.email, 'deal-created');
    const conversations = (await seller.client.get('/api/conversations')).json().items;
    expect(conversations).toHaveLength(1);
    const messages = (await seller.client.get(`/api/conversations/${conversations[0].id}/messages`)).json()
      .items;
    expect(messages.some((m: { messageType: string }) => m.messageType === 'deal')).toBe(true);

    const buyNow = await buyer.client.post('/api/deals/buy-now', { listingId: listing.id });
    expect(buyNow.statusCode).toBe(201);
    expect(buyNow.json()).toMatchObject({ dealValueCents: 190_000, dealType: 'buy_now' });
    expect(buyNow.json().notes).toContain('Buy Now');
  });

  it('ten concurrent Buy Now clicks make one deal; a repeat answers with it until it is over', async () => {
    const { buyer, other, listing } = await setup();
    // Part of the lot, so another buyer can still buy some of what remains.
    const clicks = await race(10, () =>
      buyer.client.post('/api/deals/buy-now', { listingId: listing.id, quantity: 5 }),
    );
    const answers = clicks.map((c) => (c.status === 'fulfilled' ? c.value : null));
    expect(answers.map((a) => a?.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((a) => a?.json().id));
    expect(ids.size).toBe(1);
    const [dealId] = ids;
    const mine = (await buyer.client.get('/api/deals')).json().deals;
    expect(mine.map((d: { id: string }) => d.id)).toEqual([dealId]);
    // Another buyer gets a deal of their own.
    const otherBuy = await other.client.post('/api/deals/buy-now', { listingId: listing.id });
    expect(otherBuy.statusCode, otherBuy.body).toBe(201);
    // Once cancelled, Buy Now makes a new deal.
    expect((await buyer.client.post(`/api/deals/${dealId}/actions`, { action: 'cancel' })).statusCode).toBe(
      200,
    );
    const again = await buyer.client.post('/api/deals/buy-now', { listingId: listing.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(dealId);
  });

  it('shows a deal to its parties and administrators only, and applies actions by the machine', async () => {
    const { buyer, seller, other, admin, listing, visitor } = await setup();
    const deal = (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 })).json();

    expect((await visitor.get(`/api/deals/${deal.id}`)).statusCode).toBe(401);
    const stranger = await other.client.get(`/api/deals/${deal.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).message).toBe(DEAL_MESSAGES.dealNotFound);
    expect((await other.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' })).statusCode).toBe(
      404,
    );
    expect((await admin.client.get(`/api/deals/${deal.id}`)).json()).toMatchObject({
      id: deal.id,
      role: null,
    });
    expect((await seller.client.get(`/api/deals/${deal.id}`)).json().role).toBe('seller');
    const badId = await buyer.client.get('/api/deals/nope');
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).message).toBe(DEAL_MESSAGES.invalidDealId);
    expect((await buyer.client.get(`/api/deals/${MISSING_ID}`)).statusCode).toBe(404);

    const list = DealListSchema.parse((await seller.client.get('/api/deals')).json());
    expect(list.deals.map((d) => d.id)).toEqual([deal.id]);
    expect((await other.client.get('/api/deals')).json().deals).toEqual([]);

    const ship = await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'ship-goods' });
    expect(ship.statusCode).toBe(409);
    expect(errorOf(ship)).toEqual({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
      message: DEAL_MESSAGES.cannotCompleteNotFunded,
    });
    const unknown = await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'escrow-funded' });
    expect(unknown.statusCode).toBe(400);
    const noReason = await buyer.client.post(`/api/deals/${deal.id}/actions`, {
      action: 'open-dispute',
      reason: ' ',
    });
    expect(errorOf(noReason).message).toBe(DEAL_MESSAGES.disputeReasonRequired);

    const [a, b] = await Promise.all([
      buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' }),
      buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const agreed = await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
    expect(agreed.json()).toMatchObject({ status: 'agreed', buyerConfirmed: true, sellerConfirmed: true });

    const sellerFunds = await seller.client.post(`/api/deals/${deal.id}/fund`, { method: 'card' });
    expect(sellerFunds.statusCode).toBe(409);
    expect((await visitor.post(`/api/deals/${deal.id}/fund`, { method: 'card' })).statusCode).toBe(401);

    expect((await buyer.client.get('/api/admin/deals')).statusCode).toBe(403);
    expect((await visitor.get('/api/admin/deals')).statusCode).toBe(401);
    expect((await admin.client.get('/api/admin/deals?status=all')).json().deals).toHaveLength(1);
    const adminOnDispute = await admin.client.post(`/api/admin/deals/${deal.id}/actions`, {
      action: 'release-escrow',
    });
    expect(adminOnDispute.statusCode).toBe(409);
    expect(
      (await buyer.client.post(`/api/admin/deals/${deal.id}/actions`, { action: 'refund-escrow' }))
        .statusCode,
    ).toBe(403);
  });

  it('runs a card deal end to end: fund in the sandbox checkout, ship, release, commission settled', async () => {
    const { app, buyer, seller, listing } = await setup();
    const deal = (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 })).json();
    await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
    await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });

    const fund = await buyer.client.post(`/api/deals/${deal.id}/fund`, { method: 'card' });
    expect(fund.statusCode).toBe(200);
    expect(fund.json()).toMatchObject({
      kind: 'checkout',
      breakdown: { dealValueCents: 100_000, commissionCents: 3_000, feeCents: 2_987, totalCents: 105_987 },
    });
    const location = await paySandboxCheckout(app, fund.json().url);
    expect(location).toBe(`${TEST_APP_URL}/dashboard?escrow=success`);
    await settleWebhooks(app);
    await app.services.deals.whenIdle();
    const funded = (await seller.client.get(`/api/deals/${deal.id}`)).json();
    expect(funded).toMatchObject({ status: 'escrow_created', escrowStatus: 'held' });
    expect(funded.escrowPayment).toMatchObject({ method: 'card', status: 'held', amountCents: 105_987 });

    expect(
      (await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'ship-goods' })).json().status,
    ).toBe('completed');
    await waitForEmail(app, buyer.user.email, 'deal-shipped');
    const released = await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'release-escrow' });
    expect(released.json()).toMatchObject({
      status: 'completed',
      escrowStatus: 'released',
      commission: { settled: true },
    });
    const again = await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'release-escrow' });
    expect(again.statusCode).toBe(409);
    const commission = await buyer.client.post(`/api/deals/${deal.id}/commission`, { payer: 'buyer' });
    expect(commission.statusCode).toBe(409);
    expect(errorOf(commission).message).toBe(DEAL_MESSAGES.commissionSettled);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
  });

  it('escrow required off (/admin/system): new deals ship unfunded and complete, existing deals keep their snapshot', async () => {
    const { app, buyer, seller, admin, listing } = await setup();
    const action = (who: typeof buyer, id: string, body: Record<string, unknown>) =>
      who.client.post(`/api/deals/${id}/actions`, body);
    const agreedDeal = async () => {
      const created = DealSchema.parse(
        (
          await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000, quantity: 1 })
        ).json(),
      );
      await action(buyer, created.id, { action: 'confirm' });
      await action(seller, created.id, { action: 'confirm' });
      return created;
    };

    // Default on: today's behaviour, shipping waits for escrow.
    const before = await agreedDeal();
    expect(before.escrowRequired).toBe(true);
    const refused = await action(seller, before.id, { action: 'ship-goods' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
      message: DEAL_MESSAGES.cannotCompleteNotFunded,
    });

    const off = await admin.client.patch('/api/admin/settings', { 'deals.escrow_required': false });
    expect(off.statusCode).toBe(200);
    const optional = await agreedDeal();
    expect(optional.escrowRequired).toBe(false);
    // The earlier deal keeps the setting it was created under.
    expect((await seller.client.get(`/api/deals/${before.id}`)).json().escrowRequired).toBe(true);
    expect((await action(seller, before.id, { action: 'ship-goods' })).statusCode).toBe(409);

    const shipped = await action(seller, optional.id, { action: 'ship-goods' });
    expect(shipped.statusCode).toBe(200);
    expect(DealSchema.parse(shipped.json())).toMatchObject({
      status: 'completed',
      escrowStatus: 'none',
      escrowRequired: false,
      autoReleaseAt: null,
      deliveredAt: null,
      openClaimId: null,
      escrowSplittable: true,
      claimOpenUntil: null,
      latestClaim: null,
      escrowHeldCents: 0,
      commission: { settled: false },
    });
    const email = await waitForEmail(app, buyer.user.email, 'deal-shipped');
    expect(email.textBody).toContain('No escrow was used for this deal');
    expect((await action(buyer, optional.id, { action: 'release-escrow' })).statusCode).toBe(409);

    // Turning the setting back on does not change the escrow-optional deal either.
    await admin.client.patch('/api/admin/settings', { 'deals.escrow_required': true });
    expect((await buyer.client.get(`/api/deals/${optional.id}`)).json().escrowRequired).toBe(false);

    const commission = await buyer.client.post(`/api/deals/${optional.id}/commission`, { payer: 'buyer' });
    expect(commission.statusCode).toBe(200);
    expect(commission.json().shareCents).toBe(3_000);
    await paySandboxCheckout(app, commission.json().url);
    await settleWebhooks(app);
    expect((await buyer.client.get(`/api/deals/${optional.id}`)).json().commission.settled).toBe(true);
    expect(await app.services.ledger.getBalance('revenue:commission')).toBe(-3_000);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
  });

  it("maps escrow-provider failures to the spec's messages, with the provider's host and the meaning", async () => {
    // A local stand-in for Escrow.com answering each create request from a script.
    const answers: Array<{ status: number; body: unknown }> = [
      { status: 401, body: { error: 'Unauthorized' } },
      { status: 400, body: { message: 'Invalid value for field items[0].schedule' } },
      { status: 201, body: { items: [] } },
    ];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const answer = answers.shift() ?? { status: 500, body: { error: 'unexpected call' } };
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { app, buyer, seller, listing } = await setup({
      env: {
        escrowProvider: 'escrow.com',
        escrow: {
          apiUrl: `http://127.0.0.1:${port}/2017-09-01/`,
          email: 'platform@recytrade.test',
          apiKey: 'key_123',
          webhookSecret: undefined,
        },
      },
    });
    try {
      const deal = (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 })).json();
      await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
      await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' });
      const fund = () => buyer.client.post(`/api/deals/${deal.id}/fund`, { method: 'escrow_wire' });
      const expected: Array<[string, string]> = [
        [DEAL_MESSAGES.escrowServiceError, 'Authentication with the escrow service failed.'],
        [DEAL_MESSAGES.escrowServiceError, 'Invalid transaction data.'],
        [DEAL_MESSAGES.noTransactionId, DEAL_MESSAGES.noTransactionId],
      ];
      for (const [message, meaning] of expected) {
        const res = await fund();
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({
          error: { code: 'PAYMENT_PROVIDER_ERROR', message, details: { host: 'Escrow.com', meaning } },
        });
      }
      await new Promise((resolve) => server.close(resolve));
      const unreachable = await fund();
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().error).toEqual({
        code: 'PAYMENT_PROVIDER_ERROR',
        message: DEAL_MESSAGES.noEscrowResponse,
        details: { host: 'Escrow.com', meaning: DEAL_MESSAGES.noEscrowResponse },
      });
      // Nothing was started: the deal still waits for its funding.
      expect((await buyer.client.get(`/api/deals/${deal.id}`)).json()).toMatchObject({
        status: 'agreed',
        escrowStatus: 'none',
        escrowPayment: null,
      });
      expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
    } finally {
      server.close();
    }
  });

  it('refuses a value with more than 2 decimals or past $1,000,000 instead of rounding it, and keeps the rest', async () => {
    const { buyer, seller, listing } = await setup();
    const expectRefused = (res: { statusCode: number; json(): unknown }, message: string, label: string) => {
      expect(res.statusCode, label).toBe(400);
      expect(errorOf(res), label).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', message }));
    };
    const offer = (dealValue: unknown, quantity?: number) =>
      buyer.client.post('/api/deals', { listingId: listing.id, dealValue, ...(quantity && { quantity }) });
    expectRefused(await offer(1.005), AMOUNT_DECIMALS_MESSAGE, 'offer 1.005');
    expectRefused(await offer('1.005'), AMOUNT_DECIMALS_MESSAGE, 'offer "1.005"');
    expectRefused(await offer(22_000_000), AMOUNT_TOO_LARGE_MESSAGE, 'offer 22,000,000');
    expect(AMOUNT_TOO_LARGE_MESSAGE).toContain('1,000,000');
    expect((await buyer.client.get('/api/deals')).json().deals).toHaveLength(0);
    const kept = await offer(1.01, 1.2345);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ dealValueCents: 101, quantity: 1.2345 });
    const counter = (dealValue: unknown) =>
      seller.client.post(`/api/deals/${kept.json().id}/actions`, { action: 'counter-offer', dealValue });
    expectRefused(await counter(2.675), AMOUNT_DECIMALS_MESSAGE, 'counter-offer 2.675');
    const countered = await counter(2.68);
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().dealValueCents).toBe(268);
  });
});
