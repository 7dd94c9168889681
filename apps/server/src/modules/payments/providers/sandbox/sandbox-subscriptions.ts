import type { Db } from '../../../../db/client.ts';
import {
  addRefundedAmount,
  expireSessions,
  findCharge,
  findCustomer,
  findOpenInvoice,
  findRefundByKey,
  insertCharge,
  insertInvoice,
  insertRefund,
  listDueSubscriptions,
  listPastDueSubscriptions,
  listStrandedEvents,
  lockSubscription,
  updateInvoice,
  updateSubscription,
} from './sandbox.repository.ts';
import type { Emit, SandboxDeps, SandboxEvents } from './sandbox-events.ts';
import {
  addMonthsUtc,
  invoiceObject,
  newSandboxId,
  refundObject,
  sessionObject,
  subscriptionObject,
} from './sandbox-objects.ts';

/** Days a past-due subscription is kept while its failed invoice waits for a new card. */
const PAST_DUE_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The sandbox's money over time: renewals (a paid or failed invoice), the end of cancelled and
 * past-due subscriptions, retries of an open invoice, refunds of charges, and the minutely
 * maintenance that drives them.
 */
export function createSandboxSubscriptions(
  deps: Pick<SandboxDeps, 'db' | 'clock'>,
  events: Pick<SandboxEvents, 'withEvents' | 'queueDeliveries'>,
) {
  const { db, clock } = deps;
  const { withEvents } = events;
  const now = () => clock.now();

  /**
   * Renews subscriptions whose period ended (a paid or failed invoice), ends those cancelled at
   * period end, cancels past-due ones after PAST_DUE_DAYS, expires day-old checkouts and re-queues
   * events that were never handed to the queue. Runs every minute; safe to run on every instance.
   */
  async function runMaintenance(): Promise<void> {
    const at = now();
    const expired = await expireSessions(db, at);
    if (expired.length) {
      await withEvents(async (_tx, emit) => {
        for (const s of expired) await emit('checkout.session.expired', sessionObject(s));
      });
    }
    for (let pass = 0; pass < 24; pass++) {
      const due = await listDueSubscriptions(db, at);
      if (due.length === 0) break;
      for (const sub of due) await renewOrEnd(sub.id, at);
    }
    for (const sub of await listPastDueSubscriptions(db)) {
      const open = await findOpenInvoice(db, sub.id);
      if (open && at.getTime() - open.createdAt.getTime() >= PAST_DUE_DAYS * DAY_MS) {
        await withEvents((tx, emit) => endSubscription(tx, emit, sub.id, at));
      }
    }
    const stranded = await listStrandedEvents(db, new Date(at.getTime() - 60_000));
    await events.queueDeliveries(stranded.map((e) => e.id));
  }

  async function renewOrEnd(subscriptionId: string, at: Date) {
    await withEvents(async (tx, emit) => {
      const sub = await lockSubscription(tx, subscriptionId);
      if (!sub || sub.status === 'canceled' || sub.currentPeriodEnd.getTime() > at.getTime()) return;
      if (sub.cancelAtPeriodEnd || sub.status === 'past_due') {
        await endSubscription(tx, emit, sub.id, sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : at);
        return;
      }
      const customer = await findCustomer(tx, sub.customerId);
      const periodStart = sub.currentPeriodEnd;
      const periodEnd = addMonthsUtc(periodStart, 1);
      const declines = !customer || customer.cardDeclines;
      const chargeId = newSandboxId('ch');
      await insertCharge(tx, {
        id: chargeId,
        customerId: sub.customerId,
        amountCents: sub.priceCents,
        status: declines ? 'failed' : 'succeeded',
        paymentMethod: customer?.paymentMethod ?? 'card',
        cardLast4: customer?.cardLast4,
        failureMessage: declines ? 'card_declined' : null,
        createdAt: at,
      });
      const invoice = await insertInvoice(tx, {
        id: newSandboxId('in'),
        customerId: sub.customerId,
        subscriptionId: sub.id,
        status: declines ? 'open' : 'paid',
        billingReason: 'subscription_cycle',
        amountCents: sub.priceCents,
        chargeId: declines ? null : chargeId,
        periodStart,
        periodEnd,
        createdAt: at,
        paidAt: declines ? null : at,
      });
      const updated = await updateSubscription(tx, sub.id, {
        status: declines ? 'past_due' : 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
      });
      await emit(declines ? 'invoice.payment_failed' : 'invoice.paid', invoiceObject(invoice));
      await emit('customer.subscription.updated', subscriptionObject(updated));
    });
  }

  /** Pays a past-due subscription's open invoice with the card just saved in the portal. */
  async function retryOpenInvoice(subscriptionId: string) {
    await withEvents(async (tx, emit) => {
      const sub = await lockSubscription(tx, subscriptionId);
      const invoice = sub && (await findOpenInvoice(tx, sub.id));
      if (!sub || !invoice) return;
      const customer = await findCustomer(tx, sub.customerId);
      const chargeId = newSandboxId('ch');
      const at = now();
      await insertCharge(tx, {
        id: chargeId,
        customerId: sub.customerId,
        amountCents: invoice.amountCents,
        status: 'succeeded',
        paymentMethod: 'card',
        cardLast4: customer?.cardLast4,
        createdAt: at,
      });
      const paid = await updateInvoice(tx, invoice.id, { status: 'paid', chargeId, paidAt: at });
      const updated = await updateSubscription(tx, sub.id, { status: 'active' });
      await emit('invoice.paid', invoiceObject(paid));
      await emit('customer.subscription.updated', subscriptionObject(updated));
    });
  }

  /** Refunds (part of) a succeeded charge once per idempotency key. */
  async function refundCharge(tx: Db, emit: Emit, chargeId: string, amountCents: number, key: string) {
    const charge = await findCharge(tx, chargeId);
    if (charge?.status !== 'succeeded') throw new Error(`No succeeded sandbox charge ${chargeId}`);
    if (
      !Number.isSafeInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > charge.amountCents - charge.amountRefundedCents
    )
      throw new Error(`Refund of ${amountCents} cents exceeds what is left on ${chargeId}`);
    const refund = await insertRefund(tx, {
      id: newSandboxId('re'),
      chargeId,
      amountCents,
      idempotencyKey: key,
      createdAt: now(),
    });
    if (!refund) {
      const existing = await findRefundByKey(tx, key);
      if (!existing) throw new Error('Sandbox refund vanished after a conflicting insert');
      return existing;
    }
    await addRefundedAmount(tx, chargeId, amountCents);
    await emit('refund.created', refundObject(refund));
    return refund;
  }

  /** Ends a subscription now (its open invoice voided). */
  async function endSubscription(tx: Db, emit: Emit, id: string, endedAt: Date) {
    const sub = await lockSubscription(tx, id);
    if (!sub || sub.status === 'canceled') return;
    const open = await findOpenInvoice(tx, id);
    if (open) await updateInvoice(tx, open.id, { status: 'void' });
    const updated = await updateSubscription(tx, id, {
      status: 'canceled',
      endedAt,
      canceledAt: sub.canceledAt ?? now(),
    });
    await emit('customer.subscription.deleted', subscriptionObject(updated));
  }

  return { runMaintenance, retryOpenInvoice, refundCharge, endSubscription };
}

export type SandboxSubscriptions = ReturnType<typeof createSandboxSubscriptions>;
