import { createECDH, randomBytes } from 'node:crypto';
import { TRUST_MESSAGES } from '@app/shared/trust/trust.schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { matchingSettled } from '../../../test/factories/matching.ts';
import {
  createCompanyOf,
  createListingOf,
  openConversationBetween,
} from '../../../test/factories/messaging.ts';
import { bearer } from '../../../test/factories/public-api.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { contactRequests, deals, messages, pushOutbox, userBlocks } from '../../db/schema.ts';
import type { PushSender } from '../notifications/index.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().error.message).toBe(message);
}

/** A browser's subscription keys (a P-256 public key and a 16-byte auth secret). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

/** Two traders (the blocker and the blocked) and a stranger, each signed in. */
async function traders(app: FastifyInstance) {
  const blocker = await signedInClient(app, { fullName: 'Ada Blocker', company: 'Ada Metals' });
  const blocked = await signedInClient(app, { fullName: 'Ben Blocked' });
  const stranger = await signedInClient(app, { fullName: 'Cy Stranger' });
  return { blocker, blocked, stranger };
}

async function block(client: TestClient, userId: string) {
  const res = await client.post('/api/me/blocks', { userId });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the block list (/api/me/blocks)', () => {
  it('is for signed-in traders only', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    expectError(await visitor.get('/api/me/blocks'), 401);
    expectError(await visitor.post('/api/me/blocks', { userId: 'x' }), 401);
    expectError(await del(visitor, '/api/me/blocks/x'), 401);
  });

  it('blocks, lists and unblocks per user; a repeat changes nothing and others never see the list', async () => {
    const { app } = await buildTestApp();
    const { blocker, blocked, stranger } = await traders(app);
    await createCompanyOf(blocked.client, { companyName: 'Ben Scrap Ltd' });

    const first = await blocker.client.post('/api/me/blocks', { userId: blocked.user.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      userId: blocked.user.id,
      name: 'Ben Blocked',
      companyName: 'Ben Scrap Ltd',
      blockedAt: expect.any(String),
    });
    const again = await blocker.client.post('/api/me/blocks', { userId: blocked.user.id });
    expect(again.statusCode).toBe(200);

    expect((await blocker.client.get('/api/me/blocks')).json().items).toHaveLength(1);
    expect((await blocked.client.get('/api/me/blocks')).json().items).toHaveLength(0);
    expect((await stranger.client.get('/api/me/blocks')).json().items).toHaveLength(0);

    // Another user's DELETE removes nothing of the blocker's.
    expect((await del(stranger.client, `/api/me/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    expect((await blocker.client.get('/api/me/blocks')).json().items).toHaveLength(1);

    expect((await del(blocker.client, `/api/me/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    expect((await blocker.client.get('/api/me/blocks')).json().items).toHaveLength(0);
    expect((await del(blocker.client, `/api/me/blocks/${blocked.user.id}`)).statusCode).toBe(204);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { app, database } = await buildTestApp();
    const { blocker } = await traders(app);
    const admin = await adminClient(app);
    expectError(
      await blocker.client.post('/api/me/blocks', { userId: blocker.user.id }),
      400,
      TRUST_MESSAGES.cannotBlockYourself,
    );
    expectError(
      await blocker.client.post('/api/me/blocks', { userId: 'nobody' }),
      404,
      TRUST_MESSAGES.traderNotFound,
    );
    expectError(
      await blocker.client.post('/api/me/blocks', { userId: admin.user.id }),
      409,
      TRUST_MESSAGES.cannotBlockAdministrator,
    );
    expectError(await blocker.client.post('/api/me/blocks', {}), 400);
    expectError(await blocker.client.post('/api/me/blocks', { userId: admin.user.id, extra: 1 }), 400);
    expect(await database.db.select().from(userBlocks)).toHaveLength(0);
  });
});

describe('a block in messaging', () => {
  it('closes an existing conversation both ways, with a message for each side, and reopens on unblock', async () => {
    const { app, database } = await buildTestApp();
    const { blocker, blocked, stranger } = await traders(app);
    const { conversation } = await openConversationBetween(app, blocked.user.id, blocker.user.id);
    await block(blocker.client, blocked.user.id);

    const count = async () => (await database.db.select().from(messages)).length;
    const before = await count();
    expectError(
      await blocked.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'Hello?' }),
      403,
      TRUST_MESSAGES.cannotMessageTrader,
    );
    expectError(
      await blocker.client.post(`/api/conversations/${conversation.id}/messages`, {
        content: 'One more thing',
      }),
      403,
      TRUST_MESSAGES.youBlockedTraderMessaging,
    );
    // A stranger still learns nothing of the conversation.
    expectError(
      await stranger.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'x' }),
      404,
    );
    expect(await count()).toBe(before);

    // Both still read the thread; the summaries say why they cannot write.
    expect((await blocked.client.get(`/api/conversations/${conversation.id}/messages`)).statusCode).toBe(200);
    expect((await blocked.client.get(`/api/conversations/${conversation.id}`)).json()).toMatchObject({
      canWrite: false,
      writeBlockedReason: TRUST_MESSAGES.cannotMessageTrader,
    });
    expect((await blocker.client.get(`/api/conversations/${conversation.id}`)).json()).toMatchObject({
      canWrite: false,
      writeBlockedReason: TRUST_MESSAGES.youBlockedTraderMessaging,
    });

    await del(blocker.client, `/api/me/blocks/${blocked.user.id}`);
    const sent = await blocked.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Back?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('refuses a conversation start by user, listing or company, free or paid, before any fee', async () => {
    const { app, database } = await buildTestApp();
    const { blocker, blocked } = await traders(app);
    const listing = await createListingOf(blocker.client);
    const company = await createCompanyOf(blocker.client);
    await block(blocker.client, blocked.user.id);

    for (const target of [
      { participantId: blocker.user.id },
      { listingId: listing.id },
      { companyId: company.id },
    ]) {
      expectError(
        await blocked.client.post('/api/conversations', { ...target, initialMessage: 'Hi' }),
        403,
        TRUST_MESSAGES.cannotMessageTrader,
      );
    }
    expectError(
      await blocker.client.post('/api/conversations', {
        participantId: blocked.user.id,
        initialMessage: 'Hi',
      }),
      403,
      TRUST_MESSAGES.youBlockedTraderMessaging,
    );
    // No contact request and no payment were made for the free users.
    expect(await database.db.select().from(contactRequests)).toHaveLength(0);
    expect((await blocked.client.get('/api/payments')).json().payments).toHaveLength(0);
  });

  it('refunds a paid contact request when a block lands while the trader pays', async () => {
    const { app, database } = await buildTestApp();
    const { blocker, blocked } = await traders(app);
    const started = await blocked.client.post('/api/conversations', {
      participantId: blocker.user.id,
      initialMessage: 'Hello, I would like to buy.',
    });
    expect(started.json().status).toBe('payment_required');
    await block(blocker.client, blocked.user.id);
    const { payCheckout } = await import('../../../test/factories/messaging.ts');
    await payCheckout(blocked.client, started.json().checkoutUrl);
    await expect
      .poll(
        async () =>
          (await blocked.client.get(`/api/contact-requests/${started.json().contactRequestId}`)).json()
            .status,
        {
          timeout: 15_000,
        },
      )
      .toBe('refunded');
    expect(await database.db.select().from(messages)).toHaveLength(0);
  });
});

