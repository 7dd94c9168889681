import { inTransaction } from '../../db/client.ts';
import { announceFundingOutcome, type DealMoneyContext } from './deal-money.ts';
import { findEscrowPaymentBy, updateEscrowPayment } from './escrow-payments.repository.ts';

/**
 * The escrow provider says a transaction changed (its page, webhook or the sync job): re-read it
 * from the provider and record what it says. Never trusts the caller about the state.
 */
export async function syncProviderTransaction(
  deps: Pick<DealMoneyContext, 'db' | 'clock' | 'escrowProvider' | 'events' | 'logError'>,
  transactionId: string,
): Promise<void> {
  const { db, clock, escrowProvider, events, logError } = deps;
  const found = await findEscrowPaymentBy(db, { providerTransactionId: transactionId });
  if (!found || !['pending', 'cancelled'].includes(found.status)) return;
  const transaction = await escrowProvider.getTransaction(transactionId);
  if (!transaction) return;
  const funded = transaction.status === 'funded';
  if (!funded && transaction.status !== 'cancelled' && transaction.status !== 'refunded') return;
  let stray = false;
  await inTransaction(db, async (tx) => {
    // The deals module takes the deal's lock first, which orders concurrent notifications (webhook
    // retry, sync job): the second one sees the attempt already recorded (stillDue) and does nothing.
    const current = () => findEscrowPaymentBy(tx, { providerTransactionId: transactionId });
    const ep = await current();
    if (!ep) return;
    const answer = await announceFundingOutcome(events, {
      tx,
      dealId: ep.dealId,
      outcome: funded ? 'funded' : 'failed',
      source: 'escrow_provider',
      actor: 'system',
      escrowPaymentId: ep.id,
      record: true,
      stillDue: async () => {
        const status = (await current())?.status;
        return status === 'pending' || (funded && status === 'cancelled');
      },
    });
    if (answer === 'not-due' || answer === 'no-deal') return;
    const now = clock.now();
    if (funded) {
      if (answer === 'recorded') return;
      // The deal was funded another way or is over: the money goes straight back to the buyer.
      stray = true;
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
      return;
    }
    await updateEscrowPayment(tx, ep.id, { status: 'cancelled', updatedAt: now });
  });
  if (stray)
    await escrowProvider.refundFunds(transactionId).catch((err) => logError('escrow refund failed', err));
}
