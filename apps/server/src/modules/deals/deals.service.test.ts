import { DEAL_MESSAGES, dealProgress } from '@app/shared/deals/deals.schemas';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createTestClock, settleWebhooks } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader, paySandboxCheckout } from '../../../test/factories/deals.ts';
import { setSettings } from '../../../test/factories/settings.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { rawQuery } from '../../db/client.ts';
import type { SessionUser } from '../accounts/index.ts';
import { listDealEvents } from './deals.repository.ts';

let current: FastifyInstance | undefined;
afterEach(async () => {
  if (!current) return;
  await current.services.deals.whenIdle();
  expect((await current.services.ledger.checkBooks()).balanced).toBe(true);
  current = undefined;
});

async function setup(opts: { clock?: ReturnType<typeof createTestClock> } = {}) {
  const { app, database } = await buildTestApp({ clock: opts.clock });
  current = app;
  const db = database.db;
  const buyer = await insertTrader(db, 'Buyer');
  const seller = await insertTrader(db, 'Seller');
  const admin = await insertTrader(db, 'Admin', { companyEmail: null });
  await app.services.admin.makeAdminByEmail(admin.email);
  const listing = await insertListing(db, seller.id, { priceCents: 500_000, quantity: 2 });
  const { deals, ledger } = app.services;
  const escrowOf = async (dealId: string) => 0 - (await ledger.getBalance(`escrow:held:${dealId}`)) || 0;
  /** What /admin/system's "escrow required" switch stores. */
  const setEscrowRequired = (value: boolean) => setSettings(db, [{ key: 'deals.escrow_required', value }]);
  /** Every ledger line that ever touched the deal's escrow account. */
  const escrowLines = async (dealId: string) =>
    Number(
      (
        await rawQuery<{ n: string | number }>(
          database,
          'select count(*) as n from ledger_entries where account = $1',
          [`escrow:held:${dealId}`],
        )
      )[0].n,
    );
  return { app, db, buyer, seller, admin, listing, deals, ledger, escrowOf, setEscrowRequired, escrowLines };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** A deal both parties confirmed (for a tenth of a ton: an agreed deal holds its quantity). */
async function agreedDeal(ctx: Ctx, dealValue = 10_000) {
  const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue, quantity: 0.1 });
  await ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' });
  const agreed = await ctx.deals.act(ctx.seller, deal.id, { action: 'confirm' });
  expect(agreed.status).toBe('agreed');
  return agreed;
}

/** A deal funded by card through the sandbox checkout (commission included unless told). */
async function cardFundedDeal(ctx: Ctx, includeCommission = true) {
  const deal = await agreedDeal(ctx);
  const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'card', includeCommission });
  if (result.kind !== 'checkout') throw new Error('expected a checkout');
  expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).escrowStatus).toBe('pending');
  await paySandboxCheckout(ctx.app, result.url);
  await settleWebhooks(ctx.app);
  await ctx.deals.whenIdle();
  const funded = await ctx.deals.getDeal(ctx.buyer, deal.id);
  expect(funded).toMatchObject({ status: 'escrow_created', escrowStatus: 'held' });
  return { deal: funded, breakdown: result.breakdown };
}

