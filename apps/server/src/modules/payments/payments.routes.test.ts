import {
  PAYMENT_ALREADY_MADE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
} from '@app/shared/payments/payments.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import {
  adminClient,
  pathOf,
  postForm,
  SUCCESS_CARD,
  settleWebhooks,
} from '../../../test/factories/billing.ts';
import { featuredListingCheckout } from '../../../test/factories/payments.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { type PaymentRow, revenueBooks } from './payments.service.ts';

/** Replaces the listings module's featured-listing handler with one that records each call (and can fail the first ones). */
function recordFulfilments(app: FastifyInstance, opts: { failFirst?: number } = {}) {
  const calls: PaymentRow[] = [];
  let failures = opts.failFirst ?? 0;
  app.services.payments.registerPurposeHandler(
    'featured_listing',
    {
      books: revenueBooks(app.services.ledger, LEDGER_ACCOUNTS.revenueFeaturedListings),
      async onSucceeded(payment, tx) {
        // The handler writes with the booking transaction: a failure rolls everything back.
        await tx.execute(sql`select 1`);
        if (failures-- > 0) throw new Error('listing service unavailable');
        calls.push(payment);
      },
    },
    { replace: true },
  );
  return calls;
}

async function payOnSandbox(client: ReturnType<typeof createClient>, url: string) {
  return postForm(client, pathOf(url), {
    action: 'pay',
    email: 'payer@example.test',
    method: 'card',
    ...SUCCESS_CARD,
  });
}

