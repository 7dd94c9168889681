import { randomBytes } from 'node:crypto';
import type { ProviderInvoice, ProviderRefund, ProviderSubscription } from '../../payment-provider.ts';
import type {
  SandboxInvoice,
  SandboxRefund,
  SandboxSession,
  SandboxSubscription,
} from './sandbox.repository.ts';

/** The sandbox's object ids, shaped like Stripe's (`cus_sbx_…`, `ch_sbx_…`). */
export const newSandboxId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

export function toProviderSubscription(s: SandboxSubscription): ProviderSubscription {
  return {
    id: s.id,
    customerId: s.customerId,
    status: s.status,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    canceledAt: s.canceledAt,
    endedAt: s.endedAt,
    priceCents: s.priceCents,
    metadata: s.metadata,
  };
}

export function toProviderInvoice(i: SandboxInvoice): ProviderInvoice {
  return {
    id: i.id,
    customerId: i.customerId,
    subscriptionId: i.subscriptionId,
    status: i.status,
    amountDueCents: i.amountCents,
    amountPaidCents: i.status === 'paid' ? i.amountCents : 0,
    paidAt: i.paidAt,
    paymentRef: i.chargeId,
    billingReason: i.billingReason,
  };
}

export function toProviderRefund(r: SandboxRefund): ProviderRefund {
  return {
    id: r.id,
    paymentRef: r.chargeId,
    amountCents: r.amountCents,
    status: 'succeeded',
    requestKey: r.idempotencyKey,
  };
}

// Event bodies carry a snapshot like Stripe's; the app only reads the id and re-fetches.
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
export const subscriptionObject = (s: SandboxSubscription) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customerId,
  status: s.status,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  current_period_start: unix(s.currentPeriodStart),
  current_period_end: unix(s.currentPeriodEnd),
  canceled_at: unix(s.canceledAt),
  ended_at: unix(s.endedAt),
  metadata: s.metadata,
});
export const invoiceObject = (i: SandboxInvoice) => ({
  id: i.id,
  object: 'invoice',
  customer: i.customerId,
  subscription: i.subscriptionId,
  status: i.status,
  amount_due: i.amountCents,
  amount_paid: i.status === 'paid' ? i.amountCents : 0,
  billing_reason: i.billingReason,
});
export const sessionObject = (s: SandboxSession) => ({
  id: s.id,
  object: 'checkout.session',
  mode: s.mode,
  status: s.status,
  payment_status: s.paymentStatus,
  customer: s.customerId,
  subscription: s.subscriptionId,
  amount_total: s.amountCents,
  metadata: s.metadata,
});
export const refundObject = (r: SandboxRefund) => ({
  id: r.id,
  object: 'refund',
  charge: r.chargeId,
  amount: r.amountCents,
  status: 'succeeded',
});

/** Same day next month, clamped to the month's last day (Jan 31 → Feb 28), in UTC. */
export function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

export function formatDate(d: Date): string {
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