const transitionRefused = (message: string) =>
  expect.objectContaining({ code: 'DEAL_TRANSITION_NOT_ALLOWED', message });

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('deals service', () => {
  it('creates an offer with the 3% commission, and Buy Now at the listing total', async () => {
    const ctx = await setup();
    const offer = await ctx.deals.createDeal(ctx.buyer, {
      listingId: ctx.listing.id,
      dealValue: 1234.5,
      notes: 'Lot 4',
    });
    expect(offer).toMatchObject({
      status: 'initiated',
      escrowStatus: 'none',
      dealValueCents: 123_450,
      commissionRateBps: 300,
      commissionCents: 3_704,
      dealType: 'make_offer',
      role: 'buyer',
      buyerUserId: ctx.buyer.id,
      sellerUserId: ctx.seller.id,
    });
    const { deal: buyNow } = await ctx.deals.buyNow(ctx.buyer, { listingId: ctx.listing.id });
    expect(buyNow.dealValueCents).toBe(1_000_000);
    expect(buyNow.notes).toContain('Buy Now');
    expect(buyNow.dealType).toBe('buy_now');
    const list = await ctx.deals.listDeals(ctx.seller);
    expect(list.deals.map((d) => d.id)).toEqual([buyNow.id, offer.id]);
    expect(list.deals[0].role).toBe('seller');
  });

  it('refuses own listings, missing listings, buy listings for Buy Now and zero values', async () => {
    const ctx = await setup();
    await expect(
      ctx.deals.createDeal(ctx.seller, { listingId: ctx.listing.id, dealValue: 10 }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: DEAL_MESSAGES.cannotDealOwn,
    });
    await expect(ctx.deals.buyNow(ctx.seller, { listingId: ctx.listing.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: DEAL_MESSAGES.cannotBuyOwn,
    });
    await expect(
      ctx.deals.createDeal(ctx.buyer, { listingId: '7d9f1c8e-0000-4000-8000-000000000000', dealValue: 10 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: DEAL_MESSAGES.listingMissing });
    const wanted = await insertListing(ctx.db, ctx.seller.id, { type: 'buy' });
    await expect(ctx.deals.buyNow(ctx.buyer, { listingId: wanted.id })).rejects.toMatchObject({
      message: DEAL_MESSAGES.buyNowSellOnly,
    });
    await expect(
      ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 0 }),
    ).rejects.toMatchObject({
      message: DEAL_MESSAGES.valueAboveZero,
    });
  });

  it('agrees when both confirm, and a counter-offer resets both confirmations and the commission', async () => {
    const ctx = await setup();
    const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 1000 });
    const one = await ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' });
    expect(one).toMatchObject({ status: 'initiated', buyerConfirmed: true, sellerConfirmed: false });
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.updateFailed),
    );
    const countered = await ctx.deals.act(ctx.seller, deal.id, { action: 'counter-offer', dealValue: 1200 });
    expect(countered).toMatchObject({
      status: 'negotiating',
      buyerConfirmed: false,
      sellerConfirmed: false,
      lastOfferBy: 'seller',
      dealValueCents: 120_000,
      commissionCents: 3_600,
    });
    await ctx.deals.act(ctx.seller, deal.id, { action: 'confirm' });
    expect((await ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' })).status).toBe('agreed');
  });

  it('applies concurrent duplicates once: a double click confirms once and the other gets 409', async () => {
    const ctx = await setup();
    const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 1000 });
    const results = await Promise.allSettled([
      ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' }),
      ctx.deals.act(ctx.buyer, deal.id, { action: 'confirm' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const events = await listDealEvents(ctx.db, deal.id);
    expect(events.map((e) => e.transition)).toEqual(['confirm']);
  });

  it('funds by card: escrow holds the deal value, commission and fee are booked once; ship, release once', async () => {
    const ctx = await setup();
    const { deal, breakdown } = await cardFundedDeal(ctx);
    expect(breakdown).toEqual({
      dealValueCents: 1_000_000,
      commissionCents: 30_000,
      feeCents: 29_870,
      totalCents: 1_059_870,
    });
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    expect(await ctx.ledger.getBalance('revenue:processing-fees')).toBe(-29_870);
    expect(deal.commission).toMatchObject({ settled: true, includedInFunding: true });

    const shipped = await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    expect(shipped).toMatchObject({ status: 'completed', escrowStatus: 'held' });
    expect(shipped.autoReleaseAt).not.toBeNull();
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'release-escrow' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    const results = await Promise.allSettled([
      ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' }),
      ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(-1_000_000);
    const released = await ctx.deals.getDeal(ctx.seller, deal.id);
    expect(released).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    await expect(ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'buyer' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.commissionSettled,
    });
  });

  it('refuses shipping before escrow is funded with the spec message', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    expect(deal.escrowRequired).toBe(true);
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotCompleteNotFunded),
    );
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'ship-goods' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotCompleteNotFunded),
    );
  });

  it('escrow optional: the seller ships unfunded, the deal completes with no escrow postings, Pay Commission collects the commission', async () => {
    const clock = createTestClock();
    const ctx = await setup({ clock });
    await ctx.setEscrowRequired(false);
    const deal = await agreedDeal(ctx);
    expect(deal).toMatchObject({ escrowRequired: false, escrowStatus: 'none' });
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'ship-goods' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });

    const shipped = await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    expect(shipped).toMatchObject({ status: 'completed', escrowStatus: 'none', autoReleaseAt: null });
    expect(shipped.shippedAt).not.toBeNull();
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    for (const action of ['release-escrow', 'request-early-release'] as const)
      await expect(ctx.deals.act(ctx.buyer, deal.id, { action })).rejects.toMatchObject({
        code: 'DEAL_TRANSITION_NOT_ALLOWED',
      });
    await expect(
      ctx.deals.act(ctx.buyer, deal.id, { action: 'open-dispute', reason: 'Never arrived' }),
    ).rejects.toMatchObject({ code: 'DEAL_TRANSITION_NOT_ALLOWED' });
    await expect(ctx.deals.adminAct(ctx.admin, deal.id, 'refund-escrow')).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    await expect(ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'card' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    clock.advanceDays(8);
    expect(await ctx.deals.runAutoRelease()).toEqual({ released: 0 });
    expect(await ctx.escrowLines(deal.id)).toBe(0);
    const events = await listDealEvents(ctx.db, deal.id);
    expect(events.at(-1)).toMatchObject({
      transition: 'ship-goods',
      fromStatus: 'agreed',
      toStatus: 'completed',
      fromEscrowStatus: 'none',
      toEscrowStatus: 'none',
    });

    // The commission stays owed and is collected by Pay Commission, once.
    expect((await ctx.deals.getDeal(ctx.seller, deal.id)).commission).toMatchObject({ settled: false });
    const share = await ctx.deals.payCommission(ctx.seller, deal.id, { payer: 'seller' });
    expect(share.shareCents).toBe(30_000);
    await paySandboxCheckout(ctx.app, share.url as string);
    await settleWebhooks(ctx.app);
    expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).commission).toMatchObject({
      settled: true,
      payer: 'seller',
      paidCents: { buyer: 0, seller: 30_000 },
    });
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    await expect(ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'buyer' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.commissionSettled,
    });
    expect(await ctx.escrowLines(deal.id)).toBe(0);
  });

  it('escrow optional: the buyer may still fund escrow first; shipping waits while that payment is pending', async () => {
    const ctx = await setup();
    await ctx.setEscrowRequired(false);
    const deal = await agreedDeal(ctx);
    const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, {
      method: 'card',
      includeCommission: false,
    });
    if (result.kind !== 'checkout') throw new Error('expected a checkout');
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotCompleteFundingPending),
    );
    await paySandboxCheckout(ctx.app, result.url);
    await settleWebhooks(ctx.app);
    await ctx.deals.whenIdle();
    expect(await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' })).toMatchObject({
      status: 'completed',
      escrowStatus: 'held',
    });
    // Funded escrow works as on any deal: the buyer releases it, and the commission nobody paid is
    // taken from the seller's payout.
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(-(1_000_000 - 30_000));
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    await expect(ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'buyer' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.commissionSettled,
    });
  });

  it('a deal keeps the escrow setting it was created under when the setting changes', async () => {
    const ctx = await setup();
    const required = await agreedDeal(ctx);
    await ctx.setEscrowRequired(false);
    const optional = await agreedDeal(ctx);
    await ctx.setEscrowRequired(true);
    expect((await ctx.deals.getDeal(ctx.seller, required.id)).escrowRequired).toBe(true);
    expect((await ctx.deals.getDeal(ctx.seller, optional.id)).escrowRequired).toBe(false);
    await expect(ctx.deals.act(ctx.seller, required.id, { action: 'ship-goods' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotCompleteNotFunded),
    );
    expect(await ctx.deals.act(ctx.seller, optional.id, { action: 'ship-goods' })).toMatchObject({
      status: 'completed',
      escrowStatus: 'none',
    });
  });

  it('refunds a disputed card deal through the provider: the buyer gets the whole charge back', async () => {
    const ctx = await setup();
    const { deal, breakdown } = await cardFundedDeal(ctx);
    await expect(
      ctx.deals.act(ctx.buyer, deal.id, { action: 'open-dispute', reason: '' }),
    ).rejects.toBeDefined();
    const disputed = await ctx.deals.act(ctx.buyer, deal.id, {
      action: 'open-dispute',
      reason: 'Wrong grade',
    });
    expect(disputed).toMatchObject({ status: 'disputed', disputeReason: 'Wrong grade' });
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'refund-escrow' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    expect((await ctx.deals.adminListDeals('disputed')).deals.map((d) => d.id)).toEqual([deal.id]);
    const refunded = await ctx.deals.adminAct(ctx.admin, deal.id, 'refund-escrow');
    expect(refunded).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded', role: null });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(0);
    expect(await ctx.ledger.getBalance('revenue:processing-fees')).toBe(0);
    expect(await ctx.ledger.getBalance('cash:provider')).toBe(0);
    const payment = (await ctx.app.services.payments.listPayments(ctx.buyer.id))[0];
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: breakdown.totalCents });
    await expect(ctx.deals.adminAct(ctx.admin, deal.id, 'refund-escrow')).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
  });

  it('lets an administrator resolve a dispute by releasing to the seller', async () => {
    const ctx = await setup();
    const { deal } = await cardFundedDeal(ctx);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    await ctx.deals.act(ctx.seller, deal.id, { action: 'open-dispute', reason: 'Buyer does not release' });
    const released = await ctx.deals.adminAct(ctx.admin, deal.id, 'release-escrow');
    expect(released).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(-1_000_000);
  });

  it('releases early when one party asks and the other approves', async () => {
    const ctx = await setup();
    const { deal } = await cardFundedDeal(ctx);
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'approve-early-release' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotApproveEarlyRelease),
    );
    await ctx.deals.act(ctx.seller, deal.id, { action: 'request-early-release' });
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'request-early-release' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotRequestEarlyRelease),
    );
    await expect(ctx.deals.act(ctx.seller, deal.id, { action: 'approve-early-release' })).rejects.toEqual(
      transitionRefused(DEAL_MESSAGES.cannotApproveEarlyRelease),
    );
    const approved = await ctx.deals.act(ctx.buyer, deal.id, { action: 'approve-early-release' });
    expect(approved).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
  });

  it('releases automatically 7 days after shipping, once, and not before', async () => {
    const clock = createTestClock();
    const ctx = await setup({ clock });
    const { deal } = await cardFundedDeal(ctx);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    clock.advanceDays(6.9);
    expect(await ctx.deals.runAutoRelease()).toEqual({ released: 0 });
    clock.advanceDays(0.2);
    expect(await ctx.deals.runAutoRelease()).toEqual({ released: 1 });
    expect(await ctx.deals.runAutoRelease()).toEqual({ released: 0 });
    expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).escrowStatus).toBe('released');
    const events = await listDealEvents(ctx.db, deal.id);
    expect(events.filter((e) => e.transition === 'auto-release')).toHaveLength(1);
  });

  it('records when each progress step happened: funding keeps the confirmation, an early release ships nothing', async () => {
    const ctx = await setup();
    const { deal } = await cardFundedDeal(ctx);
    const funded = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(funded.status).toBe('escrow_created');
    expect(dealProgress(funded).map((s) => s.done)).toEqual([true, true, false, false]);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'request-early-release' });
    const released = await ctx.deals.act(ctx.buyer, deal.id, { action: 'approve-early-release' });
    expect(released).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(released.milestones).toMatchObject({ shippedAt: null });
    expect(released.milestones.releasedAt).not.toBeNull();
    expect(dealProgress(released).map((s) => s.done)).toEqual([true, true, false, true]);
  });

  it("takes a commission nobody paid from the seller's payout at release, once", async () => {
    const ctx = await setup();
    const { deal } = await cardFundedDeal(ctx, false);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(0);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    await Promise.all([
      ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' }).catch(() => null),
      ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' }).catch(() => null),
    ]);
    const released = await ctx.deals.getDeal(ctx.seller, deal.id);
    expect(released.commission).toMatchObject({
      settled: true,
      includedInFunding: false,
      deductedCents: 30_000,
    });
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(-(1_000_000 - 30_000));
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    await expect(ctx.deals.payCommission(ctx.seller, deal.id, { payer: 'seller' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.commissionSettled,
    });
  });

  it('a commission payer that shifts the cost onto the other party is only a proposal until they choose it', async () => {
    const ctx = await setup();
    await ctx.setEscrowRequired(false);
    const deal = await agreedDeal(ctx);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    const owed = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(owed.commission).toMatchObject({ settled: false, payer: null, proposal: null });

    // The buyer asks the seller to pay: nothing is imposed, and nobody is charged.
    expect(await ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'seller' })).toEqual({
      url: null,
      shareCents: 0,
      proposed: true,
    });
    expect((await ctx.deals.getDeal(ctx.seller, deal.id)).commission).toMatchObject({
      payer: null,
      proposal: { payer: 'seller', by: 'buyer' },
    });
    // The seller keeps the default (the buyer pays): the seller owes nothing.
    expect(await ctx.deals.payCommission(ctx.seller, deal.id, { payer: 'buyer' })).toMatchObject({
      url: null,
      shareCents: 0,
      proposed: false,
    });
    // The seller offers to split instead: taking on half themselves applies at once.
    const sellerHalf = await ctx.deals.payCommission(ctx.seller, deal.id, { payer: 'split' });
    expect(sellerHalf).toMatchObject({ shareCents: 15_000, proposed: false });
    expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).commission).toMatchObject({
      payer: 'split',
      proposal: null,
    });
    // The buyer's later "seller pays" is again only a proposal; the split stands.
    expect((await ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'seller' })).proposed).toBe(true);
    const buyerHalf = await ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'split' });
    expect(buyerHalf).toMatchObject({ shareCents: 15_000, proposed: false });
    await paySandboxCheckout(ctx.app, buyerHalf.url as string);
    await paySandboxCheckout(ctx.app, sellerHalf.url as string);
    await settleWebhooks(ctx.app);
    expect((await ctx.deals.getDeal(ctx.seller, deal.id)).commission).toMatchObject({
      settled: true,
      payer: 'split',
      paidCents: { buyer: 15_000, seller: 15_000 },
      proposal: null,
    });
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
  });

  it('funds by plain wire: the administrator verifies, the fees and the commission are booked', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'wire' });
    if (result.kind !== 'wire') throw new Error('expected wire instructions');
    expect(result.amountCents).toBe(1_030_000);
    expect(result.referenceNumber).toMatch(/\S+/);
    const wires = await ctx.app.services.wireTransfers.listForUser(ctx.buyer.id);
    expect(wires).toHaveLength(1);
    await ctx.app.services.wireTransfers.verify(
      { id: ctx.admin.id, email: ctx.admin.email },
      wires[0].id,
      'ok',
    );
    await ctx.deals.whenIdle();
    const funded = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(funded).toMatchObject({ status: 'escrow_created', escrowStatus: 'held' });
    expect(funded.commission.settled).toBe(true);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    expect(await ctx.ledger.getBalance('revenue:wire-processing-fees')).toBe(-20_600);
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(
      -(1_030_000 - 30_000 - 20_600),
    );
  });

  it('funds through the escrow provider: checks emails, funds on the sandbox page, refunds a cancelled deal', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'escrow_wire' });
    if (result.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
    expect(result.paymentInstructions).toMatchObject({ dealValue: 10_000, commission: 300, amount: 10_300 });
    expect(result.paymentInstructions.escrowUrl).toContain(result.transactionId);
    const sandbox = ctx.app.services.escrowProvider as unknown as {
      applyPageAction(id: string, action: 'fund' | 'cancel'): Promise<{ ok: boolean }>;
    };
    expect((await sandbox.applyPageAction(result.transactionId, 'fund')).ok).toBe(true);
    await ctx.deals.whenIdle();
    const funded = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(funded).toMatchObject({ escrowStatus: 'held', escrowTransactionId: result.transactionId });
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);
    // A second notification (retried webhook) changes nothing.
    await ctx.deals.syncProviderTransaction(result.transactionId);
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'open-dispute', reason: 'Never shipped' });
    await ctx.deals.act(ctx.seller, deal.id, { action: 'refund-escrow' });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect(await ctx.ledger.getBalance('cash:escrow-provider')).toBe(0);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(0);
  });

  it('releases through the funding that holds the money, not a later abandoned escrow-provider attempt', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const wire = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'wire' });
    if (wire.kind !== 'wire') throw new Error('expected wire instructions');
    // The buyer looks at the escrow-provider route too, and never pays it.
    const abandoned = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'escrow_wire' });
    if (abandoned.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
    const [pending] = await ctx.app.services.wireTransfers.listForUser(ctx.buyer.id);
    await ctx.app.services.wireTransfers.verify(
      { id: ctx.admin.id, email: ctx.admin.email },
      pending.id,
      'ok',
    );
    await ctx.deals.whenIdle();
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    const released = await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(released).toMatchObject({ status: 'completed', escrowStatus: 'released' });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect((await ctx.app.services.escrowProvider.getTransaction(abandoned.transactionId))?.status).toBe(
      'awaiting_payment',
    );
    expect((await ctx.ledger.checkBooks()).balanced).toBe(true);
  });

  it('refuses escrow-provider funding when the emails match or the seller has no contact email', async () => {
    const ctx = await setup();
    const noCompany = await insertTrader(ctx.db, 'Bare', { companyEmail: null });
    const bareListing = await insertListing(ctx.db, noCompany.id);
    const d1 = await ctx.deals.createDeal(ctx.buyer, { listingId: bareListing.id, dealValue: 1000 });
    await ctx.deals.act(ctx.buyer, d1.id, { action: 'confirm' });
    await ctx.deals.act(noCompany, d1.id, { action: 'confirm' });
    await expect(ctx.deals.fundEscrow(ctx.buyer, d1.id, { method: 'escrow_wire' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.sellerEmailMissing,
    });
    const twin = await insertTrader(ctx.db, 'Twin', { companyEmail: ctx.buyer.email.toUpperCase() });
    const twinListing = await insertListing(ctx.db, twin.id);
    const d2 = await ctx.deals.createDeal(ctx.buyer, { listingId: twinListing.id, dealValue: 1000 });
    await ctx.deals.act(ctx.buyer, d2.id, { action: 'confirm' });
    await ctx.deals.act(twin, d2.id, { action: 'confirm' });
    await expect(ctx.deals.fundEscrow(ctx.buyer, d2.id, { method: 'escrow_wire' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.sameEmails,
    });
  });

  it('offers only the card for totals of $50 or less, and only the buyer funds', async () => {
    const ctx = await setup();
    const small = await agreedDeal(ctx, 40);
    await expect(ctx.deals.fundEscrow(ctx.buyer, small.id, { method: 'wire' })).rejects.toMatchObject({
      message: DEAL_MESSAGES.methodNotAvailable,
    });
    await expect(ctx.deals.fundEscrow(ctx.seller, small.id, { method: 'card' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
    const stranger: SessionUser = await insertTrader(ctx.db, 'Stranger');
    await expect(ctx.deals.fundEscrow(stranger, small.id, { method: 'card' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: DEAL_MESSAGES.dealNotFound,
    });
  });

  it('keeps a wire that arrives after the deal was cancelled in escrow, and refunds it to the buyer', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, {
      method: 'wire',
      includeCommission: false,
    });
    if (result.kind !== 'wire') throw new Error('expected wire instructions');
    const cancelled = await ctx.deals.act(ctx.seller, deal.id, { action: 'cancel' });
    expect(cancelled).toMatchObject({ status: 'cancelled', escrowStatus: 'pending' });
    const [wire] = await ctx.app.services.wireTransfers.listForUser(ctx.buyer.id);
    await ctx.app.services.wireTransfers.verify({ id: ctx.admin.id, email: ctx.admin.email }, wire.id);
    await ctx.deals.whenIdle();
    const held = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(held).toMatchObject({ status: 'cancelled', escrowStatus: 'held' });
    const fee = -(await ctx.ledger.getBalance('revenue:wire-processing-fees'));
    const refunded = await ctx.deals.act(ctx.buyer, deal.id, { action: 'refund-escrow' });
    expect(refunded).toMatchObject({ status: 'cancelled', escrowStatus: 'refunded' });
    expect(await ctx.escrowOf(deal.id)).toBe(0);
    expect(await ctx.ledger.getBalance(`payable:buyer:${ctx.buyer.id}`)).toBe(-(result.amountCents - fee));
  });

  it('records an escrow-provider funding once when notifications race (webhook retry and sync job)', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const result = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'escrow_wire' });
    if (result.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
    const sandbox = ctx.app.services.escrowProvider as unknown as {
      applyPageAction(id: string, action: 'fund' | 'cancel'): Promise<{ ok: boolean }>;
      getTransaction(id: string): Promise<{ status: string } | null>;
    };
    await Promise.all([
      sandbox.applyPageAction(result.transactionId, 'fund'),
      ctx.deals.syncProviderTransaction(result.transactionId),
      ctx.deals.runEscrowSync(),
    ]);
    await ctx.deals.syncProviderTransaction(result.transactionId);
    await ctx.deals.whenIdle();
    expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).escrowStatus).toBe('held');
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);
    expect((await sandbox.getTransaction(result.transactionId))?.status).toBe('funded');
    const events = await listDealEvents(ctx.db, deal.id);
    expect(events.filter((e) => e.transition === 'escrow-funded')).toHaveLength(1);
  });

  it('refuses the commission dialog before the deal is completed and released', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    await expect(ctx.deals.payCommission(ctx.buyer, deal.id, { payer: 'buyer' })).rejects.toMatchObject({
      code: 'DEAL_TRANSITION_NOT_ALLOWED',
    });
  });

  it('tells both parties in realtime when a deal is created and when it changes', async () => {
    const ctx = await setup();
    const publish = vi.spyOn(ctx.app.services.realtime, 'publishToUsers');
    const deal = await ctx.deals.createDeal(ctx.buyer, { listingId: ctx.listing.id, dealValue: 1000 });
    // Published through the change's own transaction: the event goes out when it commits.
    const inTransaction = expect.objectContaining({ tx: expect.anything() });
    expect(publish).toHaveBeenCalledWith(
      [ctx.buyer.id, ctx.seller.id],
      expect.objectContaining({ type: 'deal.created', dealId: deal.id, dealValueCents: 100_000 }),
      inTransaction,
    );
    await ctx.deals.act(ctx.seller, deal.id, { action: 'confirm' });
    expect(publish).toHaveBeenCalledWith(
      [ctx.buyer.id, ctx.seller.id],
      { type: 'deal.updated', deal: { id: deal.id, status: 'initiated', escrowStatus: 'none' } },
      inTransaction,
    );
    publish.mockRestore();
  });

  it('returns a card charge that arrives after the deal was funded by wire', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const card = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'card' });
    if (card.kind !== 'checkout') throw new Error('expected a checkout');
    await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'wire' });
    const [wire] = await ctx.app.services.wireTransfers.listForUser(ctx.buyer.id);
    await ctx.app.services.wireTransfers.verify({ id: ctx.admin.id, email: ctx.admin.email }, wire.id);
    const heldByWire = await ctx.escrowOf(deal.id);
    expect(heldByWire).toBe(1_030_000 - 30_000 - 20_600);

    await paySandboxCheckout(ctx.app, card.url);
    await settleWebhooks(ctx.app);
    expect((await ctx.deals.getDeal(ctx.buyer, deal.id)).escrowStatus).toBe('held');
    // Until the refund, the charge is owed to the buyer, not held for the seller.
    expect(await ctx.escrowOf(deal.id)).toBe(heldByWire);
    expect(await ctx.ledger.getBalance(`payable:buyer:${ctx.buyer.id}`)).toBe(-card.breakdown.totalCents);
    expect(await ctx.deals.runEscrowSync()).toMatchObject({ refunded: 1 });
    expect(await ctx.ledger.getBalance(`payable:buyer:${ctx.buyer.id}`)).toBe(0);
    expect(await ctx.escrowOf(deal.id)).toBe(heldByWire);
    const [payment] = await ctx.app.services.payments.listPayments(ctx.buyer.id);
    expect(payment.status).toBe('refunded');
    expect(await ctx.deals.runEscrowSync()).toMatchObject({ refunded: 0 });
  });

  it('shows what each escrow holds and when its dispute opened, for a page of deals', async () => {
    const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));
    const ctx = await setup({ clock });
    const unfunded = await agreedDeal(ctx);
    const { deal: funded } = await cardFundedDeal(ctx);
    expect(funded).toMatchObject({ escrowHeldCents: 1_000_000, disputeOpenedAt: null });
    clock.advanceDays(1);
    await ctx.deals.act(ctx.buyer, funded.id, { action: 'open-dispute', reason: 'Wrong grade' });
    clock.advanceDays(1);
    // Later changes move updatedAt, not the time the dispute opened.
    await ctx.deals.act(ctx.seller, funded.id, { action: 'request-early-release' }).catch(() => undefined);
    const all = (await ctx.deals.adminListDeals('all')).deals;
    expect(all.find((d) => d.id === unfunded.id)).toMatchObject({
      escrowHeldCents: 0,
      disputeOpenedAt: null,
    });
    expect(all.find((d) => d.id === funded.id)).toMatchObject({
      status: 'disputed',
      escrowHeldCents: 1_000_000,
      disputeOpenedAt: '2026-03-03T09:00:00.000Z',
    });
    const sellersView = (await ctx.deals.listDeals(ctx.seller)).deals;
    expect(Object.fromEntries(sellersView.map((d) => [d.id, d.escrowHeldCents]))).toEqual({
      [funded.id]: 1_000_000,
      [unfunded.id]: 0,
    });
    const refunded = await ctx.deals.adminAct(ctx.admin, funded.id, 'refund-escrow');
    expect(refunded.escrowHeldCents).toBe(0);
  });

  it('reads the escrow of a page of deals in one grouped query', async () => {
    const ctx = await setup();
    const { deal } = await cardFundedDeal(ctx);
    const other = await agreedDeal(ctx);
    const { escrow } = ctx.app.services;
    const held = await escrow.heldOfDeals([deal.id, other.id]);
    expect([...held]).toEqual([[deal.id, 1_000_000]]);
    expect(await escrow.heldOfDeals([])).toEqual(new Map());
  });

  it('returns a plain wire verified after the deal was funded by card, less its fee, leaving the escrow and commission alone', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const wired = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'wire', includeCommission: true });
    if (wired.kind !== 'wire') throw new Error('expected wire instructions');
    const card = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'card', includeCommission: false });
    if (card.kind !== 'checkout') throw new Error('expected a checkout');
    await paySandboxCheckout(ctx.app, card.url);
    await settleWebhooks(ctx.app);
    await ctx.deals.whenIdle();
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);

    const wires = ctx.app.services.wireTransfers;
    const [wire] = await wires.listForUser(ctx.buyer.id);
    const verified = await wires.verify({ id: ctx.admin.id, email: ctx.admin.email }, wire.id);
    await ctx.deals.whenIdle();
    const fee = Math.round(wired.amountCents * 0.02);
    expect(verified).toMatchObject({
      status: 'verified',
      returnedToBuyer: true,
      processingFeeTransferred: true,
      commissionTransferred: false,
    });
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);
    expect(await ctx.ledger.getBalance(`payable:buyer:${ctx.buyer.id}`)).toBe(-(wired.amountCents - fee));
    expect(await ctx.ledger.getBalance('revenue:wire-processing-fees')).toBe(-fee);
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(0);
    // The retries from the admin screen change nothing.
    await wires.transferProcessingFee(wire.id);
    await expect(wires.transferCommission(wire.id)).rejects.toMatchObject({ status: 409 });
    expect(await ctx.escrowOf(deal.id)).toBe(1_000_000);

    const current = await ctx.deals.getDeal(ctx.buyer, deal.id);
    expect(current).toMatchObject({ escrowStatus: 'held', escrowHeldCents: 1_000_000 });
    expect(current.escrowPayment?.method).toBe('card');
    await ctx.deals.act(ctx.seller, deal.id, { action: 'ship-goods' });
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    // The card funding left the commission out: it comes from the seller's payout at release.
    expect(await ctx.ledger.getBalance(`payable:seller:${ctx.seller.id}`)).toBe(-(1_000_000 - 30_000));
    expect(await ctx.ledger.getBalance('revenue:commission')).toBe(-30_000);
    expect(await ctx.escrowOf(deal.id)).toBe(0);
  });

  it('returns a plain wire verified after the deal was cancelled and refunded, without overdrawing the escrow', async () => {
    const ctx = await setup();
    const deal = await agreedDeal(ctx);
    const wired = await ctx.deals.fundEscrow(ctx.buyer, deal.id, {
      method: 'wire',
      includeCommission: false,
    });
    if (wired.kind !== 'wire') throw new Error('expected wire instructions');
    const card = await ctx.deals.fundEscrow(ctx.buyer, deal.id, { method: 'card' });
    if (card.kind !== 'checkout') throw new Error('expected a checkout');
    await paySandboxCheckout(ctx.app, card.url);
    await settleWebhooks(ctx.app);
    await ctx.deals.whenIdle();
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'open-dispute', reason: 'Never shipped' });
    await ctx.deals.adminAct(ctx.admin, deal.id, 'refund-escrow');
    expect(await ctx.escrowOf(deal.id)).toBe(0);

    const [wire] = await ctx.app.services.wireTransfers.listForUser(ctx.buyer.id);
    const verified = await ctx.app.services.wireTransfers.verify(
      { id: ctx.admin.id, email: ctx.admin.email },
      wire.id,
    );
    await ctx.deals.whenIdle();
    expect(verified.returnedToBuyer).toBe(true);
    const fee = verified.processingFeeCents;
    expect(await ctx.ledger.getBalance(`escrow:held:${deal.id}`)).toBe(0);
    expect(await ctx.ledger.getBalance(`payable:buyer:${ctx.buyer.id}`)).toBe(-(wired.amountCents - fee));
    expect(await ctx.deals.getDeal(ctx.buyer, deal.id)).toMatchObject({
      status: 'cancelled',
      escrowStatus: 'refunded',
      escrowHeldCents: 0,
    });
  });
});
