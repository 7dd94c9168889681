import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { dealEvents } from '../../db/schema.ts';
import { updateSandboxEscrow } from './escrow-providers/sandbox-escrow.repository.ts';

const DEAL_ESCROW_SYNC_JOB = 'deals.escrow-sync';

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('deal escrow job', () => {
  it('picks up an escrow-provider funding whose notification never arrived', async () => {
    const { app, database } = await buildTestApp();
    const db = database.db;
    const { deals, ledger, jobs } = app.services;
    const buyer = await insertTrader(db, 'Buyer');
    const seller = await insertTrader(db, 'Seller');
    const listing = await insertListing(db, seller.id);
    const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue: 10_000 });
    await deals.act(buyer, deal.id, { action: 'confirm' });
    await deals.act(seller, deal.id, { action: 'confirm' });
    const result = await deals.fundEscrow(buyer, deal.id, { method: 'escrow_wire' });
    if (result.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
    expect((await deals.getDeal(buyer, deal.id)).escrowStatus).toBe('pending');

    // The provider records the wire, but its webhook is lost: only the sync job can notice.
    await updateSandboxEscrow(db, result.transactionId, { status: 'funded', fundedAt: new Date() });
    expect((await deals.getDeal(buyer, deal.id)).escrowStatus).toBe('pending');

    await jobs.send(DEAL_ESCROW_SYNC_JOB, {});
    await expect
      .poll(async () => (await deals.getDeal(buyer, deal.id)).escrowStatus, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('held');
    await deals.whenIdle();
    const funded = await deals.getDeal(buyer, deal.id);
    expect(funded).toMatchObject({
      status: 'escrow_created',
      escrowHeldCents: 1_000_000,
      escrowPayment: { method: 'escrow_wire', status: 'held' },
    });
    expect(await ledger.getBalance('cash:escrow-provider')).toBe(1_030_000);
    expect(await ledger.getBalance('revenue:commission')).toBe(-30_000);

    // Later runs find nothing pending and change nothing.
    expect(await deals.runEscrowSync()).toEqual({ checked: 0, refunded: 0 });
    const events = await db.select().from(dealEvents).where(eq(dealEvents.dealId, deal.id));
    expect(events.filter((e) => e.transition === 'escrow-funded')).toHaveLength(1);
    expect((await ledger.checkBooks()).balanced).toBe(true);
  });
});
