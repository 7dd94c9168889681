import {
  canApplyDealTransition,
  type DealMachineState,
  type DealTransition,
  nextDealState,
  PARTY_DEAL_ACTIONS,
} from '@app/shared/deals/deal-machine';
import type { DealActionBody } from '@app/shared/deals/deals.schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createTestClock, settleWebhooks } from '../../../test/factories/billing.ts';
import { insertListing, insertTrader, paySandboxCheckout } from '../../../test/factories/deals.ts';
import { setSettings } from '../../../test/factories/settings.ts';
import { rawQuery } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findDeal, listDealEvents } from './deals.repository.ts';

type Party = 'buyer' | 'seller';
type Step =
  | { kind: 'party'; action: (typeof PARTY_DEAL_ACTIONS)[number]; by: Party; dup: boolean }
  | { kind: 'fund'; method: 'card' | 'wire' | 'escrow_wire'; includeCommission: boolean; dup: boolean }
  | { kind: 'wire'; verdict: 'verify' | 'fail'; dup: boolean }
  | { kind: 'provider'; action: 'fund' | 'cancel'; dup: boolean }
  | { kind: 'admin'; action: 'release-escrow' | 'refund-escrow'; dup: boolean }
  | { kind: 'auto-release'; days: number }
  | { kind: 'commission'; by: Party; payer: 'buyer' | 'seller' | 'split' };

const party = fc.constantFrom<Party>('buyer', 'seller');
const dup = fc.boolean();
// Confirmations are frequent so that sequences reach funding and beyond.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('party' as const),
      action: fc.constant('confirm' as const),
      by: party,
      dup,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('party' as const),
      action: fc.constantFrom(...PARTY_DEAL_ACTIONS),
      by: party,
      dup,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      method: fc.constantFrom('card' as const, 'wire' as const, 'escrow_wire' as const),
      includeCommission: fc.boolean(),
      dup,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wire' as const),
      verdict: fc.constantFrom('verify' as const, 'fail' as const),
      dup,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('provider' as const),
      action: fc.constantFrom('fund' as const, 'cancel' as const),
      dup,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('admin' as const),
      action: fc.constantFrom('release-escrow' as const, 'refund-escrow' as const),
      dup,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('auto-release' as const),
      days: fc.integer({ min: 1, max: 9 }),
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

const confirmBoth: Step[] = [
  { kind: 'party', action: 'confirm', by: 'buyer', dup: false },
  { kind: 'party', action: 'confirm', by: 'seller', dup: true },
];
/**
 * Where a sequence starts: a fresh offer, an agreed deal, one shipped unfunded (completes when escrow
 * is optional, refused otherwise), or one whose funding was started.
 */
const startArb: fc.Arbitrary<Step[]> = fc.oneof(
  fc.constant<Step[]>([]),
  fc.constant(confirmBoth),
  fc.constant<Step[]>([...confirmBoth, { kind: 'party', action: 'ship-goods', by: 'seller', dup: true }]),
  fc
    .record({
      method: fc.constantFrom('card' as const, 'wire' as const, 'escrow_wire' as const),
      includeCommission: fc.boolean(),
    })
    .map((f): Step[] => [...confirmBoth, { kind: 'fund', ...f, dup: true }]),
  fc
    .record({ includeCommission: fc.boolean() })
    .map((f): Step[] => [
      ...confirmBoth,
      { kind: 'fund', method: 'card', ...f, dup: false },
      { kind: 'party', action: 'ship-goods', by: 'seller', dup: true },
    ]),
);

/** Refusals the API answers with a 4xx/409 are expected; anything else breaks the property. */
async function tolerate(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return;
    if (err instanceof AppError && err.code === 'PAYMENT_PROVIDER_ERROR') return;
    throw err;
  }
}
const twice = async (dupe: boolean, work: () => Promise<unknown>) => {
  if (!dupe) return tolerate(work);
  await Promise.all([tolerate(work), tolerate(work)]);
};

