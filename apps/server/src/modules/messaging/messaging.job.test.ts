import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createTestClock } from '../../../test/factories/billing.ts';
import { openConversationBetween } from '../../../test/factories/messaging.ts';

const MINUTE = 60_000;

async function digestsTo(app: FastifyInstance, email: string) {
  return (await app.services.notifications.listMailbox({ to: email })).filter(
    (e) => e.kind === 'message-digest',
  );
}

async function setup() {
  const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
  const { app } = await buildTestApp({ clock });
  const [recipient, alice, carol] = await Promise.all([
    signedInClient(app, { fullName: 'Rita Recipient' }),
    signedInClient(app, { fullName: 'Alice Trader' }),
    signedInClient(app, { fullName: 'Carol Buyer' }),
  ]);
  const later = (minutes: number) => clock.set(new Date(clock.now().getTime() + minutes * MINUTE));
  return { app, clock, later, recipient, alice, carol };
}

describe('the unread-message email digest', () => {
  it('sends one email per recipient for messages unread for 15 minutes, with a link to each conversation', async () => {
    const { app, later, recipient, alice, carol } = await setup();
    const one = await openConversationBetween(app, alice.user.id, recipient.user.id, 'Copper lots', 'Hello');
    for (const content of ['Still there?', 'Price is firm'])
      await app.services.messaging.postMessage(one.conversation.id, alice.user.id, { content });
    const two = await openConversationBetween(app, carol.user.id, recipient.user.id, 'PET flakes', 'Hi Rita');
    later(14);
    await app.services.messaging.runDigest();
    expect(await digestsTo(app, recipient.user.email)).toHaveLength(0);

    later(1);
    await app.services.messaging.runDigest();
    const [digest, ...more] = await digestsTo(app, recipient.user.email);
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('You have 4 unread messages on Recytrade');
    expect(digest.textBody).toContain(
      `Copper lots (3 unread messages from Alice Trader): ${TEST_APP_URL}/messages?conversation=${one.conversation.id}`,
    );
    expect(digest.textBody).toContain(
      `PET flakes (1 unread message from Carol Buyer): ${TEST_APP_URL}/messages?conversation=${two.conversation.id}`,
    );
    expect(digest.htmlBody).toContain(`href="${TEST_APP_URL}/messages?conversation=${one.conversation.id}"`);
    // The senders received nothing: they have no unread messages.
    expect(await digestsTo(app, alice.user.email)).toHaveLength(0);

    // Each message is in one digest only; a new unread message makes a new digest later.
    later(30);
    await app.services.messaging.runDigest();
    expect(await digestsTo(app, recipient.user.email)).toHaveLength(1);
    await app.services.messaging.postMessage(one.conversation.id, alice.user.id, { content: 'Last call' });
    later(16);
    await app.services.messaging.runDigest();
    const digests = await digestsTo(app, recipient.user.email);
    expect(digests).toHaveLength(2);
    expect(digests[0].subject).toBe('You have 1 unread message on Recytrade');
  });

  it('sends nothing for messages read in time', async () => {
    const { app, later, recipient, alice } = await setup();
    const { conversation } = await openConversationBetween(app, alice.user.id, recipient.user.id);
    later(10);
    expect(
      (await recipient.client.post(`/api/conversations/${conversation.id}/read`)).json().markedCount,
    ).toBe(1);
    later(10);
    await app.services.messaging.runDigest();
    expect(await digestsTo(app, recipient.user.email)).toHaveLength(0);
  });

  it('sends nothing to a user who turned the digest off, and no backlog when it is turned on again', async () => {
    const { app, later, recipient, alice } = await setup();
    await recipient.client.patch('/api/me/messaging-preferences', { emailDigest: false });
    await openConversationBetween(app, alice.user.id, recipient.user.id);
    later(20);
    await app.services.messaging.runDigest();
    await recipient.client.patch('/api/me/messaging-preferences', { emailDigest: true });
    later(20);
    await app.services.messaging.runDigest();
    expect(await digestsTo(app, recipient.user.email)).toHaveLength(0);
  });
});
