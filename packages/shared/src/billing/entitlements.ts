import type { Plan } from './billing.schemas.ts';

const DAY_MS = 86_400_000;

/** Provider statuses that keep premium on (past_due: the provider is still retrying the card). */
export const PREMIUM_STATUSES = ['active', 'trialing', 'past_due'] as const;
/**
 * A renewal reaches us by webhook shortly after the period ends; this much slack keeps premium on
 * meanwhile, and still ends it if the webhooks never come.
 */
export const RENEWAL_GRACE_MS = 2 * DAY_MS;

export type SubscriptionFacts = {
  status: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
};

/** Whether a subscription grants premium at `now`; the one rule behind every "subscribed" answer. */
export function isSubscriptionActive(sub: SubscriptionFacts | null | undefined, now: Date): boolean {
  if (!sub?.status || !(PREMIUM_STATUSES as readonly string[]).includes(sub.status)) return false;
  if (!sub.currentPeriodEnd) return true;
  const end = sub.currentPeriodEnd.getTime();
  if (sub.cancelAtPeriodEnd) return now.getTime() < end;
  return now.getTime() < end + RENEWAL_GRACE_MS;
}

export type Entitlements = {
  plan: Plan;
  /** null means unlimited. */
  listingLimitPerMonth: number | null;
  contactFeeCents: number;
  /** When a listing created at `createdAt` expires; null means never. */
  listingExpiry(createdAt: Date): Date | null;
};

/** What a plan allows, from the current settings (free listings per month, contact fee). */
export function entitlementsFor(
  plan: Plan,
  settings: { freeListingsPerMonth: number; contactFeeCents: number },
): Entitlements {
  if (plan === 'premium') {
    return { plan, listingLimitPerMonth: null, contactFeeCents: 0, listingExpiry: () => null };
  }
  return {
    plan,
    listingLimitPerMonth: settings.freeListingsPerMonth,
    contactFeeCents: settings.contactFeeCents,
    listingExpiry: firstOfNextMonthUtc,
  };
}

/** Free listings expire at midnight UTC on the 1st of the month after their creation. */
export function firstOfNextMonthUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** The start of the calendar month (UTC) that `date` falls in: the free-listing counter resets then. */
export function startOfMonthUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** Until when the money-back guarantee holds, counted from the first payment. */
export function moneyBackDeadline(firstPaidAt: Date, days: number): Date {
  return new Date(firstPaidAt.getTime() + days * DAY_MS);
}
