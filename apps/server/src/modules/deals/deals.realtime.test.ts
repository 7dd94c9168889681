import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { connectSocketAs, type Frame, listenForSockets } from '../../../test/factories/realtime.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

beforeAll(async () => {
  await getWorkerDatabase();
});

/** The deal frames a socket received (creating a deal also opens the parties' conversation). */
const PUBLIC_BROADCASTS = new Set(['market.index.updated', 'directory.changed']);
const dealFrames = (socket: { events(): Frame[] }) =>
  socket.events().filter((f) => f.type.startsWith('deal.'));

describe('deals over the realtime socket', () => {
  it('tells both parties of a new deal and of its changes, and nobody else', async () => {
    const { app } = await buildTestApp();
    const url = await listenForSockets(app);
    const [buyer, seller, stranger] = await Promise.all([
      signedInClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    await createCompanyOf(seller.client, { contactEmail: 'sales@seller-co.test' });
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    const [buyerSocket, sellerSocket, strangerSocket] = await Promise.all([
      connectSocketAs(url, buyer.client, sockets),
      connectSocketAs(url, seller.client, sockets),
      connectSocketAs(url, stranger.client, sockets),
    ]);

    const created = await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000 });
    expect(created.statusCode).toBe(201);
    const dealId = created.json().id as string;
    const createdFrame = {
      type: 'deal.created',
      dealId,
      listingTitle: created.json().listingTitle,
      dealValueCents: 100_000,
      buyerUserId: buyer.user.id,
      sellerUserId: seller.user.id,
    };
    for (const socket of [buyerSocket, sellerSocket])
      await expect.poll(() => dealFrames(socket)).toEqual([createdFrame]);

    await buyer.client.post(`/api/deals/${dealId}/actions`, { action: 'confirm' });
    await seller.client.post(`/api/deals/${dealId}/actions`, { action: 'confirm' });
    const updates = [
      { type: 'deal.updated', deal: { id: dealId, status: 'initiated', escrowStatus: 'none' } },
      { type: 'deal.updated', deal: { id: dealId, status: 'agreed', escrowStatus: 'none' } },
    ];
    for (const socket of [buyerSocket, sellerSocket])
      await expect.poll(() => dealFrames(socket)).toEqual([createdFrame, ...updates]);

    // A marker published to the stranger arrives after everything above, so they provably had nothing else.
    await app.services.realtime.publishToUser(stranger.user.id, {
      type: 'notification',
      title: 'marker',
      body: '',
    });
    // Public broadcasts (the price index recomputed after the deal) reach every socket by design.
    await expect
      .poll(() => strangerSocket.events().filter((e) => !PUBLIC_BROADCASTS.has(e.type)))
      .toEqual([{ type: 'notification', title: 'marker', body: '' }]);
  });
});
