import {
  availableClaimTransitions,
  type ClaimActor,
  claimSettlementPayouts,
  PARTY_CLAIM_ACTIONS,
} from '@app/shared/deals/claim-machine';
import type { ClaimDetail } from '@app/shared/deals/deal-claims.schemas';
import { DEAL_ACCOUNTS, dealLedgerKeys } from '../escrow/index.ts';
import { type ClaimDeps, iso, machineStateOf } from './claim-context.ts';
import { claimWindowsOf } from './deal-claim-windows.ts';
import { type ClaimRow, listClaimSteps } from './deal-claims.repository.ts';
import type { DealRow } from './deals.repository.ts';

/**
 * What each settled claim's settlement booked: the seller's payable, the commission kept, and the
 * rest of what was held to the buyer. The books are the truth the parties are paid from, so the
 * claim shows them rather than a figure worked out again.
 */
async function settlementsAsBooked(
  deps: Pick<ClaimDeps, 'ledger'>,
  claims: ClaimRow[],
  dealsById: Map<string, DealRow>,
): Promise<Map<string, NonNullable<ClaimDetail['payouts']>>> {
  const { ledger } = deps;
  const settled = claims.filter((c) => c.status === 'settled');
  const booked = new Map<string, NonNullable<ClaimDetail['payouts']>>();
  if (settled.length === 0) return booked;
  type Transactions = Awaited<ReturnType<typeof ledger.listForReference>>;
  const transactionsByDeal = new Map<string | null, Transactions>();
  for (const t of await ledger.listForReference('deal', [...new Set(settled.map((c) => c.dealId))]))
    transactionsByDeal.set(t.referenceId, [...(transactionsByDeal.get(t.referenceId) ?? []), t]);
  const creditedTo = (account: string, transactions: Transactions) =>
    -transactions
      .flatMap((t) => t.entries)
      .filter((e) => e.account === account)
      .reduce((sum, e) => sum + e.amountCents, 0);
  for (const claim of settled) {
    const deal = dealsById.get(claim.dealId);
    const transactions = transactionsByDeal.get(claim.dealId) ?? [];
    const settlement = transactions.find(
      (t) => t.idempotencyKey === dealLedgerKeys.claimSettlement(claim.id),
    );
    if (!deal || !settlement) continue;
    const held = (claim.buyerRefundCents ?? 0) + (claim.sellerPayoutCents ?? 0);
    const sellerReceivesCents = creditedTo(DEAL_ACCOUNTS.payableSeller(deal.sellerUserId), [settlement]);
    booked.set(claim.id, {
      sellerReceivesCents,
      // The settlement's own share of the commission: what it took from the escrow, less what it gave back.
      buyerReceivesCents:
        held - sellerReceivesCents - creditedTo(DEAL_ACCOUNTS.revenueCommission, [settlement]),
      // The deal's commission as the books hold it: paid with the funding, reversed, and settled.
      commissionCents: creditedTo(DEAL_ACCOUNTS.revenueCommission, transactions),
    });
  }
  return booked;
}

/** Claims as the API shows them: timelines with evidence, the viewer's next steps, the payouts. */
export async function toDetails(
  deps: Pick<ClaimDeps, 'clock' | 'db' | 'escrow' | 'ledger' | 'privateFiles' | 'settings'>,
  claims: ClaimRow[],
  dealsById: Map<string, DealRow>,
  roleOf: (deal: DealRow) => ClaimActor,
): Promise<ClaimDetail[]> {
  const { clock, db, escrow, privateFiles, settings } = deps;
  if (claims.length === 0) return [];
  const dealIds = [...dealsById.keys()];
  const [steps, held, payments, windows] = await Promise.all([
    listClaimSteps(
      db,
      claims.map((c) => c.id),
    ),
    escrow.heldOfDeals(dealIds),
    escrow.attemptsOfDeals(dealIds),
    claimWindowsOf(settings),
  ]);
  const [files, bookedPayouts] = await Promise.all([
    privateFiles?.describe([...new Set(steps.flatMap((s) => s.evidenceFileIds))]) ?? [],
    settlementsAsBooked(deps, claims, dealsById),
  ]);
  const fileById = new Map(files.map((f) => [f.id, f]));
  const now = clock.now();
  return claims.flatMap((claim) => {
    const deal = dealsById.get(claim.dealId);
    if (!deal) return [];
    const role = roleOf(deal);
    const state = machineStateOf(claim, deal, held.get(deal.id) ?? 0);
    const actions = availableClaimTransitions(state, role, now, windows).filter(
      (t) =>
        t !== 'open' &&
        (role === 'admin' ? t === 'decide' : (PARTY_CLAIM_ACTIONS as readonly string[]).includes(t)),
    );
    const payment = payments.find(
      (p) => p.dealId === deal.id && (p.status === 'released' || p.status === 'refunded'),
    );
    const split = state.split;
    const payouts = !split
      ? null
      : (bookedPayouts.get(claim.id) ??
        claimSettlementPayouts({
          split,
          commissionRateBps: deal.commissionRateBps,
          commissionPaidCents: deal.commissionIncludedInFunding ? (payment?.commissionCents ?? 0) : 0,
        }));
    return [
      {
        id: claim.id,
        dealId: claim.dealId,
        status: claim.status,
        reason: claim.reason,
        affectedQuantity: claim.affectedQuantity,
        heldCents: claim.heldCents,
        claimedCents: claim.claimedCents,
        offeredCents: claim.offeredCents,
        openedAt: claim.openedAt.toISOString(),
        answerDueAt: claim.answerDueAt.toISOString(),
        answeredAt: iso(claim.answeredAt),
        escalatedAt: iso(claim.escalatedAt),
        closedAt: iso(claim.closedAt),
        split,
        buyerNote: claim.buyerNote,
        sellerNote: claim.sellerNote,
        decisionNote: claim.decisionNote,
        steps: steps
          .filter((s) => s.claimId === claim.id)
          .map((s) => ({
            id: s.id,
            transition: s.transition as ClaimDetail['steps'][number]['transition'],
            actorRole: s.actorRole,
            fromStatus: s.fromStatus,
            toStatus: s.toStatus as ClaimDetail['status'],
            amountCents: s.amountCents,
            note: s.note,
            evidence: s.evidenceFileIds.flatMap((id) => {
              const f = fileById.get(id);
              return f
                ? [
                    {
                      id: f.id,
                      fileName: f.fileName,
                      contentType: f.contentType,
                      byteSize: f.byteSize,
                      url: f.url,
                    },
                  ]
                : [];
            }),
            createdAt: s.createdAt.toISOString(),
          })),
        actions,
        payouts: payouts
          ? {
              sellerReceivesCents: payouts.sellerReceivesCents,
              buyerReceivesCents: payouts.buyerReceivesCents,
              commissionCents: payouts.commissionCents,
            }
          : null,
      },
    ];
  });
}
