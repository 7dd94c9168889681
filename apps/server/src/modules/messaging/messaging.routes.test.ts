import { MESSAGING_MESSAGES } from '@app/shared/messaging/messaging.schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { settleWebhooks, subscribedClient } from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf, payCheckout } from '../../../test/factories/messaging.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { contactRequests } from './messaging.table.ts';

const contactFeePayments = async (client: TestClient) =>
  ((await client.get('/api/payments')).json().payments as Array<{ purpose: string; status: string }>).filter(
    (p) => p.purpose === 'contact_fee',
  );

async function waitForContactRequest(client: TestClient, id: string, status: string) {
  await expect
    .poll(async () => (await client.get(`/api/contact-requests/${id}`)).json().status, { timeout: 15_000 })
    .toBe(status);
  return (await client.get(`/api/contact-requests/${id}`)).json() as {
    status: string;
    conversationId: string | null;
  };
}

describe('starting a conversation', () => {
  it('opens a premium user’s conversation at once and reuses it for the same two users in either order, free', async () => {
    const { app } = await buildTestApp();
    const premium = await subscribedClient(app);
    const free = await signedInClient(app, { fullName: 'Maria Lopez' });

    const first = await premium.client.post('/api/conversations', {
      participantId: free.user.id,
      initialMessage: '  Hello Maria, do you still have copper?  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    const opened = first.json();
    expect(opened).toMatchObject({
      status: 'opened',
      created: true,
      conversation: {
        subject: 'Conversation with Maria Lopez',
        otherParticipant: { id: free.user.id, name: 'Maria Lopez', email: free.user.email },
        lastMessage: { content: 'Hello Maria, do you still have copper?', senderId: premium.user.id },
        unreadCount: 0,
      },
      message: { content: 'Hello Maria, do you still have copper?', messageType: 'text', readAt: null },
    });

    // The other person starting "a new one" lands in the same conversation and pays nothing.
    const reverse = await free.client.post('/api/conversations', {
      participantId: premium.user.id,
      subject: 'Another subject',
      initialMessage: 'Yes, 12 t.',
    });
    expect(reverse.statusCode, reverse.body).toBe(200);
    expect(reverse.json()).toMatchObject({
      status: 'opened',
      created: false,
      conversation: { id: opened.conversation.id, subject: 'Conversation with Maria Lopez', unreadCount: 1 },
    });
    expect(await contactFeePayments(free.client)).toHaveLength(0);

    const again = await premium.client.post('/api/conversations', {
      participantId: free.user.id,
      initialMessage: 'Great.',
    });
    expect(again.json()).toMatchObject({
      status: 'opened',
      created: false,
      conversation: { id: opened.conversation.id },
    });

    const list = (await premium.client.get('/api/conversations')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ lastMessage: { content: 'Great.' }, unreadCount: 1 });
    expect(list.unreadTotal).toBe(1);
    expect((await free.client.get('/api/me/unread-count')).json()).toEqual({ unreadTotal: 2 });
  });

  it('charges a free user the contact fee once, even for two concurrent starts, and opens the conversation when the payment succeeds', async () => {
    const { app } = await buildTestApp();
    const seller = await signedInClient(app, { fullName: 'Sam Seller' });
    const buyer = await signedInClient(app);
    const listing = await createListingOf(seller.client);
    const body = {
      listingId: listing.id,
      subject: 'OCC bales',
      initialMessage: 'Can you ship 20 t to Lyon?',
    };

    const [a, b] = await Promise.all([
      buyer.client.post('/api/conversations', body),
      buyer.client.post('/api/conversations', body),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json()).toMatchObject({ status: 'payment_required', amountCents: 1000 });
    expect(b.json().checkoutUrl).toBe(a.json().checkoutUrl);
    expect(b.json().contactRequestId).toBe(a.json().contactRequestId);
    expect(await contactFeePayments(buyer.client)).toEqual([
      expect.objectContaining({ status: 'pending', amountCents: 1000 }),
    ]);
    // A retry after the double click answers the same checkout too.
    const retry = (await buyer.client.post('/api/conversations', body)).json();
    expect(retry.checkoutUrl).toBe(a.json().checkoutUrl);
    const requestId = a.json().contactRequestId as string;
    expect((await buyer.client.get(`/api/contact-requests/${requestId}`)).json()).toMatchObject({
      status: 'pending',
      conversationId: null,
    });
    expect((await buyer.client.get('/api/conversations')).json().items).toHaveLength(0);

    const location = await payCheckout(buyer.client, a.json().checkoutUrl);
    expect(location).toBe(`${TEST_APP_URL}/messages?contact=success&request=${requestId}`);
    await settleWebhooks(app);
    const request = await waitForContactRequest(buyer.client, requestId, 'opened');

    const [conversation] = (await buyer.client.get('/api/conversations')).json().items;
    expect(conversation).toMatchObject({
      id: request.conversationId,
      subject: 'OCC bales',
      listingId: listing.id,
      otherParticipant: { id: seller.user.id, name: 'Sam Seller' },
      lastMessage: { content: 'Can you ship 20 t to Lyon?', senderId: buyer.user.id },
    });
    const sellerView = (await seller.client.get(`/api/conversations/${request.conversationId}`)).json();
    expect(sellerView).toMatchObject({ unreadCount: 1, otherParticipant: { id: buyer.user.id } });
    expect(await contactFeePayments(buyer.client)).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ]);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueContactFees)).toBe(-1000);

    // Reopening the existing conversation is free, from the listing or the person.
    const reopen = await buyer.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Any news?',
    });
    expect(reopen.json()).toMatchObject({
      status: 'opened',
      created: false,
      conversation: { id: request.conversationId },
    });
    const fromListing = await buyer.client.post('/api/conversations', body);
    expect(fromListing.json()).toMatchObject({
      status: 'opened',
      conversation: { id: request.conversationId },
    });
    expect(await contactFeePayments(buyer.client)).toHaveLength(1);
  });

  it('refunds the fee as a ledger entry when the conversation appeared while the checkout was open', async () => {
    const { app } = await buildTestApp();
    const free = await signedInClient(app);
    const premium = await subscribedClient(app);
    const company = await createCompanyOf(premium.client, { companyName: 'Blue Harbor Plastics' });

    const start = await free.client.post('/api/conversations', {
      companyId: company.id,
      initialMessage: 'Do you buy PET flakes?',
    });
    expect(start.json()).toMatchObject({ status: 'payment_required' });
    const opened = await premium.client.post('/api/conversations', {
      participantId: free.user.id,
      initialMessage: 'Saw your listing, interested.',
    });
    expect(opened.statusCode).toBe(201);

    await payCheckout(free.client, start.json().checkoutUrl);
    await settleWebhooks(app);
    const request = await waitForContactRequest(free.client, start.json().contactRequestId, 'opened');
    expect(request.conversationId).toBe(opened.json().conversation.id);
    await expect
      .poll(async () => (await contactFeePayments(free.client))[0]?.status, { timeout: 15_000 })
      .toBe('refunded');
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(1000);

    const messages = (await free.client.get(`/api/conversations/${request.conversationId}/messages`)).json()
      .items;
    expect(messages.map((m: { content: string }) => m.content)).toEqual([
      'Saw your listing, interested.',
      'Do you buy PET flakes?',
    ]);
  });

  it('refunds the fee when the conversation cannot be created', async () => {
    const { app, database } = await buildTestApp();
    const buyer = await signedInClient(app);
    const seller = await signedInClient(app);
    const start = await buyer.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Hi',
    });
    const requestId = start.json().contactRequestId as string;
    // A request that breaks a rule of the conversations table (a conversation with oneself).
    await database.db
      .update(contactRequests)
      .set({ recipientId: buyer.user.id })
      .where(eq(contactRequests.id, requestId));

    await payCheckout(buyer.client, start.json().checkoutUrl);
    await settleWebhooks(app);
    expect(await waitForContactRequest(buyer.client, requestId, 'refunded')).toMatchObject({
      conversationId: null,
    });
    await expect
      .poll(async () => (await contactFeePayments(buyer.client))[0]?.status, { timeout: 15_000 })
      .toBe('refunded');
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.refunds)).toBe(1000);
    expect((await buyer.client.get('/api/conversations')).json().items).toHaveLength(0);
  });

  it('names the company in the default subject of a start from the directory', async () => {
    const { app } = await buildTestApp();
    const owner = await subscribedClient(app);
    const other = await subscribedClient(app);
    const company = await createCompanyOf(owner.client, { companyName: 'Blue Harbor Plastics' });
    const res = await other.client.post('/api/conversations', {
      companyId: company.id,
      subject: '  ',
      initialMessage: 'Hi',
    });
    expect(res.json()).toMatchObject({
      status: 'opened',
      conversation: { subject: 'Conversation with Blue Harbor Plastics', companyId: company.id },
    });
  });

  it('refuses invalid starts with a 4xx and a clear message, never a 500', async () => {
    const { app } = await buildTestApp();
    const me = await signedInClient(app);
    const other = await signedInClient(app);
    const myListing = await createListingOf(me.client);
    const myCompany = await createCompanyOf(me.client);
    const otherListing = await createListingOf(other.client);
    const start = (body: Record<string, unknown>) =>
      me.client.post('/api/conversations', { initialMessage: 'Hello', ...body });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ participantId: me.user.id }, 400, MESSAGING_MESSAGES.cannotMessageYourself],
      [{ listingId: myListing.id }, 400, MESSAGING_MESSAGES.cannotMessageYourself],
      [{ companyId: myCompany.id }, 400, MESSAGING_MESSAGES.cannotMessageYourself],
      [{ participantId: crypto.randomUUID() }, 404, MESSAGING_MESSAGES.invalidTargetUser],
      [{ participantId: 'not-a-uuid' }, 400, MESSAGING_MESSAGES.invalidTargetUser],
      [{ listingId: 'lst_missing' }, 404, MESSAGING_MESSAGES.listingNotFound],
      [{ companyId: 'cmp_missing' }, 404, MESSAGING_MESSAGES.companyNotFound],
      [
        { participantId: other.user.id, listingId: myListing.id },
        400,
        MESSAGING_MESSAGES.cannotMessageYourself,
      ],
      [{ participantId: me.user.id, listingId: otherListing.id }, 400, MESSAGING_MESSAGES.invalidTargetUser],
      [{}, 400, MESSAGING_MESSAGES.targetRequired],
      [{ participantId: other.user.id, initialMessage: '   \n ' }, 400, MESSAGING_MESSAGES.messageRequired],
      [
        { participantId: other.user.id, initialMessage: 'x'.repeat(5001) },
        400,
        MESSAGING_MESSAGES.messageTooLong,
      ],
      [{ participantId: other.user.id, subject: 's'.repeat(201) }, 400, MESSAGING_MESSAGES.subjectTooLong],
    ];
    for (const [body, status, message] of cases) {
      const res = await start(body);
      expect([res.statusCode, res.json().error?.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await me.client.get('/api/conversations')).json().items).toHaveLength(0);
  });

  it('asks visitors to sign in on every messaging route', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const start = await visitor.post('/api/conversations', {
      participantId: crypto.randomUUID(),
      initialMessage: 'Hi',
    });
    expect(start.statusCode).toBe(401);
    expect(start.json().error.message).toBe(MESSAGING_MESSAGES.signInToStart);
    const id = crypto.randomUUID();
    for (const res of [
      await visitor.get('/api/conversations'),
      await visitor.get(`/api/conversations/${id}`),
      await visitor.get(`/api/conversations/${id}/messages`),
      await visitor.post(`/api/conversations/${id}/messages`, { content: 'Hi' }),
      await visitor.post(`/api/conversations/${id}/read`),
      await visitor.get(`/api/contact-requests/${id}`),
      await visitor.get('/api/me/unread-count'),
      await visitor.get('/api/me/messaging-preferences'),
      await visitor.patch('/api/me/messaging-preferences', { emailDigest: false }),
    ])
      expect(res.statusCode).toBe(401);
  });
});

