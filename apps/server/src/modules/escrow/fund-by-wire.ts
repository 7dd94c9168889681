import { announceFundingOutcome, type DealMoneyContext } from './deal-money.ts';
import { findEscrowPaymentBy, updateEscrowPayment } from './escrow-payments.repository.ts';

/**
 * Plain wire: the wire service asks, in the transaction that verifies (or fails) a deal's wire,
 * what the deal makes of it; the deals module records the outcome.
 */
export function listenToWireFunding(
  deps: Pick<DealMoneyContext, 'wireTransfers' | 'clock' | 'events'>,
): void {
  const { wireTransfers, clock, events } = deps;
  // Plain wire: the wire service books the money where our answer says: the deal's escrow, or back
  // to the buyer when the deal was funded another way or is over.
  wireTransfers.onDealEscrowVerified(async (wire, tx) => {
    if (!wire.relatedId) return 'funded';
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    const answer = await announceFundingOutcome(events, {
      tx,
      dealId: wire.relatedId,
      outcome: 'funded',
      source: 'wire',
      actor: 'admin',
      escrowPaymentId: ep?.id,
      record: true,
    });
    // Not a deal of ours: the money stays where the wire service books it.
    if (answer === 'recorded' || answer === 'no-deal') return 'funded';
    if (ep) {
      const now = clock.now();
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
    }
    return 'return-to-buyer';
  });
  wireTransfers.onDealEscrowFailed(async (wire, tx) => {
    if (!wire.relatedId) return;
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    // Only the deal's current attempt returns it to unfunded; a superseded wire just fails.
    if (ep?.status === 'pending')
      await announceFundingOutcome(events, {
        tx,
        dealId: wire.relatedId,
        outcome: 'failed',
        source: 'wire',
        actor: 'admin',
        escrowPaymentId: ep.id,
        record: true,
      });
    if (ep && (ep.status === 'pending' || ep.status === 'cancelled'))
      await updateEscrowPayment(tx, ep.id, { status: 'failed', updatedAt: clock.now() });
  });
}
