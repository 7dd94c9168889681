import { randomUUID } from 'node:crypto';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  CHECKOUT_RETURN_PATHS,
  type EntitlementsView,
  MONEY_BACK_EXPIRED_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  PLAN_NAMES,
  PORTAL_FAILED_MESSAGE,
  PREMIUM_TIER,
  type SubscriptionStatus,
} from '@app/shared/billing/billing.schemas';
import {
  type Entitlements,
  entitlementsFor,
  isSubscriptionActive,
  moneyBackDeadline,
} from '@app/shared/billing/entitlements';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ProviderEvent } from '../payments/payment-provider.ts';
import {
  callProvider,
  type Payer,
  type PaymentRow,
  type PaymentsService,
} from '../payments/payments.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { listSubscriptionsByUser, type SubscriptionRow, upsertSubscription } from './billing.repository.ts';

export const PREMIUM_PRODUCT_NAME = `Recytrade ${PLAN_NAMES.premium}`;
const PREMIUM_INVOICE_DESCRIPTION = `${PREMIUM_PRODUCT_NAME} (monthly)`;
const REFUND_FAILED_MESSAGE = 'Unable to process the refund. Please try again.';
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

export type BillingService = ReturnType<typeof createBillingService>;

/**
 * Plans, the premium subscription and entitlements. The subscription mirror is written only by
 * `syncSubscription`, which re-reads the provider; webhooks merely say when to call it.
 */