describe('a block in deals', () => {
  it('refuses an offer, Buy Now, a counter-offer and a confirmation; rejecting still works', async () => {
    const { app, database } = await buildTestApp();
    const { blocker, blocked, stranger } = await traders(app);
    const sellerListing = await createListingOf(blocker.client);
    const buyerListing = await createListingOf(blocked.client, { title: 'Copper wire' });

    // A deal opened before the block.
    const open = await blocked.client.post('/api/deals', { listingId: sellerListing.id, dealValue: 1500 });
    expect(open.statusCode, open.body).toBe(201);
    const dealId = open.json().id as string;

    await block(blocker.client, blocked.user.id);
    const before = (await database.db.select().from(deals)).length;
    expectError(
      await blocked.client.post('/api/deals', { listingId: sellerListing.id, dealValue: 1000 }),
      403,
      TRUST_MESSAGES.cannotDealWithTrader,
    );
    expectError(
      await blocked.client.post('/api/deals/buy-now', { listingId: sellerListing.id }),
      403,
      TRUST_MESSAGES.cannotDealWithTrader,
    );
    expectError(
      await blocker.client.post('/api/deals', { listingId: buyerListing.id, dealValue: 1000 }),
      403,
      TRUST_MESSAGES.youBlockedTrader,
    );
    expect((await database.db.select().from(deals)).length).toBe(before);

    expectError(
      await blocker.client.post(`/api/deals/${dealId}/actions`, { action: 'counter-offer', dealValue: 1800 }),
      403,
      TRUST_MESSAGES.youBlockedTrader,
    );
    expectError(await blocker.client.post(`/api/deals/${dealId}/actions`, { action: 'confirm' }), 403);
    // The stranger is no party: the deal stays a 404 for them.
    expectError(await stranger.client.post(`/api/deals/${dealId}/actions`, { action: 'reject' }), 404);
    const rejected = await blocker.client.post(`/api/deals/${dealId}/actions`, { action: 'reject' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe('cancelled');

    // A stranger deals as before.
    const fine = await stranger.client.post('/api/deals', { listingId: sellerListing.id, dealValue: 1000 });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('a block in the marketplace, matches and the public API', () => {
  it('hides the blocked trader’s listings from the blocker only, on the web and the API', async () => {
    const { app } = await buildTestApp();
    const { blocker, blocked, stranger } = await traders(app);
    const theirs = await createListingOf(blocked.client, { title: 'Hidden brass turnings' });
    const mine = await createListingOf(blocker.client, { title: 'Visible brass turnings' });
    const visitor = createClient(app);
    const titles = async (client: TestClient) =>
      ((await client.get('/api/listings?q=brass')).json().items as { title: string }[])
        .map((l) => l.title)
        .sort();

    await block(blocker.client, blocked.user.id);
    expect(await titles(blocker.client)).toEqual(['Visible brass turnings']);
    // The blocked party, a stranger and visitors see both (a public listing stays public).
    for (const client of [blocked.client, stranger.client, visitor])
      expect(await titles(client)).toEqual(['Hidden brass turnings', 'Visible brass turnings']);

    expectError(
      await blocker.client.get(`/api/listings/${theirs.id}`),
      403,
      TRUST_MESSAGES.listingOfBlockedTrader,
    );
    expect((await blocked.client.get(`/api/listings/${mine.id}`)).statusCode).toBe(200);
    expect((await stranger.client.get(`/api/listings/${theirs.id}`)).statusCode).toBe(200);

    // The public API acts as the key's user.
    const key = (await blocker.client.post('/api/me/api-keys', { name: 'sync' })).json().secret as string;
    const token = (
      await app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { apiKey: key } })
    ).json().accessToken as string;
    const api = await app.inject({ method: 'GET', url: '/api/v1/listings?q=brass', headers: bearer(token) });
    expect(api.statusCode, api.body).toBe(200);
    expect((api.json().items as { title: string }[]).map((l) => l.title)).toEqual(['Visible brass turnings']);

    await del(blocker.client, `/api/me/blocks/${blocked.user.id}`);
    expect(await titles(blocker.client)).toEqual(['Hidden brass turnings', 'Visible brass turnings']);
  });

  it('never matches two traders blocked either way, and hides a match made before the block', async () => {
    const { app, database } = await buildTestApp();
    const { blocker, blocked } = await traders(app);
    await createListingOf(blocker.client, { type: 'buy', title: 'OCC wanted', quantity: 30, price: 100 });
    await matchingSettled(database.db);
    await createListingOf(blocked.client, { title: 'OCC bales', quantity: 20, price: 95 });
    await matchingSettled(database.db);
    await expect
      .poll(async () => (await blocker.client.get('/api/me/matches')).json().items.length, {
        timeout: 20_000,
      })
      .toBe(1);

    await block(blocked.client, blocker.user.id);
    expect((await blocker.client.get('/api/me/matches')).json().items).toHaveLength(0);
    expect((await blocked.client.get('/api/me/matches')).json().items).toHaveLength(0);

    // A new listing of the blocked party finds no match with the blocker either.
    await createListingOf(blocked.client, { title: 'More OCC bales', quantity: 25, price: 96 });
    await matchingSettled(database.db);
    const stored = (await database.db.execute(
      sql`select count(*)::int as n from listing_matches`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0].n).toBe(1);
  });
});

/** The traders, the blocker with a device, and the pushes the recording push transport was handed. */
async function blockerWithDevice() {
  const sent: string[] = [];
  const pushSender: PushSender = async (_sub, payload) => {
    sent.push(payload);
    return { statusCode: 201 };
  };
  const { app, database } = await buildTestApp({ pushSender });
  const people = await traders(app);
  const subscribed = await people.blocker.client.post('/api/push/subscriptions', {
    endpoint: 'http://127.0.0.1:9/push/blocker',
    keys: browserKeys(),
  });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { app, database, sent, ...people };
}

describe('a block in push notifications', () => {
  it('never queues a push to a user about a party they blocked', async () => {
    const { app, database, blocker, blocked, stranger } = await blockerWithDevice();
    const queued = async () =>
      (await database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, blocker.user.id))).length;
    const message = { title: 'New message', body: 'Hello', url: '/messages', tag: 't' };

    await block(blocker.client, blocked.user.id);
    await app.services.push.queue(blocker.user.id, 'messages', message, { about: blocked.user.id });
    expect(await queued()).toBe(0);
    await app.services.push.queue(blocker.user.id, 'deals', message, { about: stranger.user.id });
    expect(await queued()).toBe(1);

    // Without the block, a deal the other trader proposes reaches the device as before.
    await del(blocker.client, `/api/me/blocks/${blocked.user.id}`);
    const listing = await createListingOf(blocker.client);
    const deal = await blocked.client.post('/api/deals', { listingId: listing.id, dealValue: 1500 });
    expect(deal.statusCode, deal.body).toBe(201);
    expect(await queued()).toBe(2);
  });

  it('keeps whom a match push is about, so a block made before it is sent drops it', async () => {
    const { app, database, blocker, blocked } = await blockerWithDevice();
    await app.services.push.stopWorkers();
    await createListingOf(blocker.client, { type: 'buy', title: 'OCC wanted', quantity: 30, price: 100 });
    await matchingSettled(database.db);
    await createListingOf(blocked.client, { title: 'OCC bales', quantity: 20, price: 95 });
    await matchingSettled(database.db);
    const matchPushes = () =>
      database.db
        .select({ about: pushOutbox.aboutUserId, status: pushOutbox.status })
        .from(pushOutbox)
        .where(and(eq(pushOutbox.userId, blocker.user.id), eq(pushOutbox.kind, 'matches')));
    await expect
      .poll(matchPushes, { timeout: 20_000 })
      .toEqual([{ about: blocked.user.id, status: 'queued' }]);

    await block(blocker.client, blocked.user.id);
    await app.services.push.drain();
    expect(await matchPushes()).toEqual([{ about: blocked.user.id, status: 'skipped' }]);
  });

  it('drops a push written before a block when the sender comes to it, and sends the others', async () => {
    const { app, database, sent, blocker, blocked, stranger } = await blockerWithDevice();
    // Only this test's drain sends: the poll stops, and pushes written "in a transaction" wait for it.
    await app.services.push.stopWorkers();
    const push = (about: string, body: string) =>
      app.services.push.queue(
        blocker.user.id,
        'messages',
        { title: 'New message', body, url: '/messages', tag: `t-${body}` },
        { tx: database.db, about },
      );
    await push(blocked.user.id, 'From the one about to be blocked');
    await push(stranger.user.id, 'From a stranger');
    // A message of the blocked party, sent before the block: its push is written with it.
    await openConversationBetween(app, blocked.user.id, blocker.user.id);

    await block(blocker.client, blocked.user.id);
    await app.services.push.drain();

    expect(sent.map((payload) => JSON.parse(payload).body)).toEqual(['From a stranger']);
    const rows = await database.db
      .select({ status: pushOutbox.status, about: pushOutbox.aboutUserId })
      .from(pushOutbox)
      .where(eq(pushOutbox.userId, blocker.user.id));
    expect(rows.filter((r) => r.about === blocked.user.id).map((r) => r.status)).toEqual([
      'skipped',
      'skipped',
    ]);
    expect(rows.find((r) => r.about === stranger.user.id)?.status).toBe('sent');
  });
});
