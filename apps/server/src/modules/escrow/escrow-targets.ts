import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MoneyTransition } from './deal-money.ts';
import {
  type EscrowPaymentRow,
  findEscrowPaymentBy,
  findEscrowPaymentOfDeal,
} from './escrow-payments.repository.ts';
import { findWireTransferById } from './wire-transfers.repository.ts';

/** What the postings of a deal's money use: the books, the clock, and where a mismatch is reported. */
export type PostingDeps = {
  ledger: Pick<LedgerService, 'postTransaction' | 'findPostedKeys' | 'getBalances'>;
  clock: Clock;
  logError: (msg: string, err: unknown) => void;
};

/**
 * What a held escrow must contain, from its funding attempt alone: a release pays the funding less
 * the method fee and the commission taken out of it (a plain wire: less its processing fee, fixed on
 * the wire); a refund returns the whole funding (a plain wire: less that fee, which stays earned).
 */
export function targetsOf(
  ep: EscrowPaymentRow,
  wireFeeCents: number,
): { releaseCents: number; refundCents: number } {
  if (ep.method === 'wire' && ep.wireTransferId) {
    const feeCents = Math.min(wireFeeCents, ep.amountCents);
    return {
      releaseCents: ep.amountCents - feeCents - ep.commissionCents,
      refundCents: ep.amountCents - feeCents,
    };
  }
  return { releaseCents: ep.amountCents - ep.feeCents - ep.commissionCents, refundCents: ep.amountCents };
}

/** What a held escrow must contain (see targetsOf), reading a plain wire's fee from the wire. */
export async function escrowTargets(
  tx: Db,
  ep: EscrowPaymentRow,
): Promise<{ releaseCents: number; refundCents: number }> {
  const wire =
    ep.method === 'wire' && ep.wireTransferId ? await findWireTransferById(tx, ep.wireTransferId) : null;
  return targetsOf(ep, wire?.processingFeeCents ?? 0);
}

/** A release or refund refused because the escrow account disagrees with the deal: loud, and nothing moves. */
export function escrowMismatch(
  deps: Pick<PostingDeps, 'logError'>,
  dealId: string,
  heldCents: number,
  expectedCents: number | null,
  transition: MoneyTransition,
): AppError {
  const { logError } = deps;
  const details = { dealId, transition, heldCents, expectedCents };
  logError('escrow does not match its deal', new Error(JSON.stringify(details)));
  return new AppError('ESCROW_MISMATCH', DEAL_MESSAGES.escrowMismatch, details);
}

/**
 * The funding attempt a money transition is about: the one the payload names (a superseded attempt
 * whose money arrived after all) or else the deal's newest.
 */
export async function currentEscrowPayment(
  tx: Db,
  dealId: string,
  escrowPaymentId?: string,
): Promise<EscrowPaymentRow | undefined> {
  const named = escrowPaymentId ? await findEscrowPaymentBy(tx, { id: escrowPaymentId }) : undefined;
  return named?.dealId === dealId ? named : findEscrowPaymentOfDeal(tx, dealId, 'held');
}
