import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/index.ts';
import { ESCROW_ACCOUNT_PREFIX } from './deal-accounts.ts';
import { findEscrowPaymentsOfDeals } from './escrow-payments.repository.ts';
import { targetsOf } from './escrow-targets.ts';
import { findWireTransfersByIds } from './wire-transfers.repository.ts';

/** A deal whose escrow should be checked against the ledger (the deals module lists them). */
export type EscrowCandidate<Status extends string = string, EscrowStatus extends string = string> = {
  dealId: string;
  listingTitle: string | null;
  status: Status;
  escrowStatus: EscrowStatus;
  heldCents: number;
};

/** A deal whose escrow account disagrees with the deal (GET /api/admin/ledger). */
export type EscrowMismatch<C extends EscrowCandidate = EscrowCandidate> = C & { expectedCents: number };

/**
 * Every deal whose escrow account holds something other than what the deal says (the admin
 * reconciliation list and the books check). A held deal must hold its release amount; a card refund
 * still on its way out is in flight; any other deal must hold nothing.
 */
export async function findEscrowMismatches<C extends EscrowCandidate>(
  deps: { db: Db; ledger: Pick<LedgerService, 'getBalancesByPrefix'> },
  listCandidates: (balances: Map<string, number>) => Promise<C[]>,
): Promise<EscrowMismatch<C>[]> {
  const { db, ledger } = deps;
  const balances = await ledger.getBalancesByPrefix(ESCROW_ACCOUNT_PREFIX);
  const candidates = await listCandidates(balances);
  // Two queries for the whole list: every attempt of the candidates, then the wires among them.
  const attempts = await findEscrowPaymentsOfDeals(
    db,
    candidates.map((c) => c.dealId),
  );
  const wireIds = attempts.flatMap((a) =>
    a.method === 'wire' && a.wireTransferId ? [a.wireTransferId] : [],
  );
  const wires = new Map((await findWireTransfersByIds(db, wireIds)).map((w) => [w.id, w]));
  const attemptsByDeal = new Map<string, typeof attempts>();
  for (const a of attempts) attemptsByDeal.set(a.dealId, [...(attemptsByDeal.get(a.dealId) ?? []), a]);
  const out: EscrowMismatch<C>[] = [];
  for (const c of candidates) {
    const prefer = c.escrowStatus === 'held' ? 'held' : 'refunded';
    const ofDeal = attemptsByDeal.get(c.dealId) ?? [];
    const ep = ofDeal.find((a) => a.status === prefer) ?? ofDeal[0];
    let expectedCents = 0;
    if (c.escrowStatus === 'held') {
      const feeCents = ep?.wireTransferId ? (wires.get(ep.wireTransferId)?.processingFeeCents ?? 0) : 0;
      if (ep?.status === 'held') expectedCents = targetsOf(ep, feeCents).releaseCents;
    } else if ((ep?.status === 'refunded' || ep?.status === 'released') && ep.paymentId && !ep.settledAt)
      // A card refund (of a refund, or of a claim's part for the buyer) still on its way out.
      continue;
    if (c.heldCents !== expectedCents) out.push({ ...c, expectedCents });
  }
  return out;
}