describe('a conversation', () => {
  async function twoPeopleTalking() {
    const { app } = await buildTestApp();
    const alice = await subscribedClient(app);
    const bob = await signedInClient(app);
    const res = await alice.client.post('/api/conversations', {
      participantId: bob.user.id,
      initialMessage: 'First',
    });
    return { app, alice, bob, conversationId: res.json().conversation.id as string };
  }

  it('pages 50 messages at a time, newest page first, each page oldest first', async () => {
    const { alice, bob, conversationId } = await twoPeopleTalking();
    for (let i = 1; i <= 59; i++) {
      const sender = i % 2 ? bob : alice;
      const res = await sender.client.post(`/api/conversations/${conversationId}/messages`, {
        content: `m${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const newest = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).json();
    expect(newest.items).toHaveLength(50);
    expect(newest.items[0].content).toBe('m10');
    expect(newest.items.at(-1).content).toBe('m59');
    expect(newest.hasMore).toBe(true);
    const older = (
      await alice.client.get(`/api/conversations/${conversationId}/messages?before=${newest.nextBefore}`)
    ).json();
    expect(older.items.map((m: { content: string }) => m.content)).toEqual([
      'First',
      ...Array.from({ length: 9 }, (_, i) => `m${i + 1}`),
    ]);
    expect(older).toMatchObject({ hasMore: false, nextBefore: null });
  });

  it('trims messages, refuses blank and too long ones, and quotes the message replied to', async () => {
    const { alice, bob, conversationId } = await twoPeopleTalking();
    const url = `/api/conversations/${conversationId}/messages`;
    const blank = await bob.client.post(url, { content: ' \n\t ' });
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, MESSAGING_MESSAGES.messageRequired]);
    const long = await bob.client.post(url, { content: 'é'.repeat(5001) });
    expect([long.statusCode, long.json().error.message]).toEqual([400, MESSAGING_MESSAGES.messageTooLong]);
    expect((await bob.client.post(url, { content: 'é'.repeat(5000) })).statusCode).toBe(201);
    const html = await bob.client.post(url, { content: '  <b>50 t</b> & more\nnext line ' });
    expect(html.json().content).toBe('<b>50 t</b> & more\nnext line');

    const first = (await alice.client.get(url)).json().items[0];
    const reply = await bob.client.post(url, { content: 'Replying', replyToId: first.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().replyTo).toEqual({ id: first.id, senderId: alice.user.id, content: 'First' });
    const page = (await alice.client.get(url)).json();
    expect(page.items.at(-1).replyTo).toEqual({ id: first.id, senderId: alice.user.id, content: 'First' });
    const foreign = await bob.client.post(url, { content: 'x', replyToId: crypto.randomUUID() });
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([
      400,
      MESSAGING_MESSAGES.replyNotFound,
    ]);
  });

  it("marks the other party's messages read, not one's own, and updates the unread counts", async () => {
    const { alice, bob, conversationId } = await twoPeopleTalking();
    await alice.client.post(`/api/conversations/${conversationId}/messages`, { content: 'Second' });
    await bob.client.post(`/api/conversations/${conversationId}/messages`, { content: 'Answer' });
    expect((await bob.client.get('/api/me/unread-count')).json().unreadTotal).toBe(2);

    const read = await bob.client.post(`/api/conversations/${conversationId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ conversationId, markedCount: 2 });
    expect((await bob.client.get('/api/me/unread-count')).json().unreadTotal).toBe(0);
    expect((await bob.client.post(`/api/conversations/${conversationId}/read`)).json().markedCount).toBe(0);

    const items = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).json().items;
    const readAt = Object.fromEntries(
      items.map((m: { content: string; readAt: string | null }) => [m.content, m.readAt]),
    );
    expect(readAt.First).toBe(read.json().readAt);
    expect(readAt.Second).toBe(read.json().readAt);
    expect(readAt.Answer).toBeNull();
    expect((await alice.client.get(`/api/conversations/${conversationId}`)).json().unreadCount).toBe(1);
  });

  it('answers 404 to a third user on every route, exactly as for a missing conversation', async () => {
    const { app, alice, conversationId } = await twoPeopleTalking();
    const stranger = await signedInClient(app);
    const missing = crypto.randomUUID();
    for (const id of [conversationId, missing]) {
      for (const res of [
        await stranger.client.get(`/api/conversations/${id}`),
        await stranger.client.get(`/api/conversations/${id}/messages`),
        await stranger.client.post(`/api/conversations/${id}/messages`, { content: 'Let me in' }),
        await stranger.client.post(`/api/conversations/${id}/read`),
      ])
        expect([res.statusCode, res.json().error.message]).toEqual([
          404,
          MESSAGING_MESSAGES.conversationNotFound,
        ]);
    }
    expect((await stranger.client.get('/api/conversations')).json()).toEqual({ items: [], unreadTotal: 0 });
    const items = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].readAt).toBeNull();
  });

  it("keeps a paid start's status to its requester", async () => {
    const { app } = await buildTestApp();
    const seller = await signedInClient(app);
    const buyer = await signedInClient(app);
    const stranger = await signedInClient(app);
    const start = await buyer.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Hi',
    });
    const id = start.json().contactRequestId;
    expect((await buyer.client.get(`/api/contact-requests/${id}`)).statusCode).toBe(200);
    for (const client of [seller.client, stranger.client])
      expect((await client.get(`/api/contact-requests/${id}`)).statusCode).toBe(404);
  });
});

describe('messaging preferences', () => {
  it('turns the email digest on by default and lets the user turn it off', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    expect((await client.get('/api/me/messaging-preferences')).json()).toEqual({ emailDigest: true });
    const off = await client.patch('/api/me/messaging-preferences', { emailDigest: false });
    expect(off.json()).toEqual({ emailDigest: false });
    expect((await client.get('/api/me/messaging-preferences')).json()).toEqual({ emailDigest: false });
    expect((await client.patch('/api/me/messaging-preferences', { emailDigest: 'no' })).statusCode).toBe(400);
  });
});