describe('deals: random sequences of actions keep the invariants', () => {
  it('never unbalances the books, overdraws or double-releases escrow, or books the commission twice (escrow required or optional)', async () => {
    const clock = createTestClock();
    const { app, database } = await buildTestApp({ clock });
    const { deals, ledger, wireTransfers } = app.services;
    const db = database.db;
    const admin = await insertTrader(db, 'Admin', { companyEmail: null });
    await app.services.admin.makeAdminByEmail(admin.email);
    const sandbox = app.services.escrowProvider as unknown as {
      applyPageAction(id: string, action: 'fund' | 'cancel'): Promise<unknown>;
    };
    const escrowOf = async (dealId: string) => 0 - (await ledger.getBalance(`escrow:held:${dealId}`)) || 0;

    await fc.assert(
      fc.asyncProperty(
        startArb,
        fc.array(stepArb, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (start, randomSteps, escrowRequired) => {
          const steps = [...start, ...randomSteps];
          // The deal snapshots the setting at creation.
          await setSettings(db, [{ key: 'deals.escrow_required', value: escrowRequired }]);
          const buyer = await insertTrader(db, 'Buyer');
          const seller = await insertTrader(db, 'Seller');
          const listing = await insertListing(db, seller.id, { priceCents: 120_000, quantity: 1 });
          const deal = await deals.createDeal(buyer, { listingId: listing.id, dealValue: 1000 });
          const users = { buyer, seller };
          let transactionId: string | null = null;

          for (const step of steps) {
            switch (step.kind) {
              case 'party': {
                const body = (
                  step.action === 'counter-offer'
                    ? { action: step.action, dealValue: 900 }
                    : step.action === 'open-dispute'
                      ? { action: step.action, reason: 'Quality differs from the listing' }
                      : { action: step.action }
                ) as DealActionBody;
                await twice(step.dup, () => deals.act(users[step.by], deal.id, body));
                break;
              }
              case 'fund': {
                const urls: string[] = [];
                await twice(step.dup, async () => {
                  const result = await deals.fundEscrow(buyer, deal.id, {
                    method: step.method,
                    includeCommission: step.includeCommission,
                  });
                  if (result.kind === 'checkout') urls.push(result.url);
                  if (result.kind === 'escrow_transaction') transactionId = result.transactionId;
                });
                if (urls[0]) {
                  await tolerate(() => paySandboxCheckout(app, urls[0]));
                  await settleWebhooks(app);
                }
                break;
              }
              case 'wire': {
                const wire = (await wireTransfers.listForUser(buyer.id)).find((w) => w.status === 'pending');
                if (!wire) break;
                const who = { id: admin.id, email: admin.email };
                await twice(step.dup, () =>
                  step.verdict === 'verify'
                    ? wireTransfers.verify(who, wire.id)
                    : wireTransfers.markFailed(who, wire.id),
                );
                break;
              }
              case 'provider': {
                const id = transactionId;
                if (id) await twice(step.dup, () => sandbox.applyPageAction(id, step.action));
                break;
              }
              case 'admin':
                await twice(step.dup, () => deals.adminAct(admin, deal.id, step.action));
                break;
              case 'auto-release':
                clock.advanceDays(step.days);
                await Promise.all([deals.runAutoRelease(), deals.runAutoRelease()]);
                break;
              case 'commission': {
                let url: string | null = null;
                await tolerate(async () => {
                  url = (await deals.payCommission(users[step.by], deal.id, { payer: step.payer })).url;
                });
                const paid = url as string | null;
                if (paid) {
                  await tolerate(() => paySandboxCheckout(app, paid));
                  await settleWebhooks(app);
                }
                break;
              }
            }
            await deals.whenIdle();
            // Escrow is a liability: it never holds less than nothing.
            expect(await escrowOf(deal.id)).toBeGreaterThanOrEqual(0);
          }

          // Only legal transitions were recorded: replaying them through the machine reaches the row.
          const row = await findDeal(db, deal.id);
          if (!row) throw new Error('deal vanished');
          expect(row.escrowRequired).toBe(escrowRequired);
          let state: DealMachineState = {
            escrowRequired,
            status: 'initiated',
            escrowStatus: 'none',
            buyerConfirmed: false,
            sellerConfirmed: false,
            lastOfferBy: 'buyer',
            earlyReleaseRequestedBy: null,
            shippedAt: null,
            deliveredAt: null,
            claimOpen: false,
            // Fixed by the funding's route once money arrives; no claims are opened here.
            escrowSplittable: row.escrowSplittable,
          };
          const events = await listDealEvents(db, deal.id);
          for (const e of events) {
            const t = e.transition as DealTransition;
            const ctx = { now: e.createdAt };
            expect(
              canApplyDealTransition(state, t, e.actorRole, ctx),
              `${t} by ${e.actorRole} from ${state.status}/${state.escrowStatus}`,
            ).toBe(true);
            expect({ status: e.fromStatus, escrow: e.fromEscrowStatus }).toEqual({
              status: state.status,
              escrow: state.escrowStatus,
            });
            state = nextDealState(state, t, e.actorRole, ctx);
            expect({ status: e.toStatus, escrow: e.toEscrowStatus }).toEqual({
              status: state.status,
              escrow: state.escrowStatus,
            });
          }
          expect({ status: row.status, escrow: row.escrowStatus }).toEqual({
            status: state.status,
            escrow: state.escrowStatus,
          });

          // Released at most once; refunded at most once; never both.
          const releases = events.filter(
            (e) => e.toEscrowStatus === 'released' && e.fromEscrowStatus !== 'released',
          );
          const refunds = events.filter(
            (e) => e.toEscrowStatus === 'refunded' && e.fromEscrowStatus !== 'refunded',
          );
          expect(releases.length + refunds.length).toBeLessThanOrEqual(1);
          if (
            row.escrowStatus === 'released' ||
            row.escrowStatus === 'refunded' ||
            row.escrowStatus === 'none'
          )
            expect(await escrowOf(deal.id)).toBe(0);
          if (row.escrowStatus === 'held') expect(await escrowOf(deal.id)).toBeGreaterThan(0);
          // Only an escrow-optional deal completes with no escrow.
          if (row.status === 'completed' && row.escrowStatus === 'none')
            expect(row.escrowRequired).toBe(false);

          // The commission is booked at most once, whichever way it was paid.
          const [{ total }] = await rawQuery<{ total: string | null }>(
            database,
            `select coalesce(sum(-e.amount_cents), 0) as total from ledger_entries e
             join ledger_transactions t on t.id = e.transaction_id
            where e.account = 'revenue:commission'
              and (t.reference_id = $1 or t.reference_id in (select id from payments where target_id = $1))`,
            [deal.id],
          );
          expect(Number(total)).toBeLessThanOrEqual(row.commissionCents);
          expect(Number(total)).toBeGreaterThanOrEqual(0);
          expect((await ledger.checkBooks()).balanced).toBe(true);
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
  }, 180_000);
});
