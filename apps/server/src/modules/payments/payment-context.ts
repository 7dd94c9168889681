import type { Payment, PaymentPurpose, PaymentTargetType } from '@app/shared/payments/payments.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';
import type { PaymentRow } from './payments.repository.ts';

/**
 * A payment's money as the ledger is to record it, handed to the purpose's own booking hook: payments
 * fixes the wording, the reference and the idempotency key (so the movement is booked once however
 * often the provider tells us); the purpose's owner names the accounts.
 */
export type PaymentBooking = {
  payment: PaymentRow;
  /** What arrived (paymentReceived) or went back (paymentRefunded). */
  amountCents: number;
  posting: { description: string; reference: { type: 'payment'; id: string }; idempotencyKey: string };
};

export type PaymentBooks = {
  paymentReceived(booking: PaymentBooking, tx: Db): Promise<void>;
  paymentRefunded(booking: PaymentBooking, tx: Db): Promise<void>;
};

/**
 * A checkout paid for a target (`payment.checkout-paid`) or money of it given back
 * (`payment.checkout-refunded`), announced inside the booking transaction for a purpose no handler
 * is registered for (a deal's escrow funding, its commission). The listener that owns the purpose
 * books `booking` on its accounts with `tx`, and says so (`booked()`): a charge nobody books is
 * refused, and a listener that throws rolls the booking back, so the payment is retried.
 */
export type CheckoutPaid = {
  tx: Db;
  /** The payment as booked now (status succeeded). */
  payment: PaymentRow;
  booking: PaymentBooking;
  /** True exactly once per payment: the first booking (fulfil what was bought then). */
  firstTime: boolean;
  booked(): void;
};
export type CheckoutRefunded = {
  tx: Db;
  /** The payment with the refund counted. */
  payment: PaymentRow;
  booking: PaymentBooking;
  booked(): void;
};

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    'payment.checkout-paid': CheckoutPaid;
    'payment.checkout-refunded': CheckoutRefunded;
    /**
     * After a charge was booked and committed (and again whenever its page is read from the provider
     * once more): follow-up work that calls the provider. Must be idempotent; failures are logged.
     */
    'payment.checkout-booked': { payment: PaymentRow };
  }
}

/** What a domain registers for its payment purpose; billing calls it once when a payment succeeds. */
export type PurposeHandler = {
  /**
   * The typed "payment succeeded" and "payment refunded" hooks: called inside the booking
   * transaction each time payments books a charge or a refund of this purpose, to post it through
   * the ledger on the owner's accounts (use `tx`). `revenueBooks` is the plain sale.
   */
  books: PaymentBooks;
  /** Runs exactly once per payment, inside the transaction that books it: use `tx`, not the pool. */
  onSucceeded(payment: PaymentRow, tx: Db): Promise<void>;
  /** Optional: told (inside the booking transaction) when money of this payment goes back. */
  onRefunded?(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void>;
  /**
   * Optional: after a charge of this purpose was booked and committed (and again whenever its page
   * is read from the provider once more), for follow-up work that calls the provider, such as giving
   * back what was paid beyond what is owed. Must be idempotent; failures are logged.
   */
  afterBooked?(payment: PaymentRow): Promise<void>;
};
export type ProviderEventHandler = (event: ProviderEvent) => Promise<void>;
export type Payer = { id: string; email: string; name: string };

export type StartCheckoutInput = {
  user: Payer;
  purpose: Exclude<PaymentPurpose, 'subscription'>;
  targetType: PaymentTargetType;
  targetId: string;
  amountCents: number;
  description: string;
  metadata?: Record<string, string>;
  /** App paths the provider returns the browser to, e.g. `/messages?paid=true`. */
  successPath: string;
  cancelPath: string;
};

/** Stripe's minimum charge is $0.50; the amount check caps dollars at 1,000,000. */
export const MIN_CHARGE_CENTS = 50;
export const MAX_CHARGE_CENTS = 100_000_000;
/** How long one request may hold a payment's checkout lease before another may take it over. */
export const CHECKOUT_LEASE_MS = 30_000;
export const CHECKOUT_LEASE_WAIT_MS = 60_000;
export const STRAY_REFUND_BATCH = 50;
/** Refunds that moved no money: one of these under a refund's key may be asked for again. */
export const REFUND_DEAD_STATUSES = ['failed', 'canceled'];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the payment use cases are built from; each names the part it uses. */
export type PaymentsContext = {
  db: Db;
  provider: PaymentProvider;
  ledger: LedgerService;
  clock: Clock;
  appUrl: string;
  isAdmin(userId: string): Promise<boolean>;
  /** Tells the payer's open pages of each outcome (a checkout in another tab): see publishOutcome. */
  realtime?: Pick<RealtimeService, 'publishToUser'>;
  /** Where checkouts of purposes without a handler are announced (see CheckoutPaid). */
  events?: AppEventBus;
  logError: (msg: string, err: unknown) => void;
  /** The purpose handlers the modules registered (registerPurposeHandler). */
  purposeHandlers: Map<PaymentPurpose, PurposeHandler>;
  /** The provider events other modules listen to (onProviderEvent). */
  eventHandlers: Map<string, ProviderEventHandler[]>;
};

/**
 * `payment.updated` to the payer, in the transaction that records the outcome: sent exactly when it
 * commits, so a page that hears it reads the paid deal, conversation or listing.
 */
export async function publishOutcome(
  deps: Pick<PaymentsContext, 'realtime'>,
  payment: PaymentRow,
  tx: Db,
): Promise<void> {
  await deps.realtime?.publishToUser(
    payment.userId,
    {
      type: 'payment.updated',
      payment: {
        id: payment.id,
        purpose: payment.purpose,
        targetId: payment.targetId,
        status: payment.status,
      },
    },
    { tx },
  );
}

/**
 * Announces a booking to the purpose's owner; thrown inside the booking transaction when nobody
 * booked it, so the payment stays unbooked and is retried.
 */
export async function announceBooking(
  payment: PaymentRow,
  what: 'payments' | 'refunds',
  announce: (booked: () => void) => Promise<void> | undefined,
): Promise<void> {
  let booked = false;
  await announce(() => {
    booked = true;
  });
  if (!booked) throw new Error(`No ledger booking for ${payment.purpose} ${what}: its module registers none`);
}

export async function callProvider<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('PAYMENT_PROVIDER_ERROR', message, {
      cause: err instanceof Error ? err.message : String(err),
    });
  }
}

export function toPaymentView(p: PaymentRow): Payment {
  return {
    id: p.id,
    purpose: p.purpose,
    targetType: p.targetType,
    targetId: p.targetId,
    description: p.description,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    createdAt: p.createdAt.toISOString(),
    succeededAt: p.succeededAt?.toISOString() ?? null,
  };
}

export type { PaymentRow };