describe('one-time payments', () => {
  it('creates a payment once per payer and target, books it when paid and tells the owning domain exactly once', async () => {
    const { app } = await buildTestApp();
    const calls = recordFulfilments(app);
    const { client, user } = await signedInClient(app);
    const payments = app.services.payments;

    const first = await payments.startCheckout(featuredListingCheckout(user));
    const again = await payments.startCheckout(featuredListingCheckout(user));
    expect(again.payment.id).toBe(first.payment.id);
    expect(again.url).toBe(first.url);
    expect(first.payment).toMatchObject({
      status: 'pending',
      amountCents: 1500,
      purpose: 'featured_listing',
    });

    const page = await client.get(pathOf(first.url));
    expect(page.body).toContain('Pay $15.00');
    expect(page.body).toContain('One-time payment.');
    const paid = await payOnSandbox(client, first.url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_APP_URL}/manage-listings?featured=success`);

    await expect
      .poll(async () => (await client.get(`/api/payments/${first.payment.id}`)).json().status, {
        timeout: 15_000,
      })
      .toBe('succeeded');
    await settleWebhooks(app);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ id: first.payment.id, targetId: 'lst_1', status: 'succeeded' });
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueFeaturedListings)).toBe(-1500);

    // Duplicate deliveries and a second webhook-triggered sync fulfil nothing twice.
    const sandbox = app.services.sandbox;
    for (const e of (await sandbox?.listEvents()) ?? []) {
      const body = JSON.stringify(e.payload);
      await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'sandbox-signature': sandbox?.signPayload(body) ?? '',
        },
      });
    }
    const session = (await sandbox?.listEvents())?.[0].payload as { data: { object: { id: string } } };
    await payments.syncCheckoutSession(session.data.object.id);
    expect(calls).toHaveLength(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueFeaturedListings)).toBe(-1500);

    await expect(payments.startCheckout(featuredListingCheckout(user))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PAYMENT_ALREADY_MADE_MESSAGE,
    });
    const resume = await client.post(`/api/payments/${first.payment.id}/checkout`);
    expect(resume.statusCode).toBe(409);
  });

  it('rolls back a failing success handler with its booking, and completes it when the webhook is retried', async () => {
    const { app } = await buildTestApp();
    const calls = recordFulfilments(app, { failFirst: 1 });
    const { client, user } = await signedInClient(app);
    const { payment, url } = await app.services.payments.startCheckout(featuredListingCheckout(user));
    await payOnSandbox(client, url);
    await expect.poll(() => calls.length, { timeout: 20_000, interval: 200 }).toBe(1);
    // The handler runs inside the booking's transaction, so its call is seen a moment before the commit.
    await expect
      .poll(async () => (await app.services.payments.getPayment(payment.id, user.id)).status, {
        timeout: 5_000,
      })
      .toBe('succeeded');
    expect(calls).toHaveLength(1);
    const [tx] = await app.services.ledger.listForReference('payment', payment.id);
    expect(tx.entries.map((e) => [e.account, e.amountCents])).toEqual([
      [LEDGER_ACCOUNTS.cashProvider, 1500],
      [LEDGER_ACCOUNTS.revenueFeaturedListings, -1500],
    ]);
    expect(await app.services.ledger.listForReference('payment', payment.id)).toHaveLength(1);
  });

  it('holds escrow funding in the deal escrow account and refunds it back out of it', async () => {
    const { app } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    const payments = app.services.payments;
    const { payment, url } = await payments.startCheckout({
      user: { ...user, name: 'Buyer' },
      purpose: 'escrow_funding',
      targetType: 'deal',
      targetId: 'deal_42',
      amountCents: 2_575_000,
      description: 'Escrow for deal 42',
      successPath: '/dashboard?escrow=success',
      cancelPath: '/dashboard?escrow=cancelled',
    });
    await payOnSandbox(client, url);
    await expect
      .poll(async () => (await payments.getPayment(payment.id, user.id)).status, { timeout: 15_000 })
      .toBe('succeeded');
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.escrowHeld('deal_42'))).toBe(-2_575_000);

    const refund = await payments.refundPayment(payment.id, {
      refundKey: 'escrow-refund:deal_42',
      failureMessage: 'Failed to refund escrow funds',
    });
    expect((await payments.getPayment(payment.id, user.id)).status).toBe('refunded');
    expect(
      await app.services.ledger.getBalances([
        LEDGER_ACCOUNTS.escrowHeld('deal_42'),
        LEDGER_ACCOUNTS.cashProvider,
      ]),
    ).toEqual({ [LEDGER_ACCOUNTS.escrowHeld('deal_42')]: 0, [LEDGER_ACCOUNTS.cashProvider]: 0 });
    await settleWebhooks(app);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
    await expect(
      payments.refundPayment(payment.id, { refundKey: 'another-refund', failureMessage: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // Asked again under its own key, the refund is the one made: nothing is sent back twice.
    await expect(
      payments.refundPayment(payment.id, { refundKey: 'escrow-refund:deal_42', failureMessage: 'x' }),
    ).resolves.toMatchObject({ id: refund.id });
    expect((await payments.getPayment(payment.id, user.id)).refundedCents).toBe(2_575_000);
  });

  it('refuses amounts the provider cannot charge', async () => {
    const { app } = await buildTestApp();
    const { user } = await signedInClient(app);
    for (const amountCents of [0, -100, 10.5, 49, 100_000_001]) {
      await expect(
        app.services.payments.startCheckout({ ...featuredListingCheckout(user), amountCents }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('who may see a payment', () => {
  it('shows a payment to its payer and administrators only; visitors must sign in', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const admin = await adminClient(app);
    const { payment, url } = await app.services.payments.startCheckout(featuredListingCheckout(owner.user));

    expect((await owner.client.get(`/api/payments/${payment.id}`)).json()).toMatchObject({
      id: payment.id,
      status: 'pending',
    });
    expect((await admin.client.get(`/api/payments/${payment.id}`)).statusCode).toBe(200);
    const foreign = await other.client.get(`/api/payments/${payment.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(PAYMENT_NOT_FOUND_MESSAGE);
    expect((await createClient(app).get(`/api/payments/${payment.id}`)).statusCode).toBe(401);
    expect((await createClient(app).get('/api/payments')).statusCode).toBe(401);

    // Only the payer may reopen the checkout; the URL is the same open session.
    expect((await other.client.post(`/api/payments/${payment.id}/checkout`)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/payments/${payment.id}/checkout`)).statusCode).toBe(404);
    const resumed = await owner.client.post(`/api/payments/${payment.id}/checkout`);
    expect(resumed.json()).toEqual({ url });

    expect((await other.client.get('/api/payments')).json()).toEqual({ payments: [] });
    expect((await owner.client.get('/api/payments')).json().payments).toHaveLength(1);
    // An id longer than the router accepts: a 400 in the one error shape.
    const tooLong = await owner.client.get(`/api/payments/${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'A path parameter is too long' },
    });
  });

  it('shows the books to administrators only', async () => {
    const { app } = await buildTestApp();
    const user = await signedInClient(app);
    const admin = await adminClient(app);
    expect((await createClient(app).get('/api/admin/ledger')).statusCode).toBe(401);
    expect((await user.client.get('/api/admin/ledger')).statusCode).toBe(403);
    const books = await admin.client.get('/api/admin/ledger');
    expect(books.json()).toEqual({
      balanced: true,
      unbalancedTransactions: [],
      totalCents: 0,
      escrowReconciled: true,
      escrowMismatches: [],
      balances: [],
    });
  });
});
