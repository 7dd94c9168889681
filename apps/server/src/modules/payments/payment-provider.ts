/**
 * The payment provider seam: Stripe in production, the built-in sandbox by default. Both speak in
 * integer cents and return provider objects in the normalised shapes below; webhook events carry
 * Stripe's event names, and the handler re-fetches the object they name rather than trusting the body.
 */
export type PaymentProviderName = 'stripe' | 'sandbox';

export type ProviderCheckoutSession = {
  id: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
  /** The provider's reference for the money movement (Stripe: PaymentIntent id), for refunds. */
  paymentRef: string | null;
  /** A paid subscription page's first invoice, so a return from checkout can book it at once. */
  invoiceId: string | null;
  amountTotalCents: number | null;
  url: string | null;
  metadata: Record<string, string>;
};

export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Stripe's statuses: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  priceCents: number | null;
  metadata: Record<string, string>;
};

export type ProviderInvoice = {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible, void. */
  status: string;
  amountDueCents: number;
  amountPaidCents: number;
  paidAt: Date | null;
  paymentRef: string | null;
  billingReason: string | null;
};

export type ProviderRefund = {
  id: string;
  paymentRef: string | null;
  amountCents: number;
  /** pending, requires_action, succeeded, failed, canceled. */
  status: string;
  /**
   * The app's name for the refund (the idempotency key it was asked with, kept by the provider: the
   * sandbox stores it, Stripe carries it in the refund's metadata), so a refund made before a crash is
   * found by what asked for it; null for refunds made elsewhere (the provider's dashboard).
   */
  requestKey: string | null;
};

/** A verified webhook event: only its identity and the object it points at are used. */
export type ProviderEvent = { id: string; type: string; objectId: string; created: Date };

export type CheckoutUrls = { successUrl: string; cancelUrl: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<{ id: string }>;
  createSubscriptionCheckout(
    input: CheckoutUrls & {
      customerId: string;
      userId: string;
      productName: string;
      priceCents: number;
      metadata: Record<string, string>;
    },
  ): Promise<{ id: string; url: string }>;
  createPaymentCheckout(
    input: CheckoutUrls & {
      customerId: string;
      description: string;
      amountCents: number;
      metadata: Record<string, string>;
    },
  ): Promise<{ id: string; url: string }>;
  /**
   * The customer portal (cancel at period end, resume, update card). `refundableUntil` is our
   * money-back window: the sandbox portal offers "cancel now with a refund" until then; Stripe's
   * portal cannot, so the app's own refund endpoint serves that for both providers.
   */
  createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    refundableUntil: Date | null;
  }): Promise<{
    url: string;
  }>;
  /** Checks the signature and freshness; throws WebhookSignatureError when either fails. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent>;
  getCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /**
   * Closes an open checkout page so it can no longer be paid, and answers the session as it is
   * afterwards: a page paid a moment before comes back `complete`, never silently lost.
   */
  expireCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  getInvoice(id: string): Promise<ProviderInvoice | null>;
  getRefund(id: string): Promise<ProviderRefund | null>;
  /** Every refund of a payment, so a refund that arrived before its payment is still booked. */
  listRefunds(paymentRef: string): Promise<ProviderRefund[]>;
  /** `idempotencyKey` names the refund itself; it comes back as the refund's `requestKey`. */
  refundPayment(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  cancelSubscriptionNow(id: string): Promise<void>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The event types the webhook route processes; any other verified event is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'refund.created',
  'refund.updated',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];
