import type { PaymentPurpose } from '@app/shared/payments/payments.schemas';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import { LEDGER_ACCOUNTS, type LedgerService, ledgerMovements } from '../ledger/index.ts';
import { listSubscriptionPaymentsFor, recordSubscriptionInvoice } from './book-charge.ts';
import { refundPayment, syncRefund } from './book-refund.ts';
import {
  closeCheckout,
  ensureCustomer,
  findProviderCustomerId,
  findUserIdByCustomer,
  getPayment,
  listPayments,
  resumeCheckout,
  startCheckout,
} from './checkout.ts';
import type {
  Payer,
  PaymentBooks,
  PaymentsContext,
  ProviderEventHandler,
  PurposeHandler,
  StartCheckoutInput,
} from './payment-context.ts';
import type { HandledEventType } from './payment-provider.ts';
import type { PaymentRow } from './payments.repository.ts';
import { runStrayRefunds } from './stray-checkouts.ts';
import { processWebhook, syncCheckoutSession } from './sync-checkout.ts';

export {
  type CheckoutPaid,
  type CheckoutRefunded,
  callProvider,
  type Payer,
  type PaymentBooking,
  type PaymentBooks,
  type ProviderEventHandler,
  type PurposeHandler,
  type StartCheckoutInput,
  toPaymentView,
} from './payment-context.ts';
export type { PaymentRow };

/**
 * The books of a plain sale: a charge is revenue on the owner's account, a refund comes out of the
 * platform's refunds (contra-revenue). The purpose's owner names the revenue account.
 */
export function revenueBooks(
  ledger: Pick<LedgerService, 'postTransaction'>,
  revenueAccount: string,
): PaymentBooks {
  return {
    async paymentReceived({ amountCents, posting }, tx) {
      await ledger.postTransaction(
        {
          poster: 'payments',
          kind: 'payment_received',
          ...posting,
          lines: ledgerMovements.paymentReceived(amountCents, revenueAccount),
        },
        tx,
      );
    },
    async paymentRefunded({ amountCents, posting }, tx) {
      await ledger.postTransaction(
        {
          poster: 'payments',
          kind: 'refund',
          ...posting,
          lines: ledgerMovements.refundIssued(amountCents, LEDGER_ACCOUNTS.refunds),
        },
        tx,
      );
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * One-time payments and the provider's events: checkouts (checkout.ts), the webhook and a page's
 * sync (sync-checkout.ts), booking a charge (book-charge.ts), refunds (book-refund.ts) and stray
 * charges (stray-checkouts.ts), each a use case naming what it uses.
 */
export function createPaymentsService(
  deps: Omit<PaymentsContext, 'logError' | 'purposeHandlers' | 'eventHandlers'> & {
    logError?: (msg: string, err: unknown) => void;
  },
) {
  const ctx: PaymentsContext = {
    ...deps,
    logError: deps.logError ?? logErrorLine,
    purposeHandlers: new Map(),
    eventHandlers: new Map(),
  };
  /**
   * A domain claims a purpose at start-up (composition root); one handler per purpose. `replace` lets
   * a test swap a domain's handler for a probe.
   */
  function registerPurposeHandler(
    purpose: PaymentPurpose,
    handler: PurposeHandler,
    opts: { replace?: boolean } = {},
  ): void {
    if (ctx.purposeHandlers.has(purpose) && !opts.replace)
      throw new Error(`A handler for ${purpose} payments is already registered`);
    ctx.purposeHandlers.set(purpose, handler);
  }

  /** Subscribe to verified, first-time provider events (billing listens to subscription events). */
  function onProviderEvent(types: HandledEventType[], handler: ProviderEventHandler): void {
    for (const type of types) ctx.eventHandlers.set(type, [...(ctx.eventHandlers.get(type) ?? []), handler]);
  }

  return {
    provider: deps.provider,
    registerPurposeHandler,
    onProviderEvent,
    ensureCustomer: (user: Payer, failureMessage?: string) => ensureCustomer(ctx, user, failureMessage),
    findProviderCustomerId: (userId: string) => findProviderCustomerId(ctx, userId),
    findUserIdByCustomer: (providerCustomerId: string) => findUserIdByCustomer(ctx, providerCustomerId),
    startCheckout: (input: StartCheckoutInput) => startCheckout(ctx, input),
    closeCheckout: (key: Parameters<typeof closeCheckout>[1]) => closeCheckout(ctx, key),
    resumeCheckout: (paymentId: string, user: Payer) => resumeCheckout(ctx, paymentId, user),
    getPayment: (id: string, viewerId: string) => getPayment(ctx, id, viewerId),
    listPayments: (userId: string) => listPayments(ctx, userId),
    processWebhook: (rawBody: string, headers: Record<string, string | string[] | undefined>) =>
      processWebhook(ctx, rawBody, headers),
    syncCheckoutSession: (sessionId: string, eventType?: string) =>
      syncCheckoutSession(ctx, sessionId, eventType),
    recordSubscriptionInvoice: (input: Parameters<typeof recordSubscriptionInvoice>[1]) =>
      recordSubscriptionInvoice(ctx, input),
    listSubscriptionPaymentsFor: (providerSubscriptionId: string) =>
      listSubscriptionPaymentsFor(ctx, providerSubscriptionId),
    syncRefund: (refundId: string) => syncRefund(ctx, refundId),
    refundPayment: (paymentId: string, opts: Parameters<typeof refundPayment>[2]) =>
      refundPayment(ctx, paymentId, opts),
    runStrayRefunds: () => runStrayRefunds(ctx),
  };
}
