import {
  findCharge,
  findCustomer,
  findFirstPaidInvoice,
  findPortalSession,
  listSubscriptionsByCustomer,
  type SandboxCustomer,
  type SandboxPortalSession,
  type SandboxSubscription,
  updateCustomer,
  updateSubscription,
} from './sandbox.repository.ts';
import { type CheckoutForm, checkTestCard } from './sandbox-cards.ts';
import type { SandboxDeps, SandboxEvents } from './sandbox-events.ts';
import { formatDate, subscriptionObject } from './sandbox-objects.ts';
import type { SandboxSubscriptions } from './sandbox-subscriptions.ts';

export type PortalAction = 'cancel' | 'resume' | 'refund' | 'update-card';
export type PortalView = {
  portal: SandboxPortalSession;
  customer: SandboxCustomer;
  subscription: SandboxSubscription | undefined;
  canRefund: boolean;
  expired: boolean;
};

/** The hosted billing portal: what it shows and its actions (cancel, resume, refund, a new card). */
export function createSandboxPortal(
  deps: Pick<SandboxDeps, 'db' | 'clock'>,
  parts: {
    events: Pick<SandboxEvents, 'withEvents'>;
    subscriptions: Pick<SandboxSubscriptions, 'retryOpenInvoice' | 'refundCharge' | 'endSubscription'>;
  },
) {
  const { db, clock } = deps;
  const { withEvents } = parts.events;
  const { retryOpenInvoice, refundCharge, endSubscription } = parts.subscriptions;
  const now = () => clock.now();

  async function getPortalView(id: string): Promise<PortalView | undefined> {
    const portal = await findPortalSession(db, id);
    if (!portal) return undefined;
    const customer = await findCustomer(db, portal.customerId);
    if (!customer) return undefined;
    const subs = await listSubscriptionsByCustomer(db, customer.id);
    const subscription = subs.find((s) => s.status !== 'canceled') ?? subs[0];
    const canRefund = Boolean(
      subscription &&
        subscription.status !== 'canceled' &&
        portal.refundableUntil &&
        portal.refundableUntil.getTime() > now().getTime(),
    );
    return {
      portal,
      customer,
      subscription,
      canRefund,
      expired: portal.expiresAt.getTime() <= now().getTime(),
    };
  }

  /** Applies a portal action; returns the notice to show, or an error message. */
  async function applyPortalAction(
    id: string,
    action: PortalAction,
    form: CheckoutForm = {},
  ): Promise<{ ok: true; notice: string } | { ok: false; status: number; message: string }> {
    const view = await getPortalView(id);
    if (!view) return { ok: false, status: 404, message: 'This portal session does not exist.' };
    if (view.expired)
      return {
        ok: false,
        status: 410,
        message: 'This portal link has expired. Return to Recytrade and open it again.',
      };
    const sub = view.subscription;
    if (action === 'update-card') {
      const card = checkTestCard(form);
      if (!card.ok) return { ok: false, status: 400, message: card.message };
      await updateCustomer(db, view.customer.id, {
        paymentMethod: 'card',
        cardLast4: card.last4,
        cardDeclines: card.declines,
      });
      if (sub?.status === 'past_due' && !card.declines) await retryOpenInvoice(sub.id);
      return { ok: true, notice: `Card ending in ${card.last4} saved.` };
    }
    if (!sub || sub.status === 'canceled')
      return { ok: false, status: 409, message: 'There is no active subscription.' };
    if (action === 'cancel') {
      if (sub.cancelAtPeriodEnd) return { ok: true, notice: 'Your subscription is already set to end.' };
      await withEvents(async (tx, emit) => {
        const updated = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: true, canceledAt: now() });
        await emit('customer.subscription.updated', subscriptionObject(updated));
      });
      return { ok: true, notice: `Your plan will end on ${formatDate(sub.currentPeriodEnd)}.` };
    }
    if (action === 'resume') {
      if (!sub.cancelAtPeriodEnd) return { ok: true, notice: 'Your subscription is active.' };
      await withEvents(async (tx, emit) => {
        const updated = await updateSubscription(tx, sub.id, { cancelAtPeriodEnd: false, canceledAt: null });
        await emit('customer.subscription.updated', subscriptionObject(updated));
      });
      return { ok: true, notice: 'Your subscription has been resumed.' };
    }
    // action === 'refund': the money-back guarantee the app allowed when it opened this portal.
    if (!view.canRefund)
      return {
        ok: false,
        status: 409,
        message: 'The 7-day money-back guarantee has ended for this subscription.',
      };
    const invoice = await findFirstPaidInvoice(db, sub.id);
    await withEvents(async (tx, emit) => {
      if (invoice?.chargeId) {
        const charge = await findCharge(tx, invoice.chargeId);
        const remaining = charge ? charge.amountCents - charge.amountRefundedCents : 0;
        if (remaining > 0) await refundCharge(tx, emit, invoice.chargeId, remaining, `money-back:${sub.id}`);
      }
      await endSubscription(tx, emit, sub.id, now());
    });
    return { ok: true, notice: 'Your subscription was cancelled and your payment refunded.' };
  }

  return { getPortalView, applyPortalAction };
}
