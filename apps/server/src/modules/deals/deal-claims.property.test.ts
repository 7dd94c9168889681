import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { REGISTRATION_PDF } from '../../../test/factories/companies.ts';
import { fundedDeal, insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { expectMoneyReconciled } from '../../../test/factories/money.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { AppError } from '../../lib/app-error.ts';

// Random claim lifecycles (partial offers, rejections, escalations, administrators' splits, withdrawals,
// the clock running past every window) on card and wire deals: every ledger transaction balances, the
// provider's records agree with the ledger, no escrow disagrees with its deal, and nobody is paid more
// than was held.

const DAY = 86_400_000;

beforeAll(async () => {
  await getWorkerDatabase();
});

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('offer' as const), share: fc.double({ min: 0.01, max: 0.99, noNaN: true }) }),
  fc.constant({ kind: 'accept' as const }),
  fc.constant({ kind: 'reject' as const }),
  fc.constant({ kind: 'accept-offer' as const }),
  fc.constant({ kind: 'escalate' as const }),
  fc.constant({ kind: 'withdraw' as const }),
  fc.record({ kind: fc.constant('decide' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 4 }) }),
  fc.constant({ kind: 'escalation-job' as const }),
  fc.constant({ kind: 'release' as const }),
);

describe('claims: money under random lifecycles', () => {
  it('keeps every settlement balanced and within what was held', async () => {
    let offset = 0;
    const { app, database } = await buildTestApp({ clock: { now: () => new Date(Date.now() + offset) } });
    const db = database.db;
    const { deals, ledger, privateFiles, payments } = app.services;
    const admin = await insertTrader(db, 'Admin', { companyEmail: null });
    await app.services.admin.makeAdminByEmail(admin.email);
    const balance = async (account: string) => 0 - (await ledger.getBalance(account)) || 0;

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('card' as const, 'wire' as const),
        fc.boolean(),
        fc.integer({ min: 100, max: 50_000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        async (method, includeCommission, dollars, claimShare, steps) => {
          const buyer = await insertTrader(db, 'Buyer');
          const seller = await insertTrader(db, 'Seller');
          const listing = await insertListing(db, seller.id, { priceCents: dollars * 100, quantity: 10 });
          const { deal } = await fundedDeal(
            app,
            { buyer, seller, admin },
            { listingId: listing.id, method, dealValue: dollars, quantity: 10, includeCommission },
          );
          const held = (await deals.getDeal(buyer, deal.id)).escrowHeldCents;
          const file = await privateFiles.upload(buyer.id, 'claim-evidence', { bytes: REGISTRATION_PDF });
          const claim = await deals.claims.openClaim(buyer, deal.id, {
            reason: 'weight_shortfall',
            affectedQuantity: 1,
            claimedCents: Math.max(1, Math.floor(held * claimShare)),
            evidence: [file.id],
          });

          for (const step of steps) {
            const current = (await deals.claims.listClaims(buyer, deal.id)).claims[0];
            if (!current) throw new Error('the claim vanished');
            try {
              switch (step.kind) {
                case 'offer':
                  await deals.claims.answerClaim(seller, deal.id, claim.id, {
                    answer: 'offer',
                    offeredCents: Math.max(1, Math.floor(current.claimedCents * step.share)),
                  });
                  break;
                case 'accept':
                  await deals.claims.answerClaim(seller, deal.id, claim.id, { answer: 'accept' });
                  break;
                case 'reject': {
                  const proof = await privateFiles.upload(seller.id, 'claim-evidence', {
                    bytes: REGISTRATION_PDF,
                  });
                  await deals.claims.answerClaim(seller, deal.id, claim.id, {
                    answer: 'reject',
                    evidence: [proof.id],
                  });
                  break;
                }
                case 'accept-offer':
                case 'escalate':
                case 'withdraw':
                  await deals.claims.respondToClaim(buyer, deal.id, claim.id, { response: step.kind });
                  break;
                case 'decide': {
                  const buyerRefundCents = Math.floor(current.heldCents * step.share);
                  await deals.claims.decideClaim(admin, deal.id, claim.id, {
                    buyerRefundCents,
                    sellerPayoutCents: current.heldCents - buyerRefundCents,
                    note: 'Decided on the evidence',
                  });
                  break;
                }
                case 'wait':
                  offset += step.days * DAY;
                  break;
                case 'escalation-job':
                  await deals.claims.runClaimEscalation();
                  break;
                case 'release':
                  await deals.runAutoRelease();
                  await deals.act(buyer, deal.id, { action: 'release-escrow' });
                  break;
              }
            } catch (err) {
              // Refusals are part of the game; anything else breaks the property.
              if (!(err instanceof AppError) || err.status >= 500) throw err;
            }
          }
          await payments.runStrayRefunds();
          await deals.runEscrowSync();
          await deals.whenIdle();
          const after = await deals.getDeal(buyer, deal.id);
          const final = (await deals.claims.listClaims(buyer, deal.id)).claims[0];
          const sellerPaid = await balance(`payable:seller:${seller.id}`);
          // Nobody is paid more than was held; a settled claim pays the seller at most their part.
          expect(sellerPaid).toBeLessThanOrEqual(held);
          if (final?.status === 'settled' && final.split) {
            expect(final.split.buyerRefundCents + final.split.sellerPayoutCents).toBe(held);
            expect(sellerPaid).toBeLessThanOrEqual(final.split.sellerPayoutCents);
            expect(after.escrowHeldCents).toBe(0);
            // What the claim tells the parties is what the books paid: the seller's payable, and the
            // rest of what was held (less the settlement's commission) to the buyer.
            expect(final.payouts?.sellerReceivesCents).toBe(sellerPaid);
            expect(final.payouts?.buyerReceivesCents).toBeGreaterThanOrEqual(final.split.buyerRefundCents);
          }
          if (final && final.status !== 'settled' && final.status !== 'withdrawn')
            expect(after).toMatchObject({ escrowStatus: 'held', escrowHeldCents: held });
          expect(await deals.findEscrowMismatches()).toEqual([]);
          await expectMoneyReconciled(app, database);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
