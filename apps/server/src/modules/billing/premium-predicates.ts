import { PREMIUM_STATUSES, RENEWAL_GRACE_MS } from '@app/shared/billing/entitlements';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { subscriptions } from './billing.table.ts';

/** Which payment provider's subscriptions count, and when "now" is. */
export type PremiumContext = { now: Date; premiumProvider: string };

/** Subscription states that never granted Premium (checkout abandoned or its first payment failed). */
const NEVER_STARTED_STATUSES = ['incomplete', 'incomplete_expired'];

/**
 * The user holds Premium now: billing's isSubscriptionActive (@app/shared/billing/entitlements) as SQL,
 * over the same rows billing reads (this provider's subscriptions; any one live row is enough), for
 * audience queries in other modules.
 */
export function hasActivePremium(userId: SQLWrapper, ctx: PremiumContext): SQL {
  const now = ctx.now.toISOString();
  const graceSeconds = RENEWAL_GRACE_MS / 1000;
  return sql`exists (select 1 from ${subscriptions} s where s.user_id = ${userId}
    and s.provider = ${ctx.premiumProvider}
    and s.status in (${sql.join(
      PREMIUM_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})
    and (s.current_period_end is null
      or (s.cancel_at_period_end and ${now}::timestamptz < s.current_period_end)
      or (not s.cancel_at_period_end
        and ${now}::timestamptz < s.current_period_end + make_interval(secs => ${graceSeconds}))))`;
}

/** The user held Premium at some time (any subscription that started). */
export function hasEverHadPremium(userId: SQLWrapper, ctx: PremiumContext): SQL {
  return sql`exists (select 1 from ${subscriptions} s where s.user_id = ${userId}
    and s.provider = ${ctx.premiumProvider}
    and s.status not in (${sql.join(
      NEVER_STARTED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
}
