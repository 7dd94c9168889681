import { readdirSync, readFileSync } from 'node:fs';
import { MESSAGING_MESSAGES } from '@app/shared/messaging/messaging.schemas';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks, subscribedClient } from '../../../test/factories/billing.ts';
import { createListingOf, payCheckout } from '../../../test/factories/messaging.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { conversations } from './messaging.table.ts';

type Summary = { id: string; origin: string; canWrite: boolean; writeBlockedReason: string | null };

async function setup() {
  const { app, database } = await buildTestApp();
  const [buyer, seller] = await Promise.all([
    signedInClient(app, { fullName: 'Bea Buyer' }),
    signedInClient(app, { fullName: 'Sid Seller' }),
  ]);
  const listing = await createListingOf(seller.client, { title: 'Baled OCC cardboard' });
  return { app, database, buyer, seller, listing };
}

/** Makes an offer (one cent by default) and answers the deal's id. */
async function offer(client: TestClient, listingId: string, dealValue = 0.01) {
  const res = await client.post('/api/deals', { listingId, dealValue });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function act(client: TestClient, dealId: string, body: Record<string, unknown>) {
  const res = await client.post(`/api/deals/${dealId}/actions`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** The viewer's only conversation, as the list answers it. */
async function threadOf(client: TestClient): Promise<Summary> {
  const items = (await client.get('/api/conversations')).json().items as Summary[];
  expect(items).toHaveLength(1);
  return items[0];
}

const send = (client: TestClient, conversationId: string, content = 'Hello') =>
  client.post(`/api/conversations/${conversationId}/messages`, { content });

async function expectBlocked(client: TestClient, conversationId: string, reason: string) {
  const res = await send(client, conversationId, 'Can we talk?');
  expect([res.statusCode, res.json().error]).toEqual([
    402,
    { code: 'CONTACT_FEE_REQUIRED', message: reason },
  ]);
  expect(await threadOf(client)).toMatchObject({
    id: conversationId,
    origin: 'deal',
    canWrite: false,
    writeBlockedReason: reason,
  });
  // The thread stays readable.
  expect((await client.get(`/api/conversations/${conversationId}/messages`)).statusCode).toBe(200);
}

async function expectCanWrite(client: TestClient, conversationId: string, content = 'Thanks') {
  expect(await threadOf(client)).toMatchObject({ canWrite: true, writeBlockedReason: null });
  const res = await send(client, conversationId, content);
  expect(res.statusCode, res.body).toBe(201);
}

const contactFeePayments = async (client: TestClient) =>
  ((await client.get('/api/payments')).json().payments as Array<{ purpose: string; status: string }>).filter(
    (p) => p.purpose === 'contact_fee',
  );

describe('deal threads', () => {
  it('a one-cent offer opens no free channel: the buyer writes once the seller confirms, and not after the deal is cancelled', async () => {
    const { buyer, seller, listing } = await setup();
    const start = await buyer.client.post('/api/conversations', {
      listingId: listing.id,
      initialMessage: 'Hi, can we talk?',
    });
    expect(start.json()).toMatchObject({ status: 'payment_required', amountCents: 1000 });

    const dealId = await offer(buyer.client, listing.id);
    const thread = await threadOf(buyer.client);
    expect(thread.origin).toBe('deal');
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadWaiting);

    await act(seller.client, dealId, { action: 'confirm' });
    await expectCanWrite(buyer.client, thread.id, 'Thank you for confirming.');

    await act(buyer.client, dealId, { action: 'cancel' });
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);
    await expectBlocked(seller.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);
    const contents = (await seller.client.get(`/api/conversations/${thread.id}/messages`))
      .json()
      .items.map((m: { content: string }) => m.content);
    expect(contents).toContain('Thank you for confirming.');
    expect(contents).not.toContain('Can we talk?');
  });

  it('lets the seller ask before confirming, which opens the thread to the buyer', async () => {
    const { buyer, seller, listing } = await setup();
    const dealId = await offer(buyer.client, listing.id);
    const thread = await threadOf(seller.client);
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadWaiting);
    // POST /api/conversations does not open the thread for free either.
    const start = await buyer.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Hello?',
    });
    expect(start.json()).toMatchObject({ status: 'payment_required' });

    await expectCanWrite(seller.client, thread.id, 'Is the cent per ton or per lot?');
    await expectCanWrite(buyer.client, thread.id, 'Per lot.');
    // Once the seller wrote, a start from the listing goes into the thread, free.
    const again = await buyer.client.post('/api/conversations', {
      listingId: listing.id,
      initialMessage: 'Still there?',
    });
    expect(again.json()).toMatchObject({ status: 'opened', conversation: { id: thread.id, canWrite: true } });

    // A rejected deal ends cancelled: the thread closes for both free users.
    await act(seller.client, dealId, { action: 'reject' });
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);
    await expectBlocked(seller.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);
  });

  it('a seller counter-offer opens the thread, also after the buyer counters back', async () => {
    const { buyer, seller, listing } = await setup();
    const dealId = await offer(buyer.client, listing.id);
    const thread = await threadOf(buyer.client);
    await act(seller.client, dealId, { action: 'counter-offer', dealValue: 1800 });
    await expectCanWrite(buyer.client, thread.id);
    await act(buyer.client, dealId, { action: 'counter-offer', dealValue: 0.02 });
    await expectCanWrite(buyer.client, thread.id, 'Meet me at two cents?');
  });

  it('posts the platform’s deal messages into a closed thread, and a new offer waits for the seller again', async () => {
    const { buyer, seller, listing } = await setup();
    const first = await offer(buyer.client, listing.id);
    const thread = await threadOf(buyer.client);
    await act(buyer.client, first, { action: 'cancel' });
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);

    await offer(buyer.client, listing.id, 0.02);
    const items = (await seller.client.get(`/api/conversations/${thread.id}/messages`)).json()
      .items as Array<{
      messageType: string;
    }>;
    expect(items.filter((m) => m.messageType === 'deal')).toHaveLength(2);
    await expectBlocked(buyer.client, thread.id, MESSAGING_MESSAGES.dealThreadWaiting);
  });

  it('paying the contact fee turns a closed deal thread into a general conversation, without a refund', async () => {
    const { app, buyer, seller, listing } = await setup();
    const dealId = await offer(buyer.client, listing.id);
    const thread = await threadOf(buyer.client);
    await act(buyer.client, dealId, { action: 'cancel' });

    const start = await buyer.client.post('/api/conversations', {
      listingId: listing.id,
      initialMessage: 'I would like to buy the whole lot.',
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ status: 'payment_required', amountCents: 1000 });
    await payCheckout(buyer.client, start.json().checkoutUrl);
    await settleWebhooks(app);
    await expect
      .poll(
        async () => (await buyer.client.get(`/api/contact-requests/${start.json().contactRequestId}`)).json(),
        { timeout: 15_000 },
      )
      .toMatchObject({ status: 'opened', conversationId: thread.id });
    await app.services.messaging.settleContactRequests();

    expect(await threadOf(buyer.client)).toMatchObject({ id: thread.id, origin: 'contact', canWrite: true });
    const messages = (await seller.client.get(`/api/conversations/${thread.id}/messages`)).json().items;
    expect(messages.at(-1)).toMatchObject({ content: 'I would like to buy the whole lot.' });
    await expectCanWrite(seller.client, thread.id, 'Welcome back.');
    await expectCanWrite(buyer.client, thread.id, 'Thanks.');
    expect(await contactFeePayments(buyer.client)).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ]);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueContactFees)).toBe(-1000);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(0);
  });

  it('lets a premium buyer write freely; a premium start makes the thread a general conversation', async () => {
    const { app, seller, listing } = await setup();
    const premium = await subscribedClient(app);
    const dealId = await offer(premium.client, listing.id);
    const thread = await threadOf(premium.client);
    expect(thread).toMatchObject({ origin: 'deal', canWrite: true });
    await expectCanWrite(premium.client, thread.id, 'Premium question.');
    await act(premium.client, dealId, { action: 'cancel' });
    await expectCanWrite(premium.client, thread.id, 'Still here.');
    await expectBlocked(seller.client, thread.id, MESSAGING_MESSAGES.dealThreadClosed);

    const start = await premium.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Let us talk about other lots.',
    });
    expect(start.json()).toMatchObject({
      status: 'opened',
      conversation: { id: thread.id, origin: 'contact', canWrite: true },
    });
    await expectCanWrite(seller.client, thread.id, 'Happy to.');
  });

  it('answers visitors 401, a third user and an administrator outside the thread 404', async () => {
    const { app, buyer, listing } = await setup();
    await offer(buyer.client, listing.id);
    const thread = await threadOf(buyer.client);
    const [third, admin] = await Promise.all([signedInClient(app), adminClient(app)]);
    expect((await send(createClient(app), thread.id)).statusCode).toBe(401);
    for (const client of [third.client, admin.client]) {
      for (const res of [await send(client, thread.id), await client.get(`/api/conversations/${thread.id}`)])
        expect([res.statusCode, res.json().error.message]).toEqual([
          404,
          MESSAGING_MESSAGES.conversationNotFound,
        ]);
    }
  });

  it('an administrator trading as a free user follows the same rule', async () => {
    const { app, seller, listing } = await setup();
    const admin = await adminClient(app);
    await offer(admin.client, listing.id);
    const thread = await threadOf(admin.client);
    await expectBlocked(admin.client, thread.id, MESSAGING_MESSAGES.dealThreadWaiting);
    await expectCanWrite(seller.client, thread.id, 'Hello admin.');
    await expectCanWrite(admin.client, thread.id, 'Hello seller.');
  });

  it('the backfill marks conversations a deal opened as deal threads and leaves the others', async () => {
    const { app, database, buyer, seller, listing } = await setup();
    const other = await signedInClient(app);
    // A deal's thread from before the column (origin defaulted to contact).
    await offer(buyer.client, listing.id);
    const dealThread = await threadOf(buyer.client);
    // A deal whose message never reached its thread: the subject and the deal tell.
    const { conversation: orphan } = await app.services.messaging.openConversation({
      starterId: other.user.id,
      recipientId: seller.user.id,
      subject: 'Deal: Baled OCC cardboard',
      listingId: listing.id,
      origin: 'contact',
      firstMessage: { content: 'Hello' },
    });
    await offer(other.client, listing.id);
    // A general conversation whose subject merely starts with "Deal: ".
    const { conversation: general } = await app.services.messaging.openConversation({
      starterId: other.user.id,
      recipientId: buyer.user.id,
      subject: 'Deal: anything',
      origin: 'contact',
      firstMessage: { content: 'Hi' },
    });
    await database.db.update(conversations).set({ origin: 'contact' });

    const file = readdirSync(new URL('../../../drizzle/', import.meta.url)).find((f) =>
      f.endsWith('_conversation-origin-backfill.sql'),
    );
    if (!file) throw new Error('backfill migration missing');
    await database.db.execute(
      sql.raw(readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8')),
    );
    const origin = async (id: string) =>
      (await database.db.select().from(conversations).where(eq(conversations.id, id)))[0]?.origin;
    expect(await origin(dealThread.id)).toBe('deal');
    expect(await origin(orphan.id)).toBe('deal');
    expect(await origin(general.id)).toBe('contact');
  });
});
