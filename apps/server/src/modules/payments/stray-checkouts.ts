import { crashPoint } from '../../lib/crash-points.ts';
import { bookRefund, syncRefundsFor } from './book-refund.ts';
import { type PaymentsContext, STRAY_REFUND_BATCH } from './payment-context.ts';
import {
  type CheckoutRow,
  listStrayCheckouts,
  sumCheckoutRefunds,
  updateCheckout,
} from './payments.repository.ts';

/**
 * Sends a stray charge back to the payer and books the refund. The refunds the provider already made
 * for the charge (a retry after a crash) are booked first, so only what is still owed is asked for,
 * under a key naming the page's refund.
 */
export async function refundStrayCheckout(
  deps: Pick<PaymentsContext, 'db' | 'events' | 'ledger' | 'provider' | 'purposeHandlers'>,
  page: CheckoutRow,
): Promise<void> {
  const { db, provider } = deps;
  if (page.status !== 'stray') return;
  if (!page.providerPaymentRef || !page.paidCents) {
    await updateCheckout(db, page.id, { refundError: 'The provider gave no charge reference to refund' });
    throw new Error(`Stray charge on checkout ${page.providerCheckoutId} has no charge reference`);
  }
  const paymentRef = page.providerPaymentRef;
  try {
    await syncRefundsFor(deps, paymentRef);
    const owed = page.paidCents - (await sumCheckoutRefunds(db, page.id));
    if (owed <= 0) return;
    const refund = await provider.refundPayment({
      paymentRef,
      amountCents: owed,
      idempotencyKey: `stray:${page.providerCheckoutId}`,
    });
    crashPoint('payments.stray-refund.after-provider');
    await bookRefund(deps, refund);
  } catch (err) {
    await updateCheckout(db, page.id, {
      refundError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
    });
    throw err;
  }
}

/** The payments job: refunds stray charges whose refund failed or was interrupted. */
export async function runStrayRefunds(
  deps: Pick<PaymentsContext, 'db' | 'events' | 'ledger' | 'logError' | 'provider' | 'purposeHandlers'>,
): Promise<{ refunded: number }> {
  const { db, logError } = deps;
  let refunded = 0;
  for (const page of await listStrayCheckouts(db, STRAY_REFUND_BATCH)) {
    try {
      await refundStrayCheckout(deps, page);
      refunded += 1;
    } catch (err) {
      logError('stray charge refund retry failed', err);
    }
  }
  return { refunded };
}
