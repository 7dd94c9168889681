import type { Message } from '@app/shared/messaging/messaging.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildTestApp, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks, subscribedClient } from '../../../test/factories/billing.ts';
import { openConversationBetween, payCheckout } from '../../../test/factories/messaging.ts';
import { connectSocketAs, listenForSockets } from '../../../test/factories/realtime.ts';

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

describe('messaging over the realtime socket', () => {
  it('delivers messages, new conversations and read receipts to both participants and nothing to a third user', async () => {
    const { app } = await buildTestApp();
    const url = await listenForSockets(app);
    const alice = await subscribedClient(app);
    // Every webhook of Alice's Premium checkout is in, so no late subscription.changed joins her events.
    await settleWebhooks(app);
    const bob = await signedInClient(app);
    const carol = await signedInClient(app);
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      connectSocketAs(url, alice.client, sockets),
      connectSocketAs(url, bob.client, sockets),
      connectSocketAs(url, carol.client, sockets),
    ]);

    const start = await alice.client.post('/api/conversations', {
      participantId: bob.user.id,
      initialMessage: 'A long first message that is certainly longer than fifty characters in total.',
    });
    const conversationId = start.json().conversation.id;
    const created = { type: 'conversation.created', conversationId, startedBy: alice.user.id };
    const firstMessage = {
      type: 'message.created',
      conversationId,
      messageId: start.json().message.id,
      senderId: alice.user.id,
      preview: 'A long first message that is certainly longer than…',
      message: start.json().message,
    };
    for (const socket of [aliceSocket, bobSocket])
      await expect.poll(() => socket.events()).toEqual([created, firstMessage]);

    const reply = await bob.client.post(`/api/conversations/${conversationId}/messages`, {
      content: 'Short',
    });
    await expect
      .poll(() => aliceSocket.events().at(-1))
      .toEqual({
        type: 'message.created',
        conversationId,
        messageId: reply.json().id,
        senderId: bob.user.id,
        preview: 'Short',
        message: reply.json(),
      });

    const read = await bob.client.post(`/api/conversations/${conversationId}/read`);
    const receipt = {
      type: 'conversation.read',
      conversationId,
      readerId: bob.user.id,
      readAt: read.json().readAt,
    };
    await expect.poll(() => aliceSocket.events().at(-1)).toEqual(receipt);
    await expect.poll(() => bobSocket.events().at(-1)).toEqual(receipt);

    // A message too large for a NOTIFY payload arrives as its id and preview; the client fetches it.
    const big = await bob.client.post(`/api/conversations/${conversationId}/messages`, {
      content: '€'.repeat(5000),
    });
    await expect
      .poll(() => aliceSocket.events().at(-1))
      .toMatchObject({
        type: 'message.created',
        messageId: big.json().id,
        message: null,
        preview: `${'€'.repeat(50)}…`,
      });

    // A marker published to Carol arrives after everything above, so she has provably had nothing else.
    await app.services.realtime.publishToUser(carol.user.id, {
      type: 'notification',
      title: 'marker',
      body: '',
    });
    await expect
      .poll(() => carolSocket.events())
      .toEqual([{ type: 'notification', title: 'marker', body: '' }]);
  });

  it('tells both participants when a paid start opens its conversation', async () => {
    const { app } = await buildTestApp();
    const url = await listenForSockets(app);
    const buyer = await signedInClient(app);
    const seller = await signedInClient(app);
    const sellerSocket = await connectSocketAs(url, seller.client, sockets);
    const start = await buyer.client.post('/api/conversations', {
      participantId: seller.user.id,
      initialMessage: 'Hi there',
    });
    expect(start.json().status).toBe('payment_required');
    await payCheckout(buyer.client, start.json().checkoutUrl);
    await settleWebhooks(app);
    await expect
      .poll(() => sellerSocket.events().map((e) => e.type), { timeout: 15_000 })
      .toEqual(['conversation.created', 'message.created']);
    expect(sellerSocket.events()[1]).toMatchObject({ preview: 'Hi there', senderId: buyer.user.id });
  });
});

describe('a message an administrator removed, quoted in a reply', () => {
  it('shows both participants the notice instead of its text, in the thread, the list and the realtime event', async () => {
    const { app } = await buildTestApp();
    const url = await listenForSockets(app);
    const seller = await signedInClient(app, { fullName: 'Sam Seller' });
    const buyer = await signedInClient(app, { fullName: 'Bea Buyer' });
    const admin = await adminClient(app);
    const secret = 'Pay the deposit to my own account at Northbank, ref SECRET-4471.';
    const { conversation, message: removed } = await openConversationBetween(
      app,
      seller.user.id,
      buyer.user.id,
      'Copper',
      secret,
    );
    const post = (client: TestClient, content: string, replyToId: string) =>
      client.post(`/api/conversations/${conversation.id}/messages`, { content, replyToId });
    /** An administrator removes a message through the moderation queue, on the buyer's report. */
    const removeByReport = async (messageId: string) => {
      const filed = await buyer.client.post('/api/reports', {
        targetType: 'message',
        targetId: messageId,
        reason: 'fraud',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const resolved = await admin.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
        action: 'hide',
        note: 'Payment outside escrow.',
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
    };
    const notice = {
      id: removed.id,
      senderId: seller.user.id,
      content: TRUST_MESSAGES.messageHidden,
      hidden: true,
    };

    // A reply written before the removal quotes the text until then.
    const earlier = await post(buyer.client, 'Why not through escrow?', removed.id);
    expect(earlier.json().replyTo).toEqual({ id: removed.id, senderId: seller.user.id, content: secret });
    await removeByReport(removed.id);

    for (const party of [seller, buyer]) {
      const thread = await party.client.get(`/api/conversations/${conversation.id}/messages`);
      expect(thread.body).not.toContain('SECRET-4471');
      const items = thread.json().items as Message[];
      expect(items.find((m) => m.id === removed.id)).toMatchObject({ hidden: true });
      expect(items.find((m) => m.id === earlier.json().id)?.replyTo).toEqual(notice);
    }

    // A reply written after the removal, over REST and the realtime socket of each party.
    const [sellerSocket, buyerSocket] = await Promise.all([
      connectSocketAs(url, seller.client, sockets),
      connectSocketAs(url, buyer.client, sockets),
    ]);
    const later = await post(
      seller.client,
      'Forget that, escrow it is. SECRET-4471 was a mistake.',
      removed.id,
    );
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().replyTo).toEqual(notice);
    for (const socket of [sellerSocket, buyerSocket]) {
      await expect.poll(() => socket.events().at(-1)?.messageId).toBe(later.json().id);
      expect(socket.events().at(-1)).toMatchObject({ message: { replyTo: notice } });
    }

    // The conversation list's last message, once removed, is the notice too; open pages are told.
    await removeByReport(later.json().id);
    for (const socket of [sellerSocket, buyerSocket])
      await expect
        .poll(() => socket.events().at(-1))
        .toEqual({ type: 'message.hidden', conversationId: conversation.id, messageId: later.json().id });
    for (const party of [seller, buyer]) {
      const list = await party.client.get('/api/conversations');
      expect(list.body).not.toContain('SECRET-4471');
      expect(list.json().items[0].lastMessage.content).toBe(TRUST_MESSAGES.messageHidden);
    }
  });
});
