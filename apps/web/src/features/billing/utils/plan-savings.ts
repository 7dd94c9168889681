/** What a trader expects to do in a month, as typed into the savings calculator. */
export type MonthlyUsage = { newConversations: number; listings: number };

export type PlanComparison = {
  /** Contact fees on the free plan: new conversations × the contact fee. */
  freePlanCents: number;
  premiumCents: number;
  /** Free minus premium: positive when Premium is cheaper, negative when the free plan is. */
  monthlySavingsCents: number;
  yearlySavingsCents: number;
  /** Listings beyond the free plan's monthly allowance (the free plan cannot publish them at all). */
  listingsOverFreeLimit: number;
  /** The fewest new conversations a month at which Premium costs no more; null when contacts are free. */
  breakEvenConversations: number | null;
};

/** Compares the two plans for one month of usage; integer cents throughout. */
export function comparePlans(
  usage: MonthlyUsage,
  prices: { contactFeeCents: number; premiumMonthlyCents: number; freeListingsPerMonth: number },
): PlanComparison {
  const freePlanCents = usage.newConversations * prices.contactFeeCents;
  const monthlySavingsCents = freePlanCents - prices.premiumMonthlyCents;
  return {
    freePlanCents,
    premiumCents: prices.premiumMonthlyCents,
    monthlySavingsCents,
    yearlySavingsCents: monthlySavingsCents * 12,
    listingsOverFreeLimit: Math.max(0, usage.listings - prices.freeListingsPerMonth),
    breakEvenConversations:
      prices.contactFeeCents > 0 ? Math.ceil(prices.premiumMonthlyCents / prices.contactFeeCents) : null,
  };
}

export const USAGE_MAX = 1_000;

/** A count typed into the calculator: whole, 0 to USAGE_MAX; anything else is null (shown as an error). */
export function parseUsageCount(raw: string): number | null {
  const trimmed = raw.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= USAGE_MAX ? n : null;
}
