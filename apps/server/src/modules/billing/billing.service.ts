import { randomUUID } from 'node:crypto';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  CHECKOUT_RETURN_PATHS,
  type EntitlementsView,
  MONEY_BACK_EXPIRED_MESSAGE,
  MONEY_BACK_USED_BY_COMPANY_MESSAGE,
  MONEY_BACK_USED_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  PLAN_NAMES,
  PORTAL_FAILED_MESSAGE,
  PREMIUM_TIER,
  type SubscriptionStatus,
} from '@app/shared/billing/billing.schemas';
import {
  type Entitlements,
  entitlementsFor,
  firstOfNextMonthUtc,
  isSubscriptionActive,
  moneyBackDeadline,
} from '@app/shared/billing/entitlements';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import type { CompaniesService } from '../companies/index.ts';
import { LEDGER_ACCOUNTS, type LedgerService } from '../ledger/index.ts';
import {
  callProvider,
  type Payer,
  type PaymentRow,
  type PaymentsService,
  revenueBooks,
} from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  insertPremiumCheckout,
  insertPremiumRefund,
  listPremiumRefundsMatching,
  listSubscribedEndedBefore,
  listSubscriptionsByUser,
  listUnsettledCheckouts,
  type SubscriptionRow,
  settleCheckout,
  upsertSubscription,
} from './billing.repository.ts';
import { identityKeys, isPersonalKey } from './customer-identity.ts';

export const PREMIUM_PRODUCT_NAME = `Recytrade ${PLAN_NAMES.premium}`;
const PREMIUM_INVOICE_DESCRIPTION = `${PREMIUM_PRODUCT_NAME} (monthly)`;
const REFUND_FAILED_MESSAGE = 'Unable to process the refund. Please try again.';
const REFRESH_FAILED_MESSAGE = 'Unable to refresh your subscription. Please try again.';
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];
/** Checkout pages expire after a day at both providers; older unsettled ones are not read again. */
const CHECKOUT_PAGE_LIFETIME_MS = 86_400_000;

/**
 * Told, inside the transaction that records the change, that a user has no Premium left (refund,
 * cancellation, failed renewal): listings use it to give non-expiring listings the free plan's expiry.
 */
export type PremiumEndedHandler = (
  ended: { userId: string; freeListingExpiry: Date },
  tx: Db,
) => Promise<void>;

export type BillingService = ReturnType<typeof createBillingService>;

/**
 * Plans, the premium subscription and entitlements. The subscription mirror is written only by
 * `syncSubscription`, which re-reads the provider; webhooks merely say when to call it.
 */
