import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { type Database, rawQuery } from '../../db/client.ts';

// A deal's emails and realtime events are written in the transaction of the change they report: a
// committed change always has them, and a change that did not commit never does.

beforeAll(async () => {
  await getWorkerDatabase();
});

let current: FastifyInstance | undefined;
afterEach(async () => {
  await current?.services.deals.whenIdle();
  current = undefined;
});

const outboxKinds = async (database: Database, dealId: string) =>
  (
    await rawQuery<{ kind: string }>(
      database,
      `select kind from email_outbox where meta->>'dealId' = $1 order by created_at, kind`,
      [dealId],
    )
  ).map((r) => r.kind);

async function setup() {
  const { app, database } = await buildTestApp();
  current = app;
  const buyer = await insertTrader(database.db, 'Buyer');
  const seller = await insertTrader(database.db, 'Seller');
  const listing = await insertListing(database.db, seller.id, { priceCents: 500_000, quantity: 2 });
  return { app, database, buyer, seller, listing, deals: app.services.deals };
}

describe('deal emails and events commit with the change', () => {
  it('a transition whose email cannot be written does not happen: nothing is committed without its email', async () => {
    const ctx = await setup();
    const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 2_000 });
    expect(await outboxKinds(ctx.database, deal.id)).toEqual(['deal-created', 'deal-created']);
    const other = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 3_000 });
    await ctx.deals.act(ctx.buyer, other.id, { action: 'confirm' });
    await ctx.deals.act(ctx.seller, other.id, { action: 'confirm' });
    await rawQuery(ctx.database, `update deals set escrow_required = false where id = $1`, [other.id]);
    const failing = vi
      .spyOn(ctx.app.services.notifications, 'queueEmail')
      .mockRejectedValueOnce(new Error('outbox unavailable'));
    await expect(ctx.deals.act(ctx.seller, other.id, { action: 'ship-goods' })).rejects.toThrow(
      'outbox unavailable',
    );
    failing.mockRestore();
    expect(await ctx.deals.getDeal(ctx.seller, other.id)).toMatchObject({
      status: 'agreed',
      shippedAt: null,
    });
    expect(await outboxKinds(ctx.database, other.id)).toEqual(['deal-created', 'deal-created']);

    // Written with the change, the email is there the moment the transition returns.
    await ctx.deals.act(ctx.seller, other.id, { action: 'ship-goods' });
    expect(await outboxKinds(ctx.database, other.id)).toEqual([
      'deal-created',
      'deal-created',
      'deal-shipped',
    ]);
  });

  it('the deal.updated event is sent by the committing transaction, once', async () => {
    const ctx = await setup();
    const published: string[] = [];
    ctx.app.services.realtime.attach(ctx.buyer.id, {
      readyState: 1,
      send: (frame: string) => void published.push(JSON.parse(frame).type),
      close: () => undefined,
    });
    const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 2_000 });
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' });
    await expect
      .poll(() => published.filter((t) => t.startsWith('deal.')))
      .toEqual(['deal.created', 'deal.updated']);
  });
});
