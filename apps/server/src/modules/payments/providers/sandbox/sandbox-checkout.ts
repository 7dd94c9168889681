import type { ProviderCheckoutSession } from '../../payment-provider.ts';
import {
  completeSession,
  findCustomer,
  findFirstPaidInvoice,
  findSession,
  insertCharge,
  insertInvoice,
  insertSubscription,
  type SandboxSession,
  updateCustomer,
} from './sandbox.repository.ts';
import { CARD_DECLINED_MESSAGE, type CheckoutForm, checkTestCard } from './sandbox-cards.ts';
import type { SandboxDeps, SandboxEvents } from './sandbox-events.ts';
import {
  addMonthsUtc,
  invoiceObject,
  newSandboxId,
  sessionObject,
  subscriptionObject,
} from './sandbox-objects.ts';

export type CheckoutResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'error'; status: number; message: string; session: SandboxSession | undefined };

/** The hosted checkout page: what it shows, the "Pay" button, and the session as the provider reports it. */
export function createSandboxCheckout(
  deps: Pick<SandboxDeps, 'db' | 'clock' | 'appUrl'>,
  events: Pick<SandboxEvents, 'withEvents'>,
) {
  const { db, clock, appUrl } = deps;
  const now = () => clock.now();

  const checkoutUrl = (id: string) => `${appUrl}/sandbox/checkout/${id}`;
  const successUrlOf = (s: SandboxSession) => s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id);
  const effectiveStatus = (s: SandboxSession): SandboxSession['status'] =>
    s.status === 'open' && s.expiresAt.getTime() <= now().getTime() ? 'expired' : s.status;

  async function toProviderSession(s: SandboxSession): Promise<ProviderCheckoutSession> {
    const status = effectiveStatus(s);
    const invoice = s.subscriptionId ? await findFirstPaidInvoice(db, s.subscriptionId) : undefined;
    return {
      id: s.id,
      mode: s.mode,
      status,
      paymentStatus: s.paymentStatus,
      customerId: s.customerId,
      subscriptionId: s.subscriptionId,
      paymentRef: s.chargeId,
      invoiceId: invoice?.id ?? null,
      amountTotalCents: s.amountCents,
      url: status === 'open' ? checkoutUrl(s.id) : null,
      metadata: s.metadata,
    };
  }

  async function getCheckoutView(id: string) {
    const session = await findSession(db, id);
    if (!session) return undefined;
    const customer = await findCustomer(db, session.customerId);
    return {
      session: { ...session, status: effectiveStatus(session) },
      customerEmail: customer?.email ?? '',
    };
  }

  /** The "Pay" button: validates the test card, then completes the session and emits its events. */
  async function completeCheckout(id: string, form: CheckoutForm): Promise<CheckoutResult> {
    const session = await findSession(db, id);
    if (!session)
      return { kind: 'error', status: 404, message: 'This checkout session does not exist.', session };
    if (session.status === 'complete') return { kind: 'redirect', url: successUrlOf(session) };
    if (effectiveStatus(session) !== 'open')
      return {
        kind: 'error',
        status: 410,
        message: 'This checkout session has expired. Please start again.',
        session,
      };
    const email = (form.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return { kind: 'error', status: 400, message: 'Enter the email address for your receipt.', session };
    const method = form.method === 'klarna' ? 'klarna' : 'card';
    let cardLast4: string | null = null;
    if (method === 'card') {
      const card = checkTestCard(form);
      if (!card.ok) return { kind: 'error', status: 400, message: card.message, session };
      cardLast4 = card.last4;
      if (card.declines) {
        await insertCharge(db, {
          id: newSandboxId('ch'),
          customerId: session.customerId,
          amountCents: session.amountCents,
          status: 'failed',
          paymentMethod: 'card',
          cardLast4,
          failureMessage: 'card_declined',
        });
        return { kind: 'error', status: 402, message: CARD_DECLINED_MESSAGE, session };
      }
    }

    await events.withEvents(async (tx, emit) => {
      const at = now();
      const chargeId = newSandboxId('ch');
      const subscriptionId = session.mode === 'subscription' ? newSandboxId('sub') : null;
      const completed = await completeSession(tx, session.id, {
        paymentStatus: 'paid',
        chargeId,
        subscriptionId,
        completedAt: at,
      });
      if (!completed) return; // a concurrent submit completed it first
      await updateCustomer(tx, session.customerId, { paymentMethod: method, cardLast4, cardDeclines: false });
      await insertCharge(tx, {
        id: chargeId,
        customerId: session.customerId,
        amountCents: session.amountCents,
        status: 'succeeded',
        paymentMethod: method,
        cardLast4,
        createdAt: at,
      });
      if (subscriptionId) {
        const sub = await insertSubscription(tx, {
          id: subscriptionId,
          customerId: session.customerId,
          status: 'active',
          productName: session.productName,
          priceCents: session.amountCents,
          currentPeriodStart: at,
          currentPeriodEnd: addMonthsUtc(at, 1),
          metadata: session.metadata,
          createdAt: at,
        });
        const invoice = await insertInvoice(tx, {
          id: newSandboxId('in'),
          customerId: session.customerId,
          subscriptionId,
          status: 'paid',
          billingReason: 'subscription_create',
          amountCents: session.amountCents,
          chargeId,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          createdAt: at,
          paidAt: at,
        });
        await emit('customer.subscription.created', subscriptionObject(sub));
        await emit('invoice.paid', invoiceObject(invoice));
      }
      await emit('checkout.session.completed', sessionObject(completed));
    });
    return { kind: 'redirect', url: successUrlOf(session) };
  }

  /** "Cancel and return": the session stays open (as at Stripe) and the browser goes to cancel_url. */
  async function cancelUrlOf(id: string): Promise<string | undefined> {
    return (await findSession(db, id))?.cancelUrl;
  }

  return { checkoutUrl, toProviderSession, getCheckoutView, completeCheckout, cancelUrlOf };
}
