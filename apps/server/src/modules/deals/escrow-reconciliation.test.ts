import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader, paySandboxCheckout } from '../../../test/factories/deals.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

// Release and refund move what the deal's funding says, never whatever the escrow account happens to hold.

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
  const { deals, ledger, wireTransfers } = app.services;
  const escrowOf = async (dealId: string) => 0 - (await ledger.getBalance(`escrow:held:${dealId}`)) || 0;
  const sellerPaid = async () => 0 - (await ledger.getBalance(`payable:seller:${seller.id}`)) || 0;
  const shippedDeal = async (method: 'card' | 'wire', dealValue = 6_163.59) => {
    const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue });
    await deals.act(buyer, deal.id, { action: 'confirm' });
    await deals.act(seller, deal.id, { action: 'confirm' });
    const funding = await deals.fundEscrow(buyer, deal.id, { method, includeCommission: true });
    if (funding.kind === 'checkout') {
      await paySandboxCheckout(app, funding.url);
      await settleWebhooks(app);
    } else {
      const wire = (await wireTransfers.listForUser(buyer.id)).find((w) => w.status === 'pending');
      if (!wire) throw new Error('expected a pending wire');
      await wireTransfers.verify({ id: admin.id, email: admin.email }, wire.id);
    }
    await deals.whenIdle();
    await deals.act(seller, deal.id, { action: 'ship-goods' });
    return { deal, funding };
  };
  /** Money that reaches a deal's escrow account by mistake (the defect this guards against). */
  const strayIntoEscrow = (dealId: string, cents: number) =>
    ledger.postTransaction({
      poster: 'payments',
      kind: 'escrow_hold',
      description: 'A charge booked into the escrow without funding the deal',
      lines: [
        { account: 'cash:provider', amountCents: cents },
        { account: `escrow:held:${dealId}`, amountCents: -cents },
      ],
    });
  return { app, buyer, seller, admin, deals, ledger, escrowOf, sellerPaid, shippedDeal, strayIntoEscrow };
}

/** The escrow mismatch is logged as an error: assert it and clear it from the test's error log. */
function expectMismatchLogged() {
  const logged = vi.mocked(console.error);
  expect(logged.mock.calls.map((c) => String(c[0]))).toContainEqual(
    expect.stringContaining('escrow does not match its deal'),
  );
  logged.mockClear();
}

describe('release and refund amounts', () => {
  it('a card-funded release pays the seller exactly the deal value', async () => {
    const ctx = await setup();
    const { deal } = await ctx.shippedDeal('card');
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(await ctx.sellerPaid()).toBe(616_359);
    expect(await ctx.escrowOf(deal.id)).toBe(0);
  });

  it('a wire-funded release pays the deal value less the wire processing fee', async () => {
    const ctx = await setup();
    const { deal, funding } = await ctx.shippedDeal('wire');
    const fee = Math.round((funding.breakdown.totalCents * 2) / 100);
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(await ctx.sellerPaid()).toBe(
      funding.breakdown.totalCents - fee - funding.breakdown.commissionCents,
    );
    expect(await ctx.escrowOf(deal.id)).toBe(0);
  });

  it('refuses to release an escrow that holds more than the deal, moves nothing, and lists it for the administrator', async () => {
    const ctx = await setup();
    const { deal } = await ctx.shippedDeal('card');
    await ctx.strayIntoEscrow(deal.id, 634_850);
    await expect(ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' })).rejects.toMatchObject({
      code: 'ESCROW_MISMATCH',
      status: 409,
      message: DEAL_MESSAGES.escrowMismatch,
    });
    expectMismatchLogged();
    expect(await ctx.sellerPaid()).toBe(0);
    expect(await ctx.deals.getDeal(ctx.buyer, deal.id)).toMatchObject({ escrowStatus: 'held' });
    expect(await ctx.deals.findEscrowMismatches()).toEqual([
      {
        dealId: deal.id,
        listingTitle: 'Copper cathodes, grade A',
        status: 'completed',
        escrowStatus: 'held',
        heldCents: 616_359 + 634_850,
        expectedCents: 616_359,
      },
    ]);
    // The admin refund of a dispute is refused the same way: the buyer is never paid the stray money either.
    // (Once shipped, the buyer's complaint is a claim; the seller may still ask an administrator.)
    await ctx.deals.act(ctx.seller, deal.id, { action: 'open-dispute', reason: 'Buyer does not release' });
    await expect(ctx.deals.adminAct(ctx.admin, deal.id, 'refund-escrow')).rejects.toMatchObject({
      code: 'ESCROW_MISMATCH',
    });
    expectMismatchLogged();
  });

  it('lists a finished deal whose escrow account still holds money', async () => {
    const ctx = await setup();
    const { deal } = await ctx.shippedDeal('card');
    await ctx.deals.act(ctx.buyer, deal.id, { action: 'release-escrow' });
    expect(await ctx.deals.findEscrowMismatches()).toEqual([]);
    await ctx.strayIntoEscrow(deal.id, 1_000);
    expect(await ctx.deals.findEscrowMismatches()).toEqual([
      expect.objectContaining({
        dealId: deal.id,
        escrowStatus: 'released',
        heldCents: 1_000,
        expectedCents: 0,
      }),
    ]);
  });
});

describe('GET /api/admin/ledger reports escrow accounts that disagree with their deals', () => {
  it('answers visitors 401, traders 403, and administrators the books with the mismatches', async () => {
    const ctx = await setup();
    const { deal } = await ctx.shippedDeal('card');
    const trader = await signedInClient(ctx.app);
    const admin = await adminClient(ctx.app);
    expect((await createClient(ctx.app).get('/api/admin/ledger')).statusCode).toBe(401);
    expect((await trader.client.get('/api/admin/ledger')).statusCode).toBe(403);
    const clean = await admin.client.get('/api/admin/ledger');
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ balanced: true, escrowReconciled: true, escrowMismatches: [] });

    await ctx.strayIntoEscrow(deal.id, 2_500);
    const books = (await admin.client.get('/api/admin/ledger')).json();
    expect(books).toMatchObject({
      balanced: true,
      escrowReconciled: false,
      escrowMismatches: [{ dealId: deal.id, heldCents: 616_359 + 2_500, expectedCents: 616_359 }],
    });
  });
});