export function createBillingService(deps: {
  db: Db;
  payments: PaymentsService;
  /** Where this module books its sales (the payment purpose's revenue account). */
  ledger: Pick<LedgerService, 'postTransaction'>;
  /** Tells the subscriber's open pages when their subscription changes (a checkout in another tab). */
  realtime?: Pick<RealtimeService, 'publishToUser'>;
  companies: Pick<CompaniesService, 'getOwnerFacts'>;
  settings: SettingsService;
  clock: Clock;
  appUrl: string;
}) {
  const { db, payments, companies, settings, clock, appUrl } = deps;
  const provider = payments.provider;
  const premiumEndedHandlers: PremiumEndedHandler[] = [];

  payments.onProviderEvent(['checkout.session.completed'], async (event) => {
    const session = await provider.getCheckoutSession(event.objectId);
    if (session?.mode !== 'subscription') return;
    if (session.subscriptionId) await syncSubscription(session.subscriptionId);
    await settleCheckout(db, session.id, clock.now());
  });
  payments.onProviderEvent(
    ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'],
    async (event) => {
      await syncSubscription(event.objectId);
    },
  );
  payments.onProviderEvent(['invoice.paid', 'invoice.payment_failed'], (event) =>
    syncInvoice(event.objectId),
  );

  // Any refund of a Premium payment (our refund route, the sandbox portal, the provider's dashboard)
  // is recorded with who received it, in the transaction that books it: the guarantee is used up.
  payments.registerPurposeHandler('subscription', {
    books: revenueBooks(deps.ledger, LEDGER_ACCOUNTS.revenueSubscriptions),
    // Premium comes from the subscription mirror, so a paid invoice has nothing to fulfil.
    async onSucceeded() {},
    async onRefunded(payment, _refundedCents, tx) {
      const facts = await companies.getOwnerFacts(payment.userId, tx);
      await insertPremiumRefund(tx, {
        id: `prf_${randomUUID()}`,
        paymentId: payment.id,
        provider: payment.provider,
        providerSubscriptionId: payment.targetId,
        userId: payment.userId,
        identities: identityKeys({ userId: payment.userId, ...facts }),
        createdAt: clock.now(),
      });
    },
  });

  /** Called when a user's Premium ends; see PremiumEndedHandler. */
  function onPremiumEnded(handler: PremiumEndedHandler): void {
    premiumEndedHandlers.push(handler);
  }

  /**
   * Mirrors one provider subscription into `subscriptions`; unknown customers are ignored. When the
   * user is left without Premium, the same transaction applies the free plan (PremiumEndedHandler).
   */
  async function syncSubscription(providerSubscriptionId: string): Promise<SubscriptionRow | null> {
    const sub = await provider.getSubscription(providerSubscriptionId);
    if (!sub) return null;
    const userId = (await payments.findUserIdByCustomer(sub.customerId)) ?? null;
    if (!userId) return null;
    const now = clock.now();
    const subscribed = isSubscriptionActive(sub, now);
    return inTransaction(db, async (tx) => {
      const row = await upsertSubscription(tx, {
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
        createdAt: now,
      });
      const live = (await listSubscriptionsByUser(tx, userId, provider.name)).some((r) =>
        isSubscriptionActive(r, now),
      );
      // Idempotent: only listings still without an expiry change, so every sync may run it.
      if (!live)
        for (const handle of premiumEndedHandlers)
          await handle({ userId, freeListingExpiry: firstOfNextMonthUtc(now) }, tx);
      await deps.realtime?.publishToUser(userId, { type: 'subscription.changed', subscribed: live }, { tx });
      return row;
    });
  }

  /**
   * Re-reads every subscription the mirror still calls subscribed whose period is over (a webhook
   * lost or late): an ended one then applies the free plan, a renewed one shows its new period.
   */
  async function syncLapsedSubscriptions(): Promise<number> {
    const now = clock.now();
    const lapsed = (await listSubscribedEndedBefore(db, provider.name, now)).filter(
      (row) => !isSubscriptionActive(row, now),
    );
    for (const row of lapsed) await syncSubscription(row.providerSubscriptionId);
    return lapsed.length;
  }

  /** A paid invoice becomes a payment (booked in the ledger); either way the subscription is re-read. */
  async function syncInvoice(invoiceId: string): Promise<void> {
    const invoice = await provider.getInvoice(invoiceId);
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

  /**
   * Why the money-back guarantee is refused to this user, or null: one refund per customer (this
   * account or its email) and per company (same normalised name or contact-email domain), ever.
   * Refunds of `providerSubscriptionId` itself do not count, so a retried refund can finish.
   */
  async function moneyBackRefusal(userId: string, providerSubscriptionId: string): Promise<string | null> {
    const keys = identityKeys({ userId, ...(await companies.getOwnerFacts(userId)) });
    const granted = await listPremiumRefundsMatching(db, keys, providerSubscriptionId);
    if (granted.length === 0) return null;
    const personal = new Set(keys.filter(isPersonalKey));
    return granted.some((r) => r.identities.some((key) => personal.has(key)))
      ? MONEY_BACK_USED_MESSAGE
      : MONEY_BACK_USED_BY_COMPANY_MESSAGE;
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
    let moneyBackUnavailableReason: string | null = null;
    if (sub && subscribed) {
      const window = await moneyBackWindow(sub);
      if (window && window.first.refundedCents === 0 && now < window.deadline) {
        moneyBackUnavailableReason = await moneyBackRefusal(userId, sub.providerSubscriptionId);
        if (!moneyBackUnavailableReason) moneyBackEligibleUntil = window.deadline.toISOString();
      }
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
      moneyBackUnavailableReason,
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
    await insertPremiumCheckout(db, {
      providerCheckoutId: session.id,
      provider: provider.name,
      userId: user.id,
      createdAt: clock.now(),
    });
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

  /**
   * Reads the user's checkout pages that no webhook has settled yet: a page paid a moment ago gives
   * its subscription and first invoice now, so nothing waits for the provider's webhooks.
   */
  async function settlePendingCheckouts(userId: string, failureMessage: string): Promise<void> {
    const now = clock.now();
    const since = new Date(now.getTime() - CHECKOUT_PAGE_LIFETIME_MS);
    const pending = await listUnsettledCheckouts(db, userId, provider.name, since);
    for (const checkout of pending) {
      const session = await callProvider(failureMessage, () =>
        provider.getCheckoutSession(checkout.providerCheckoutId),
      );
      if (session?.status === 'open') continue;
      await callProvider(failureMessage, async () => {
        if (session?.subscriptionId) await syncSubscription(session.subscriptionId);
        if (session?.invoiceId) await syncInvoice(session.invoiceId);
      });
      await settleCheckout(db, checkout.providerCheckoutId, now);
    }
  }

  /** The Refresh button: re-reads the user's checkout pages and subscriptions from the provider now. */
  async function refreshSubscription(userId: string): Promise<SubscriptionStatus> {
    await settlePendingCheckouts(userId, REFRESH_FAILED_MESSAGE);
    const rows = await listSubscriptionsByUser(db, userId, provider.name);
    await callProvider(REFRESH_FAILED_MESSAGE, async () => {
      for (const row of rows)
        if (!ENDED_STATUSES.includes(row.status)) await syncSubscription(row.providerSubscriptionId);
    });
    return getSubscriptionStatus(userId);
  }

  /**
   * The 7-day money-back guarantee: refund the first payment and end premium now, once per customer
   * and company. Each step is skipped when already done, so a retry after a failure finishes the job
   * without paying twice. A checkout paid a moment ago is read from the provider first.
   */
  async function refundWithinGuarantee(userId: string): Promise<SubscriptionStatus> {
    await settlePendingCheckouts(userId, REFUND_FAILED_MESSAGE);
    const sub = await currentSubscription(userId);
    const window = sub && (await moneyBackWindow(sub));
    if (!sub || !window) throw new AppError('NOT_FOUND', NO_SUBSCRIPTION_MESSAGE);
    const refunded = window.first.refundedCents >= window.first.amountCents;
    const live = !ENDED_STATUSES.includes(sub.status);
    if (refunded && !live)
      throw new AppError('CONFLICT', 'This subscription has already been cancelled and refunded.');
    if (clock.now() >= window.deadline) throw new AppError('CONFLICT', MONEY_BACK_EXPIRED_MESSAGE);
    if (!refunded) {
      const refusal = await moneyBackRefusal(userId, sub.providerSubscriptionId);
      if (refusal) throw new AppError('CONFLICT', refusal);
      await payments.refundPayment(window.first.id, {
        refundKey: `money-back:${window.first.id}`,
        failureMessage: REFUND_FAILED_MESSAGE,
      });
      crashPoint('billing.money-back.after-refund');
    }
    if (live) {
      await callProvider(REFUND_FAILED_MESSAGE, () =>
        provider.cancelSubscriptionNow(sub.providerSubscriptionId),
      );
      await syncSubscription(sub.providerSubscriptionId);
    }
    return getSubscriptionStatus(userId);
  }

  return {
    onPremiumEnded,
    syncSubscription,
    syncLapsedSubscriptions,
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
