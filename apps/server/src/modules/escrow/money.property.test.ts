import { PARTY_DEAL_ACTIONS } from '@app/shared/deals/deal-machine';
import type { DealActionBody } from '@app/shared/deals/deals.schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { createTestClock, pathOf, postForm, SUCCESS_CARD } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { ledgerCash, providerTotals } from '../../../test/factories/money.ts';
import { rawQuery } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { SANDBOX_WEBHOOK_PATH } from '../payments/index.ts';

// Random deal lifecycles with the money's edges: payment-method switches, stale checkout pages paid
// late, webhooks duplicated and out of order, concurrent transitions and administrator actions. After
// every step the provider's own records must agree with the ledger, every escrow with its deal, and no
// seller may be owed more than the deal.

type Party = 'buyer' | 'seller';
type Step =
  | { kind: 'party'; action: (typeof PARTY_DEAL_ACTIONS)[number]; by: Party; dup: boolean }
  | { kind: 'fund'; method: 'card' | 'klarna' | 'wire'; includeCommission: boolean; dup: boolean }
  | { kind: 'pay-page'; page: number; method: 'card' | 'klarna' }
  | { kind: 'resume' }
  /** A page the provider still holds for the payment besides its current one (an expiry that failed). */
  | { kind: 'extra-page'; underpaid: boolean }
  | { kind: 'wire'; verdict: 'verify' | 'fail' }
  | { kind: 'admin'; action: 'release-escrow' | 'refund-escrow'; dup: boolean }
  | { kind: 'commission'; by: Party; payer: 'buyer' | 'seller' | 'split' };
/** How the step's webhooks arrive: shuffled by `order`, some twice, some held back for later. */
type Delivery = { order: number[]; duplicate: boolean[]; holdBack: boolean };

const party = fc.constantFrom<Party>('buyer', 'seller');
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('party' as const),
      action: fc.constant('confirm' as const),
      by: party,
      dup: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('party' as const),
      action: fc.constantFrom(...PARTY_DEAL_ACTIONS),
      by: party,
      dup: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      method: fc.constantFrom('card' as const, 'klarna' as const, 'wire' as const),
      includeCommission: fc.boolean(),
      dup: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay-page' as const),
      page: fc.nat(),
      method: fc.constantFrom('card' as const, 'klarna' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('party' as const),
      action: fc.constantFrom(
        'release-escrow' as const,
        'refund-escrow' as const,
        'open-dispute' as const,
        'request-early-release' as const,
        'approve-early-release' as const,
      ),
      by: party,
      dup: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra-page' as const), underpaid: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wire' as const),
      verdict: fc.constantFrom('verify' as const, 'fail' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('admin' as const),
      action: fc.constantFrom('release-escrow' as const, 'refund-escrow' as const),
      dup: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('commission' as const),
      by: party,
      payer: fc.constantFrom('buyer' as const, 'seller' as const, 'split' as const),
    }),
  },
);
const deliveryArb: fc.Arbitrary<Delivery> = fc.record({
  order: fc.array(fc.nat(), { maxLength: 8 }),
  duplicate: fc.array(fc.boolean(), { maxLength: 8 }),
  holdBack: fc.boolean(),
});
const confirmBoth: Step[] = [
  { kind: 'party', action: 'confirm', by: 'buyer', dup: false },
  { kind: 'party', action: 'confirm', by: 'seller', dup: false },
];
const fundBy = (method: 'card' | 'klarna' | 'wire', includeCommission = true): Step => ({
  kind: 'fund',
  method,
  includeCommission,
  dup: false,
});
/**
 * Where a sequence starts, so that most reach the money: a fresh offer, an agreed deal, a method
 * switch with both pages open, or a deal funded through the first page opened.
 */
const startArb: fc.Arbitrary<Step[]> = fc.oneof(
  fc.constant<Step[]>([]),
  fc.constant(confirmBoth),
  fc
    .tuple(fc.boolean(), fc.boolean())
    .map(([a, b]): Step[] => [...confirmBoth, fundBy('klarna', a), fundBy('card', b)]),
  fc
    .tuple(fc.constantFrom('card' as const, 'klarna' as const), fc.boolean())
    .map(([method, withCommission]): Step[] => [
      ...confirmBoth,
      fundBy(method, withCommission),
      { kind: 'pay-page', page: 0, method },
      { kind: 'party', action: 'ship-goods', by: 'seller', dup: true },
    ]),
);

