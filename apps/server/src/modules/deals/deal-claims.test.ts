import { CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { REGISTRATION_PDF } from '../../../test/factories/companies.ts';
import { fundedDeal, insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { expectMoneyReconciled, providerTotals, race } from '../../../test/factories/money.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { type Database, rawQuery } from '../../db/client.ts';

// Claims split a held escrow: every settlement is one balanced transaction, the commission follows
// what the seller finally receives, and nobody is paid more than the deal.

const DAY = 86_400_000;

beforeAll(async () => {
  await getWorkerDatabase();
});

let current: { app: FastifyInstance; database: Database } | undefined;
afterEach(async () => {
  if (!current) return;
  await current.app.services.deals.whenIdle();
  await expectMoneyReconciled(current.app, current.database);
  expect(await current.app.services.deals.findEscrowMismatches()).toEqual([]);
  current = undefined;
});

async function setup() {
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const { app, database } = await buildTestApp({ clock });
  current = { app, database };
  const db = database.db;
  const buyer = await insertTrader(db, 'Buyer');
  const seller = await insertTrader(db, 'Seller');
  const stranger = await insertTrader(db, 'Stranger');
  const admin = await insertTrader(db, 'Admin', { companyEmail: null });
  await app.services.admin.makeAdminByEmail(admin.email);
  const listing = await insertListing(db, seller.id, { priceCents: 500_000, quantity: 20 });
  const { deals, ledger, privateFiles } = app.services;
  const claims = deals.claims;
  const balance = async (account: string) => 0 - (await ledger.getBalance(account)) || 0;
  const evidence = async (userId = buyer.id) =>
    (
      await privateFiles.upload(userId, 'claim-evidence', {
        bytes: REGISTRATION_PDF,
        fileName: 'weighbridge.pdf',
      })
    ).id;

  /** A deal of `dealValue` dollars for 10 t funded by `method` (commission paid with the funding), shipped. */
  const shippedDeal = async (method: 'card' | 'wire', dealValue = 10_000, includeCommission = true) =>
    (
      await fundedDeal(
        app,
        { buyer, seller, admin },
        { listingId: listing.id, method, dealValue, quantity: 10, includeCommission },
      )
    ).deal;
  const advance = (ms: number) => {
    offset += ms;
  };
  return {
    app,
    database,
    buyer,
    seller,
    stranger,
    admin,
    deals,
    claims,
    ledger,
    balance,
    evidence,
    shippedDeal,
    advance,
  };
}

describe('claims', () => {
  it('settles a partial offer the buyer accepts: one balanced split, the commission on what the seller receives, the card part refunded', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('card');
    const held = deal.escrowHeldCents;
    // $10,000 with the commission ($300) paid with the funding: escrow holds the deal value.
    expect(held).toBe(1_000_000);
    await t.deals.act(t.buyer, deal.id, { action: 'record-delivery' });
    const opened = await t.claims.openClaim(t.buyer, deal.id, {
      reason: 'weight_shortfall',
      affectedQuantity: 2,
      claimedCents: 200_000,
      evidence: [await t.evidence()],
      note: 'Weighbridge shows 8 t, not 10 t.',
    });
    expect(opened).toMatchObject({
      status: 'awaiting_seller',
      claimedCents: 200_000,
      heldCents: held,
      actions: ['withdraw'],
    });
    expect(opened.steps[0]?.evidence[0]).toMatchObject({
      fileName: 'weighbridge.pdf',
      contentType: 'application/pdf',
    });
    // The escrow is frozen: no release, no early release, no auto-release while the claim is open.
    const frozen = await t.deals.getDeal(t.buyer, deal.id);
    expect(frozen).toMatchObject({ openClaimId: opened.id, autoReleaseAt: null, claimOpenUntil: null });
    await expect(t.deals.act(t.buyer, deal.id, { action: 'release-escrow' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(t.deals.act(t.seller, deal.id, { action: 'request-early-release' })).rejects.toMatchObject({
      status: 409,
    });
    const offered = await t.claims.answerClaim(t.seller, deal.id, opened.id, {
      answer: 'offer',
      offeredCents: 150_000,
    });
    expect(offered).toMatchObject({ status: 'offered', offeredCents: 150_000 });
    t.advance(8 * DAY);
    expect(await t.deals.runAutoRelease()).toMatchObject({ released: 0 });
    const sellerView = await t.claims.listClaims(t.seller, deal.id);
    expect(sellerView.claims[0]?.actions).toEqual([]);
    const settled = await t.claims.respondToClaim(t.buyer, deal.id, opened.id, { response: 'accept-offer' });
    await t.deals.whenIdle();
    // Seller: 850,000 less 3% of it (25,500) = 824,500; the buyer paid 30,000 commission with the
    // funding, so 4,500 goes back to them with the 150,000.
    expect(settled).toMatchObject({
      status: 'settled',
      split: { buyerRefundCents: 150_000, sellerPayoutCents: 850_000 },
      payouts: { sellerReceivesCents: 850_000, buyerReceivesCents: 154_500, commissionCents: 25_500 },
    });
    expect(await t.balance(`payable:seller:${t.seller.id}`)).toBe(850_000);
    expect(await t.balance(`escrow:held:${deal.id}`)).toBe(0);
    expect((await providerTotals(t.database)).refundedCents).toBe(154_500);
    const concluded = await t.deals.getDeal(t.seller, deal.id);
    expect(concluded).toMatchObject({ status: 'completed', escrowStatus: 'released', openClaimId: null });
    // The card's progress ticks "Deal Complete": the settlement concluded the deal as a release does.
    expect(concluded.milestones.releasedAt).not.toBeNull();
    // The settlement is one ledger transaction.
    const rows = await rawQuery<{ n: number }>(
      t.database,
      `select count(*)::int as n from ledger_transactions where kind = 'claim_settlement' and reference_id = $1`,
      [deal.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('pays a plain wire buyer what the accepted claim says and deducts a commission nobody paid from the seller', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('wire', 10_000, false);
    const held = deal.escrowHeldCents;
    const claim = await t.claims.openClaim(t.buyer, deal.id, {
      reason: 'not_delivered',
      affectedQuantity: 10,
      claimedCents: 100_000,
      evidence: [],
    });
    await t.claims.answerClaim(t.seller, deal.id, claim.id, { answer: 'accept' });
    const sellerPart = held - 100_000;
    const commission = Math.round(sellerPart * 0.03);
    expect(await t.balance(`payable:buyer:${t.buyer.id}`)).toBe(100_000);
    expect(await t.balance(`payable:seller:${t.seller.id}`)).toBe(sellerPart - commission);
    expect(await t.balance('revenue:commission')).toBe(commission);
    expect(await t.balance(`escrow:held:${deal.id}`)).toBe(0);
  });

  it('lets an administrator decide a claim the seller left unanswered, after the window, with an audited split', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('card');
    const claim = await t.claims.openClaim(t.buyer, deal.id, {
      reason: 'contamination',
      affectedQuantity: 10,
      claimedCents: 1_000_000,
      evidence: [await t.evidence()],
    });
    const decide = (buyerRefundCents: number, sellerPayoutCents: number) =>
      t.claims.decideClaim(t.admin, deal.id, claim.id, {
        buyerRefundCents,
        sellerPayoutCents,
        note: 'Lab report',
      });
    await expect(decide(1_000_000, 0)).rejects.toMatchObject({
      status: 409,
      message: CLAIM_MESSAGES.answerWindowOpen,
    });
    expect((await t.claims.adminListClaims({ status: 'waiting', page: 1 })).claims).toEqual([]);
    expect(await t.claims.countAwaitingDecision()).toBe(0);
    t.advance(3 * DAY + 1000);
    const queue = await t.claims.adminListClaims({ status: 'waiting', page: 1 });
    expect(queue).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const waiting = queue.claims;
    expect(waiting.map((c) => c.id)).toEqual([claim.id]);
    expect((await t.claims.adminListClaims({ status: 'waiting', page: 2 })).claims).toEqual([]);
    // The queue shows the deal in context: its listing and the unit of the affected quantity.
    expect(waiting[0]).toMatchObject({ listingId: deal.listingId, quantity: 10, unit: 'tons' });
    expect(await t.claims.countAwaitingDecision()).toBe(1);
    await expect(
      t.claims.answerClaim(t.seller, deal.id, claim.id, { answer: 'accept' }),
    ).rejects.toMatchObject({
      status: 409,
      message: CLAIM_MESSAGES.answerWindowClosed,
    });
    expect(await t.claims.runClaimEscalation()).toEqual({ escalated: 1 });
    await expect(decide(600_000, 300_000)).rejects.toMatchObject({
      status: 400,
      message: CLAIM_MESSAGES.splitMustMatchHeld,
    });
    const decided = await decide(1_000_000, 0);
    await t.deals.whenIdle();
    expect(decided).toMatchObject({ status: 'settled', decisionNote: 'Lab report' });
    // All to the buyer: the deal value and the commission back through the card; the processing fee stays.
    const after = await t.deals.getDeal(t.buyer, deal.id);
    expect(after).toMatchObject({ status: 'completed', escrowStatus: 'refunded' });
    expect((await providerTotals(t.database)).refundedCents).toBe(1_030_000);
    expect(await t.balance(`payable:seller:${t.seller.id}`)).toBe(0);
    const rows = await rawQuery<{ n: number }>(
      t.database,
      `select count(*)::int as n from admin_audit_log where action = 'deal.claim-decided' and target_id = $1`,
      [deal.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses claims out of turn, out of time, above the escrow, from the wrong people and with files that are not theirs', async () => {
    const t = await setup();
    const body = {
      reason: 'moisture' as const,
      affectedQuantity: 1,
      claimedCents: 10_000,
      evidence: [] as string[],
    };
    const deal = await t.shippedDeal('card');
    const unshipped = await t.deals.createDeal(t.buyer, {
      listingId: deal.listingId,
      dealValue: 1_000,
      quantity: 1,
    });
    await expect(
      t.claims.openClaim(t.buyer, unshipped.id, { ...body, evidence: [await t.evidence()] }),
    ).rejects.toMatchObject({
      status: 409,
      message: CLAIM_MESSAGES.notShipped,
    });
    const photo = await t.evidence();
    await expect(t.claims.openClaim(t.seller, deal.id, { ...body, evidence: [photo] })).rejects.toMatchObject(
      { status: 403 },
    );
    await expect(
      t.claims.openClaim(t.stranger, deal.id, { ...body, evidence: [photo] }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      t.claims.openClaim(t.buyer, deal.id, {
        ...body,
        claimedCents: deal.escrowHeldCents + 1,
        evidence: [photo],
      }),
    ).rejects.toMatchObject({ status: 400, message: CLAIM_MESSAGES.claimedAboveHeld });
    await expect(
      t.claims.openClaim(t.buyer, deal.id, { ...body, affectedQuantity: 11, evidence: [photo] }),
    ).rejects.toMatchObject({ status: 400, message: CLAIM_MESSAGES.quantityAboveDeal });
    await expect(t.claims.openClaim(t.buyer, deal.id, body)).rejects.toMatchObject({
      status: 400,
      message: CLAIM_MESSAGES.evidenceRequired,
    });
    const sellersFile = await t.evidence(t.seller.id);
    await expect(
      t.claims.openClaim(t.buyer, deal.id, { ...body, evidence: [sellersFile] }),
    ).rejects.toMatchObject({
      status: 400,
    });
    // Nothing was written by any refusal.
    expect((await t.claims.listClaims(t.buyer, deal.id)).claims).toEqual([]);
    // Once shipped, the buyer's complaint is a claim, not a dispute.
    await expect(
      t.deals.act(t.buyer, deal.id, { action: 'open-dispute', reason: 'Wet material' }),
    ).rejects.toMatchObject({ status: 409 });

    // The claim window: 2 days after the recorded delivery.
    await t.deals.act(t.buyer, deal.id, { action: 'record-delivery' });
    await expect(t.deals.act(t.buyer, deal.id, { action: 'record-delivery' })).rejects.toMatchObject({
      status: 409,
    });
    t.advance(2 * DAY + 1000);
    expect((await t.deals.getDeal(t.buyer, deal.id)).claimOpenUntil).toBeNull();
    await expect(t.claims.openClaim(t.buyer, deal.id, { ...body, evidence: [photo] })).rejects.toMatchObject({
      status: 409,
      message: CLAIM_MESSAGES.claimWindowClosed,
    });
  });

  it('takes a claim step when the settings cache has expired (PGlite has one connection)', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('card');
    const claim = await t.claims.openClaim(t.buyer, deal.id, {
      reason: 'moisture',
      affectedQuantity: 2,
      claimedCents: 100_000,
      evidence: [await t.evidence()],
    });
    // A settings change drops the cached values, as their 2-second age does between two requests.
    await t.app.services.settings.updateSettings({ 'deals.claim_answer_days': 3 }, t.admin);
    const offered = await t.claims.answerClaim(t.seller, deal.id, claim.id, {
      answer: 'offer',
      offeredCents: 50_000,
    });
    expect(offered.status).toBe('offered');
  });

  it('opens one claim when ten arrive at once, and settles an accepted offer once when accepted ten times at once', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('card');
    const files = await Promise.all(Array.from({ length: 10 }, () => t.evidence()));
    const opens = await race(10, (i) =>
      t.claims.openClaim(t.buyer, deal.id, {
        reason: 'grade_mismatch',
        affectedQuantity: 1,
        claimedCents: 50_000 + i,
        evidence: [files[i] as string],
      }),
    );
    const opened = opens.filter((o) => o.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    for (const o of opens) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 409 });
    const claim = (await t.claims.listClaims(t.buyer, deal.id)).claims[0];
    if (!claim) throw new Error('expected the claim');
    await t.claims.answerClaim(t.seller, deal.id, claim.id, { answer: 'offer', offeredCents: 10_000 });
    const accepts = await race(10, () =>
      t.claims.respondToClaim(t.buyer, deal.id, claim.id, { response: 'accept-offer' }),
    );
    expect(accepts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    await t.deals.whenIdle();
    expect((await providerTotals(t.database)).refundedCents).toBe(
      10_000 + 30_000 - Math.round((1_000_000 - 10_000) * 0.03),
    );
    expect(await t.balance(`payable:seller:${t.seller.id}`)).toBe(990_000);
  });

  it('lets the buyer withdraw or escalate a rejection; after a withdrawal the escrow follows the deal again', async () => {
    const t = await setup();
    const deal = await t.shippedDeal('card');
    const claim = await t.claims.openClaim(t.buyer, deal.id, {
      reason: 'other',
      affectedQuantity: 1,
      claimedCents: 5_000,
      evidence: [await t.evidence()],
    });
    await expect(
      t.claims.answerClaim(t.seller, deal.id, claim.id, { answer: 'reject', evidence: [] }),
    ).rejects.toMatchObject({ status: 400 });
    const rejected = await t.claims.answerClaim(t.seller, deal.id, claim.id, {
      answer: 'reject',
      evidence: [await t.evidence(t.seller.id)],
      note: 'Photos at loading show clean material.',
    });
    expect(rejected).toMatchObject({
      status: 'rejected',
      sellerNote: 'Photos at loading show clean material.',
    });
    expect((await t.claims.listClaims(t.buyer, deal.id)).claims[0]?.actions).toEqual([
      'escalate',
      'withdraw',
    ]);
    // The buyer reads the seller's evidence; a stranger gets nothing.
    const sellerFile = rejected.steps[1]?.evidence[0]?.id ?? '';
    expect(await t.claims.mayReadEvidence(t.buyer, claim.id)).toBe(true);
    expect(await t.claims.mayReadEvidence(t.stranger, claim.id)).toBe(false);
    expect(sellerFile).not.toBe('');
    await t.claims.respondToClaim(t.buyer, deal.id, claim.id, { response: 'withdraw' });
    await expect(
      t.claims.respondToClaim(t.buyer, deal.id, claim.id, { response: 'escalate' }),
    ).rejects.toMatchObject({ status: 409, message: CLAIM_MESSAGES.claimClosed });
    t.advance(7 * DAY + 1000);
    expect(await t.deals.runAutoRelease()).toMatchObject({ released: 1 });
    await t.deals.whenIdle();
    expect(await t.balance(`payable:seller:${t.seller.id}`)).toBe(1_000_000);
  });
});