export function createBillingService(deps: {
  db: Db;
  payments: PaymentsService;
  settings: SettingsService;
  clock: Clock;
  appUrl: string;
}) {
  const { db, payments, settings, clock, appUrl } = deps;
  const provider = payments.provider;

  payments.onProviderEvent(['checkout.session.completed'], async (event) => {
    const session = await provider.getCheckoutSession(event.objectId);
    if (session?.mode === 'subscription' && session.subscriptionId)
      await syncSubscription(session.subscriptionId);
  });
  payments.onProviderEvent(
    ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'],
    async (event) => {
      await syncSubscription(event.objectId);
    },
  );
  payments.onProviderEvent(['invoice.paid', 'invoice.payment_failed'], syncInvoice);

  /** Mirrors one provider subscription into `subscriptions`; unknown customers are ignored. */
  async function syncSubscription(providerSubscriptionId: string): Promise<SubscriptionRow | null> {
    const sub = await provider.getSubscription(providerSubscriptionId);
    if (!sub) return null;
    const userId = (await payments.findUserIdByCustomer(sub.customerId)) ?? null;
    if (!userId) return null;
    const subscribed = isSubscriptionActive(sub, clock.now());
    return upsertSubscription(db, {
      id: `bsub_${randomUUID()}`,
      userId,
      subscribed,
      tier: subscribed ? PREMIUM_TIER : null,
      status: sub.status,
      provider: provider.name,
      providerCustomerId: sub.customerId,
      providerSubscriptionId: sub.id,
      priceCents: sub.priceCents,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      canceledAt: sub.canceledAt,
      endedAt: sub.endedAt,
      createdAt: clock.now(),
    });
  }

  /** A paid invoice becomes a payment (booked in the ledger); either way the subscription is re-read. */
  async function syncInvoice(event: ProviderEvent): Promise<void> {
    const invoice = await provider.getInvoice(event.objectId);
    if (!invoice?.subscriptionId) return;
    const row = await syncSubscription(invoice.subscriptionId);
    const userId =
      row?.userId ?? (invoice.customerId ? await payments.findUserIdByCustomer(invoice.customerId) : null);
    if (!userId) return;
    await payments.recordSubscriptionInvoice({
      userId,
      invoice,
      providerSubscriptionId: invoice.subscriptionId,
      description: PREMIUM_INVOICE_DESCRIPTION,
    });
  }

  /** The subscription that decides the user's plan: a live one if any, else the newest. */
  async function currentSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const rows = await listSubscriptionsByUser(db, userId, provider.name);
    const now = clock.now();
    return rows.find((r) => isSubscriptionActive(r, now)) ?? rows[0];
  }

  /** The first payment of a subscription and the end of its money-back window, if it was paid. */
  async function moneyBackWindow(
    sub: SubscriptionRow,
  ): Promise<{ first: PaymentRow; deadline: Date } | null> {
    const [first] = await payments.listSubscriptionPaymentsFor(sub.providerSubscriptionId);
    if (!first?.succeededAt) return null;
    const days = await settings.get('billing.money_back_guarantee_days');
    return { first, deadline: moneyBackDeadline(first.succeededAt, days) };
  }

  /** The check-subscription answer for /api/me: subscribed, tier and end. */
  async function getSubscriptionSummary(
    userId: string,
  ): Promise<{ subscribed: boolean; tier: string | null; end: string | null }> {
    const sub = await currentSubscription(userId);
    const subscribed = isSubscriptionActive(sub, clock.now());
    return {
      subscribed,
      tier: subscribed ? PREMIUM_TIER : null,
      end: sub?.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  /** What the subscription status card shows. */
  async function getSubscriptionStatus(userId: string): Promise<SubscriptionStatus> {
    const [sub, priceCents] = await Promise.all([
      currentSubscription(userId),
      settings.get('billing.premium_monthly_cents'),
    ]);
    const now = clock.now();
    const subscribed = isSubscriptionActive(sub, now);
    let moneyBackEligibleUntil: string | null = null;
    if (sub && subscribed) {
      const window = await moneyBackWindow(sub);
      if (window && window.first.refundedCents === 0 && now < window.deadline)
        moneyBackEligibleUntil = window.deadline.toISOString();
    }
    const end = sub?.currentPeriodEnd?.toISOString() ?? null;
    return {
      subscribed,
      subscriptionTier: subscribed ? PREMIUM_TIER : null,
      subscriptionEnd: end,
      plan: subscribed ? 'premium' : 'free',
      status: sub?.status ?? null,
      cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: end,
      moneyBackEligibleUntil,
      priceCents: sub?.priceCents ?? priceCents,
    };
  }

  /** Whether the user has premium now. */
  async function isPremium(userId: string): Promise<boolean> {
    return isSubscriptionActive(await currentSubscription(userId), clock.now());
  }

  /**
   * What the user's plan allows: the one place other capabilities ask (listing limit, contact fee,
   * listing expiry). Values come from the settings, so an admin's change applies at once.
   */
  async function getEntitlements(userId: string): Promise<Entitlements> {
    const [premium, values] = await Promise.all([isPremium(userId), settings.getAll()]);
    return entitlementsFor(premium ? 'premium' : 'free', {
      freeListingsPerMonth: values['billing.free_listings_per_month'],
      contactFeeCents: values['fees.contact_fee_cents'],
    });
  }

  async function getEntitlementsView(userId: string): Promise<EntitlementsView> {
    const e = await getEntitlements(userId);
    return {
      plan: e.plan,
      listingLimitPerMonth: e.listingLimitPerMonth,
      contactFeeCents: e.contactFeeCents,
      listingsExpire: e.listingExpiry(clock.now()) !== null,
    };
  }

  /** Opens a subscription checkout at the provider for Premium at the current price. */
  async function createCheckout(user: Payer): Promise<{ url: string }> {
    if (await isPremium(user.id)) throw new AppError('CONFLICT', ALREADY_SUBSCRIBED_MESSAGE);
    const priceCents = await settings.get('billing.premium_monthly_cents');
    const customerId = await payments.ensureCustomer(user, CHECKOUT_FAILED_MESSAGE);
    const session = await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
      provider.createSubscriptionCheckout({
        customerId,
        userId: user.id,
        productName: PREMIUM_PRODUCT_NAME,
        priceCents,
        successUrl: appUrl + CHECKOUT_RETURN_PATHS.success,
        cancelUrl: appUrl + CHECKOUT_RETURN_PATHS.canceled,
        metadata: { userId: user.id, plan: 'premium' },
      }),
    );
    return { url: session.url };
  }

  /** Opens the provider's customer portal (cancel at period end, resume, update card). */
  async function createPortal(user: Payer): Promise<{ url: string }> {
    const [customerId, status] = await Promise.all([
      payments.ensureCustomer(user, PORTAL_FAILED_MESSAGE),
      getSubscriptionStatus(user.id),
    ]);
    const until = status.moneyBackEligibleUntil ? new Date(status.moneyBackEligibleUntil) : null;
    return callProvider(PORTAL_FAILED_MESSAGE, () =>
      provider.createPortalSession({
        customerId,
        returnUrl: appUrl + CHECKOUT_RETURN_PATHS.portalReturn,
        refundableUntil: until,
      }),
    );
  }

  /** The Refresh button: re-reads the user's subscriptions from the provider now. */
  async function refreshSubscription(userId: string): Promise<SubscriptionStatus> {
    const rows = await listSubscriptionsByUser(db, userId, provider.name);
    await callProvider('Unable to refresh your subscription. Please try again.', async () => {
      for (const row of rows)
        if (!ENDED_STATUSES.includes(row.status)) await syncSubscription(row.providerSubscriptionId);
    });
    return getSubscriptionStatus(userId);
  }

  /**
   * The 7-day money-back guarantee: refund the first payment and end premium now. Each step is
   * skipped when already done, so a retry after a failure finishes the job without paying twice.
   */
  async function refundWithinGuarantee(userId: string): Promise<SubscriptionStatus> {
    const sub = await currentSubscription(userId);
    const window = sub && (await moneyBackWindow(sub));
    if (!sub || !window) throw new AppError('NOT_FOUND', NO_SUBSCRIPTION_MESSAGE);
    const refunded = window.first.refundedCents >= window.first.amountCents;
    const live = !ENDED_STATUSES.includes(sub.status);
    if (refunded && !live)
      throw new AppError('CONFLICT', 'This subscription has already been cancelled and refunded.');
    if (clock.now() >= window.deadline) throw new AppError('CONFLICT', MONEY_BACK_EXPIRED_MESSAGE);
    if (!refunded) await payments.refundPayment(window.first.id, { failureMessage: REFUND_FAILED_MESSAGE });
    if (live) {
      await callProvider(REFUND_FAILED_MESSAGE, () =>
        provider.cancelSubscriptionNow(sub.providerSubscriptionId),
      );
      await syncSubscription(sub.providerSubscriptionId);
    }
    return getSubscriptionStatus(userId);
  }

  return {
    syncSubscription,
    getSubscriptionSummary,
    getSubscriptionStatus,
    isPremium,
    getEntitlements,
    getEntitlementsView,
    createCheckout,
    createPortal,
    refreshSubscription,
    refundWithinGuarantee,
  };
}