/** Refusals (4xx, a provider refusal) are part of the game; anything else breaks the property. */
async function tolerate(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof AppError && (err.status < 500 || err.code === 'PAYMENT_PROVIDER_ERROR')) return;
    throw err;
  }
}
const maybeTwice = async (dup: boolean, work: () => Promise<unknown>) => {
  await Promise.all(dup ? [tolerate(work), tolerate(work)] : [tolerate(work)]);
};

describe('money under random deal lifecycles', () => {
  it('the provider charged what the ledger booked plus what was refunded; every escrow matches its deal; no seller is paid more than the deal', async () => {
    const clock = createTestClock();
    const { app, database } = await buildTestApp({ clock, sandboxWebhooks: 'manual' });
    const { deals, ledger, payments, wireTransfers } = app.services;
    const sandbox = app.services.sandbox;
    if (!sandbox) throw new Error('the sandbox provider is expected');
    const db = database.db;
    const admin = await insertTrader(db, 'Admin', { companyEmail: null });
    await app.services.admin.makeAdminByEmail(admin.email);
    const delivered = new Set<string>();

    /** Delivers the sandbox's undelivered events to the webhook route, shuffled, some twice. */
    const deliver = async (d: Delivery) => {
      const events = (await sandbox.listEvents()).filter((e) => !delivered.has(e.id));
      const shuffled = events
        .map((e, i) => ({ e, key: d.order[i] ?? i }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.e);
      for (const [i, event] of shuffled.entries()) {
        const body = JSON.stringify(event.payload);
        for (let n = 0; n < (d.duplicate[i] ? 2 : 1); n++) {
          const res = await app.inject({
            method: 'POST',
            url: SANDBOX_WEBHOOK_PATH,
            payload: body,
            headers: { 'content-type': 'application/json', 'sandbox-signature': sandbox.signPayload(body) },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        delivered.add(event.id);
      }
    };

    const checkSettled = async (sellers: Array<{ id: string; valueCents: number }>) => {
      await payments.runStrayRefunds();
      await deals.runEscrowSync();
      await deals.runCommissionExcessRefunds();
      await deliver({ order: [], duplicate: [], holdBack: false });
      await deals.whenIdle();
      const provider = await providerTotals(database);
      const booked = await ledgerCash(database);
      expect({ charged: provider.chargedCents, refunded: provider.refundedCents }).toEqual({
        charged: booked.bookedCents,
        refunded: booked.refundedCents,
      });
      expect(await ledger.getBalance('suspense:payments')).toBe(0);
      expect(await deals.findEscrowMismatches()).toEqual([]);
      for (const s of sellers)
        expect(-(await ledger.getBalance(`payable:seller:${s.id}`))).toBeLessThanOrEqual(s.valueCents);
      // Nobody pays a deal's commission more than once: what its commission payments kept is at most it.
      expect(
        await rawQuery(
          database,
          `select d.id, d.commission_cents, sum(p.amount_cents - p.refunded_cents)::int as kept
             from deals d join payments p on p.target_id = d.id and p.purpose = 'commission'
            where p.status <> 'pending' and p.status <> 'canceled' and p.status <> 'failed'
            group by d.id, d.commission_cents having sum(p.amount_cents - p.refunded_cents) > d.commission_cents`,
        ),
      ).toEqual([]);
      // One poster for a deal's money: every ledger transaction whose reference is a deal, or that
      // touches a deal's escrow or what a party is owed, was posted by the escrow module.
      expect(
        await rawQuery(
          database,
          `select t.id, t.kind, t.poster from ledger_transactions t
            where t.poster <> 'escrow'
              and (t.reference_type = 'deal'
                or exists (select 1 from ledger_entries e
                            where e.transaction_id = t.id
                              and (e.account like 'escrow:held:%' or e.account like 'payable:%')))`,
        ),
      ).toEqual([]);
      expect((await ledger.checkBooks()).balanced).toBe(true);
    };

    const sellers: Array<{ id: string; valueCents: number }> = [];
    await fc.assert(
      fc.asyncProperty(
        startArb,
        fc.array(fc.tuple(stepArb, deliveryArb), { minLength: 1, maxLength: 16 }),
        async (start, randomSteps) => {
          const buyer = await insertTrader(db, 'Buyer');
          const seller = await insertTrader(db, 'Seller');
          const listing = await insertListing(db, seller.id, { priceCents: 120_000, quantity: 1 });
          const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue: 1_271.84 });
          const users = { buyer, seller };
          const pages: string[] = [];
          const steps: Array<[Step, Delivery]> = [
            ...start.map((s): [Step, Delivery] => [s, { order: [], duplicate: [], holdBack: false }]),
            ...randomSteps,
          ];

          for (const [step, delivery] of steps) {
            switch (step.kind) {
              case 'party': {
                const body = (
                  step.action === 'counter-offer'
                    ? { action: step.action, dealValue: 1_100 }
                    : step.action === 'open-dispute'
                      ? { action: step.action, reason: 'Quality differs from the listing' }
                      : { action: step.action }
                ) as DealActionBody;
                await maybeTwice(step.dup, () => deals.act(users[step.by], deal.id, body));
                break;
              }
              case 'fund':
                await maybeTwice(step.dup, async () => {
                  const result = await deals.fundEscrow(buyer, deal.id, {
                    method: step.method,
                    includeCommission: step.includeCommission,
                  });
                  if (result.kind === 'checkout') pages.push(result.url);
                });
                break;
              case 'pay-page': {
                // Any page the buyer ever opened, the stale ones included, paid with either method.
                const url = pages[step.page % Math.max(1, pages.length)];
                if (url)
                  await postForm(createClient(app), pathOf(url), {
                    action: 'pay',
                    email: 'payer@example.test',
                    method: step.method,
                    ...(step.method === 'card' ? SUCCESS_CARD : {}),
                  });
                break;
              }
              case 'resume': {
                const pending = (await payments.listPayments(buyer.id)).find((p) => p.status === 'pending');
                if (pending)
                  await tolerate(async () =>
                    pages.push((await payments.resumeCheckout(pending.id, buyer)).url),
                  );
                break;
              }
              case 'extra-page': {
                const payment = (await payments.listPayments(buyer.id)).find((p) => p.targetId === deal.id);
                if (!payment) break;
                const page = await payments.provider.createPaymentCheckout({
                  customerId: await payments.ensureCustomer(buyer),
                  description: payment.description,
                  amountCents: payment.amountCents - (step.underpaid ? 1_000 : 0),
                  successUrl: 'http://localhost:3000/dashboard',
                  cancelUrl: 'http://localhost:3000/dashboard',
                  metadata: {
                    paymentId: payment.id,
                    purpose: payment.purpose,
                    targetId: deal.id,
                    userId: buyer.id,
                  },
                });
                pages.push(page.url);
                break;
              }
              case 'wire': {
                const wire = (await wireTransfers.listForUser(buyer.id)).find((w) => w.status === 'pending');
                const who = { id: admin.id, email: admin.email };
                if (wire)
                  await tolerate(() =>
                    step.verdict === 'verify'
                      ? wireTransfers.verify(who, wire.id)
                      : wireTransfers.markFailed(who, wire.id),
                  );
                break;
              }
              case 'admin':
                await maybeTwice(step.dup, () => deals.adminAct(admin, deal.id, step.action));
                break;
              case 'commission':
                await tolerate(async () => {
                  const { url } = await deals.payCommission(users[step.by], deal.id, { payer: step.payer });
                  if (url) pages.push(url);
                });
                break;
            }
            if (!delivery.holdBack) await deliver(delivery);
            await deals.whenIdle();
            // Always true, settled or not: the escrow never holds less than nothing, the books balance.
            expect(-(await ledger.getBalance(`escrow:held:${deal.id}`))).toBeGreaterThanOrEqual(0);
            expect((await ledger.checkBooks()).balanced).toBe(true);
            const row = await deals.getDeal(buyer, deal.id);
            const current = [...sellers, { id: seller.id, valueCents: row.dealValueCents }];
            if (!delivery.holdBack) await checkSettled(current);
          }
          const row = await deals.getDeal(buyer, deal.id);
          sellers.push({ id: seller.id, valueCents: row.dealValueCents });
          await checkSettled(sellers);
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  }, 300_000);
});
