import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entitlementsFor,
  firstOfNextMonthUtc,
  isSubscriptionActive,
  moneyBackDeadline,
  RENEWAL_GRACE_MS,
  startOfMonthUtc,
} from './entitlements.ts';

const settings = { freeListingsPerMonth: 5, contactFeeCents: 1000 };
const end = new Date('2026-03-15T12:00:00Z');
const before = new Date('2026-03-15T11:59:59Z');
const after = new Date('2026-03-15T12:00:01Z');

describe('isSubscriptionActive', () => {
  it('grants premium for active, trialing and past-due subscriptions inside their period', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(isSubscriptionActive({ status, cancelAtPeriodEnd: false, currentPeriodEnd: end }, before)).toBe(
        true,
      );
    }
  });

  it('refuses every other status and a missing subscription', () => {
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused', null]) {
      expect(isSubscriptionActive({ status, cancelAtPeriodEnd: false, currentPeriodEnd: end }, before)).toBe(
        false,
      );
    }
    expect(isSubscriptionActive(null, before)).toBe(false);
  });

  it('ends premium exactly at the period end when cancelled at period end', () => {
    const sub = { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end };
    expect(isSubscriptionActive(sub, before)).toBe(true);
    expect(isSubscriptionActive(sub, end)).toBe(false);
  });

  it('keeps a renewing subscription on through a short grace, then ends it if no renewal arrives', () => {
    const sub = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: end };
    expect(isSubscriptionActive(sub, after)).toBe(true);
    expect(isSubscriptionActive(sub, new Date(end.getTime() + RENEWAL_GRACE_MS))).toBe(false);
  });
});

describe('entitlements per plan', () => {
  it('gives free users 5 listings a month, a $10 contact fee and listings that expire', () => {
    const free = entitlementsFor('free', settings);
    expect(free).toMatchObject({ plan: 'free', listingLimitPerMonth: 5, contactFeeCents: 1000 });
    expect(free.listingExpiry(new Date('2026-01-31T23:59:59Z'))).toEqual(new Date('2026-02-01T00:00:00Z'));
    expect(free.listingExpiry(new Date('2026-12-01T00:00:00Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('gives premium users unlimited listings, free messaging and listings that never expire', () => {
    const premium = entitlementsFor('premium', settings);
    expect(premium).toMatchObject({ plan: 'premium', listingLimitPerMonth: null, contactFeeCents: 0 });
    expect(premium.listingExpiry(new Date())).toBeNull();
  });

  it('expires a free listing on the 1st of the next month, always after its creation and within 32 days', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const expiry = firstOfNextMonthUtc(d);
          expect(expiry.getUTCDate()).toBe(1);
          expect(expiry.getUTCHours()).toBe(0);
          expect(expiry.getTime()).toBeGreaterThan(d.getTime());
          expect(expiry.getTime() - d.getTime()).toBeLessThanOrEqual(31 * 86_400_000);
          expect(startOfMonthUtc(d).getTime()).toBeLessThanOrEqual(d.getTime());
        },
      ),
    );
  });

  it('counts the money-back guarantee in days from the first payment', () => {
    expect(moneyBackDeadline(new Date('2026-03-01T10:00:00Z'), 7)).toEqual(new Date('2026-03-08T10:00:00Z'));
  });
});
