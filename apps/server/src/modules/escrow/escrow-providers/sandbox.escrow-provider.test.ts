import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL, testEnv } from '../../../../test/build-test-app.ts';
import { postForm } from '../../../../test/factories/billing.ts';
import { EscrowProviderError } from '../escrow-provider.ts';
import { deriveEscrowWebhookSecret, signEscrowWebhook } from './escrow-webhook.ts';
import { createEscrowProvider } from './index.ts';

const INPUT = {
  dealId: '6f1c7f6a-4f57-4f60-9d1f-2c3c59c1e001',
  dealValueCents: 100_000,
  commissionCents: 3_000,
  totalCents: 103_000,
  buyerEmail: 'buyer@acme.test',
  sellerEmail: 'seller@metals.test',
  itemDescription: 'Copper wire scrap, 5 t',
  currency: 'USD' as const,
};

describe('sandbox escrow provider', () => {
  it('is the provider without ESCROW_API_KEY, and Escrow.com with it', async () => {
    const { app, database } = await buildTestApp();
    expect(app.services.escrowProvider.name).toBe('sandbox');
    const env = testEnv({
      escrowProvider: 'escrow.com',
      escrow: {
        apiUrl: 'https://api.escrow-sandbox.com/2017-09-01/',
        email: 'a@b.test',
        apiKey: 'k',
        webhookSecret: 'x'.repeat(20),
      },
    });
    const real = createEscrowProvider(env, {
      db: database.db,
      clock: { now: () => new Date() },
      events: app.services.escrowEvents,
    });
    expect(real).toMatchObject({ name: 'escrow.com', host: 'Escrow.com' });
  });

  it('creates a transaction with instructions and its hosted page', async () => {
    const { app } = await buildTestApp();
    const provider = app.services.escrowProvider;
    const tx = await provider.createTransaction(INPUT);
    expect(tx).toMatchObject({
      transactionId: expect.stringMatching(/^esc_sbx_[0-9a-f]{24}$/),
      status: 'awaiting_payment',
      amountCents: 103_000,
    });
    expect(tx.escrowUrl).toBe(`${TEST_APP_URL}/sandbox/escrow/${tx.transactionId}`);
    expect(tx.instructions).toContain('$1,030.00');
    expect(tx.instructions).toContain(tx.transactionId);
    expect(await provider.getTransaction(tx.transactionId)).toEqual(tx);
    expect(await provider.getTransaction('esc_sbx_missing')).toBeNull();

    const page = await createClient(app).get(`/sandbox/escrow/${tx.transactionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      '$1,030.00',
      'Awaiting wire transfer',
      'Wire instructions',
      'Simulate wire received',
      'Cancel transaction',
      'buyer@acme.test',
    ])
      expect(page.body).toContain(text);
    expect(page.body).not.toContain('<script');
    expect((await createClient(app).get('/sandbox/escrow/esc_sbx_missing')).statusCode).toBe(404);
  });

  it('refuses what a real escrow service refuses, in words escrowErrorMeaning understands', async () => {
    const { app } = await buildTestApp();
    const provider = app.services.escrowProvider;
    await expect(provider.createTransaction({ ...INPUT, sellerEmail: 'BUYER@acme.test' })).rejects.toThrow(
      /email/,
    );
    await expect(provider.createTransaction({ ...INPUT, totalCents: 0 })).rejects.toBeInstanceOf(
      EscrowProviderError,
    );
    const tx = await provider.createTransaction(INPUT);
    await expect(provider.releaseFunds(tx.transactionId)).rejects.toMatchObject({ status: 409 });
  });

  it('"Simulate wire received" funds the transaction and tells the listeners once', async () => {
    const { app } = await buildTestApp();
    const changed = vi.fn(async (_id: string) => {});
    app.services.escrowEvents.onTransactionChanged(changed);
    const tx = await app.services.escrowProvider.createTransaction(INPUT);
    const client = createClient(app);
    const res = await postForm(client, `/sandbox/escrow/${tx.transactionId}`, { action: 'fund' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(`/sandbox/escrow/${tx.transactionId}?notice=`);
    expect(changed).toHaveBeenCalledExactlyOnceWith(tx.transactionId);
    expect((await app.services.escrowProvider.getTransaction(tx.transactionId))?.status).toBe('funded');
    const page = await client.get(res.headers.location as string);
    expect(page.body).toContain('Wire received: the escrow is funded.');
    expect(page.body).not.toContain('Simulate wire received');

    // Pressing again (a second tab) changes nothing and notifies nobody.
    await postForm(client, `/sandbox/escrow/${tx.transactionId}`, { action: 'fund' });
    expect(changed).toHaveBeenCalledTimes(1);
    const cancel = await postForm(client, `/sandbox/escrow/${tx.transactionId}`, { action: 'cancel' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.body).toContain('cannot become cancelled');

    await app.services.escrowProvider.releaseFunds(tx.transactionId);
    await app.services.escrowProvider.releaseFunds(tx.transactionId);
    expect((await app.services.escrowProvider.getTransaction(tx.transactionId))?.status).toBe('released');
    await expect(app.services.escrowProvider.refundFunds(tx.transactionId)).rejects.toMatchObject({
      status: 409,
    });
  });

  it('"Cancel transaction" cancels an unfunded transaction; refunds return funded money', async () => {
    const { app } = await buildTestApp();
    const changed = vi.fn(async (_id: string) => {});
    app.services.escrowEvents.onTransactionChanged(changed);
    const provider = app.services.escrowProvider;
    const a = await provider.createTransaction(INPUT);
    const res = await postForm(createClient(app), `/sandbox/escrow/${a.transactionId}`, { action: 'cancel' });
    expect(res.statusCode).toBe(303);
    expect((await provider.getTransaction(a.transactionId))?.status).toBe('cancelled');
    expect(changed).toHaveBeenCalledWith(a.transactionId);
    expect(
      (await postForm(createClient(app), `/sandbox/escrow/${a.transactionId}`, { action: 'other' }))
        .statusCode,
    ).toBe(400);

    const b = await provider.createTransaction(INPUT);
    await postForm(createClient(app), `/sandbox/escrow/${b.transactionId}`, { action: 'fund' });
    await provider.refundFunds(b.transactionId);
    await provider.refundFunds(b.transactionId);
    expect((await provider.getTransaction(b.transactionId))?.status).toBe('refunded');
    const c = await provider.createTransaction(INPUT);
    await provider.refundFunds(c.transactionId);
    expect((await provider.getTransaction(c.transactionId))?.status).toBe('cancelled');
  });

  it('a failing listener is logged, and the page still answers', async () => {
    const { app } = await buildTestApp();
    app.services.escrowEvents.onTransactionChanged(async () => {
      throw new Error('deal sync failed');
    });
    const tx = await app.services.escrowProvider.createTransaction(INPUT);
    const res = await postForm(createClient(app), `/sandbox/escrow/${tx.transactionId}`, { action: 'fund' });
    expect(res.statusCode).toBe(303);
    expect((await app.services.escrowProvider.getTransaction(tx.transactionId))?.status).toBe('funded');
  });

  it('takes signed webhooks at POST /api/webhooks/escrow and refuses bad signatures with 400', async () => {
    const { app } = await buildTestApp();
    const changed = vi.fn(async (_id: string) => {});
    app.services.escrowEvents.onTransactionChanged(changed);
    const secret = deriveEscrowWebhookSecret(testEnv().authSecret);
    const body = JSON.stringify({ event: 'payment_approved', transaction_id: 4711 });
    const send = (signature: string | undefined, payload = body) =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/escrow',
        payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-escrow-signature': signature } : {}),
        },
      });
    const ok = await send(signEscrowWebhook(secret, body));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, transactionId: '4711' });
    expect(changed).toHaveBeenCalledExactlyOnceWith('4711');

    for (const bad of [undefined, 'deadbeef', signEscrowWebhook('another-secret-value', body)]) {
      const res = await send(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid webhook signature');
    }
    const tampered = await send(signEscrowWebhook(secret, body), body.replace('4711', '4712'));
    expect(tampered.statusCode).toBe(400);
    const empty = JSON.stringify({ event: 'ping' });
    const noId = await send(signEscrowWebhook(secret, empty), empty);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.message).toBe('The webhook names no transaction');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
