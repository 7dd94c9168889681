import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { race } from '../../../test/factories/money.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { rawQuery } from '../../db/client.ts';

// Money the escrow provider holds moves only after the deal is claimed under its row lock.

beforeAll(async () => {
  await getWorkerDatabase();
});

let current: FastifyInstance | undefined;
afterEach(async () => {
  if (!current) return;
  await current.services.deals.whenIdle();
  expect((await current.services.ledger.checkBooks()).balanced).toBe(true);
  current = undefined;
});

async function setup() {
  const { app, database } = await buildTestApp();
  current = app;
  const db = database.db;
  const buyer = await insertTrader(db, 'Buyer');
  const seller = await insertTrader(db, 'Seller');
  const admin = await insertTrader(db, 'Admin', { companyEmail: null });
  await app.services.admin.makeAdminByEmail(admin.email);
  const listing = await insertListing(db, seller.id, { priceCents: 500_000, quantity: 2 });
  const { deals } = app.services;
  const provider = app.services.escrowProvider as unknown as {
    applyPageAction(id: string, action: 'fund' | 'cancel'): Promise<{ ok: boolean }>;
    getTransaction(id: string): Promise<{ status: string } | null>;
    releaseFunds(id: string): Promise<void>;
    refundFunds(id: string): Promise<void>;
  };
  /** A shipped deal whose escrow the provider holds, with early release asked by the seller. */
  const heldDeal = async () => {
    // A tenth of the lot each, so every round's deal fits beside the earlier ones (which hold theirs).
    const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue: 10_000, quantity: 0.1 });
    await deals.act(buyer, deal.id, { action: 'confirm' });
    await deals.act(seller, deal.id, { action: 'confirm' });
    const funding = await deals.fundEscrow(buyer, deal.id, { method: 'escrow_wire' });
    if (funding.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
    await provider.applyPageAction(funding.transactionId, 'fund');
    await deals.whenIdle();
    await deals.act(seller, deal.id, { action: 'ship-goods' });
    await deals.act(seller, deal.id, { action: 'request-early-release' });
    return { dealId: deal.id, transactionId: funding.transactionId };
  };
  /** Recytrade and the provider agree: released on both sides, or held and funded on both. */
  const expectAgreement = async (dealId: string, transactionId: string) => {
    const deal = await deals.getDeal(buyer, dealId);
    const atProvider = (await provider.getTransaction(transactionId))?.status;
    if (deal.escrowStatus === 'released') expect(atProvider).toBe('released');
    else if (deal.escrowStatus === 'refunded') expect(atProvider).toBe('refunded');
    else expect({ escrow: deal.escrowStatus, atProvider }).toEqual({ escrow: 'held', atProvider: 'funded' });
    return deal;
  };
  return { app, database, buyer, seller, admin, deals, provider, heldDeal, expectAgreement };
}

describe('escrow-provider release and refund under concurrency', () => {
  it('an early release approved while the buyer opens a dispute ends the same at the provider and here', async () => {
    const ctx = await setup();
    for (let round = 0; round < 6; round++) {
      const { dealId, transactionId } = await ctx.heldDeal();
      const [approve, dispute] = await Promise.allSettled([
        ctx.deals.act(ctx.buyer, dealId, { action: 'approve-early-release' }),
        ctx.deals.act(ctx.buyer, dealId, { action: 'open-dispute', reason: 'Wrong grade delivered' }),
      ]);
      expect([approve.status, dispute.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const deal = await ctx.expectAgreement(dealId, transactionId);
      if (dispute.status === 'fulfilled') {
        expect(deal.status).toBe('disputed');
        // The administrator's resolution still works with the provider.
        await ctx.deals.adminAct(ctx.admin, dealId, 'refund-escrow');
        await ctx.expectAgreement(dealId, transactionId);
      } else {
        expect(dispute.reason).toMatchObject({ code: 'DEAL_TRANSITION_NOT_ALLOWED' });
      }
    }
  });

  it('a dispute opened while the provider is releasing is refused with a clear message', async () => {
    const ctx = await setup();
    const { dealId, transactionId } = await ctx.heldDeal();
    let release!: () => void;
    const releasing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = ctx.provider.releaseFunds.bind(ctx.provider);
    const spy = vi.spyOn(ctx.provider, 'releaseFunds').mockImplementation(async (id) => {
      await releasing;
      await original(id);
    });
    const approving = ctx.deals.act(ctx.buyer, dealId, { action: 'approve-early-release' });
    await vi.waitFor(() => expect(spy).toHaveBeenCalled());
    await expect(
      ctx.deals.act(ctx.buyer, dealId, { action: 'open-dispute', reason: 'Wrong grade delivered' }),
    ).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
      message: DEAL_MESSAGES.escrowProviderBusy,
    });
    const refusals = await race(10, () => ctx.deals.adminAct(ctx.admin, dealId, 'refund-escrow'));
    expect(refusals.every((r) => r.status === 'rejected')).toBe(true);
    release();
    expect((await approving).escrowStatus).toBe('released');
    await ctx.expectAgreement(dealId, transactionId);
  });

  it('a failed provider call drops the claim: nothing moves, and the parties may act again', async () => {
    const ctx = await setup();
    const { dealId, transactionId } = await ctx.heldDeal();
    vi.spyOn(ctx.provider, 'releaseFunds').mockRejectedValueOnce(new Error('503 Service Unavailable'));
    await expect(ctx.deals.act(ctx.buyer, dealId, { action: 'approve-early-release' })).rejects.toMatchObject(
      {
        code: 'PAYMENT_PROVIDER_ERROR',
      },
    );
    await ctx.expectAgreement(dealId, transactionId);
    await ctx.deals.act(ctx.buyer, dealId, { action: 'open-dispute', reason: 'Wrong grade delivered' });
    expect((await ctx.deals.getDeal(ctx.buyer, dealId)).status).toBe('disputed');
  });

  it('a release the process died recording is finished by the reconcile job from the provider', async () => {
    const ctx = await setup();
    const { dealId, transactionId } = await ctx.heldDeal();
    // The claim was written and the provider released; the process died before recording it.
    const claimedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await rawQuery(ctx.database, `update deals set escrow_provider_claim = $2::jsonb where id = $1`, [
      dealId,
      JSON.stringify({
        id: 'claim-1',
        transition: 'approve-early-release',
        actor: { role: 'buyer', userId: ctx.buyer.id },
        claimedAt,
      }),
    ]);
    await ctx.provider.releaseFunds(transactionId);
    await expect(
      ctx.deals.act(ctx.buyer, dealId, { action: 'open-dispute', reason: 'Wrong grade delivered' }),
    ).rejects.toMatchObject({ message: DEAL_MESSAGES.escrowProviderBusy });
    expect(await ctx.deals.runEscrowClaimReconcile()).toEqual({ finished: 1, dropped: 0 });
    const deal = await ctx.expectAgreement(dealId, transactionId);
    expect(deal.escrowStatus).toBe('released');
    expect(await ctx.deals.runEscrowClaimReconcile()).toEqual({ finished: 0, dropped: 0 });
  });
});
