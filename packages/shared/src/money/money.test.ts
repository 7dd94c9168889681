import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountSchema } from './money.schemas.ts';
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  applyRateBps,
  checkAmount,
  dollarsToCents,
  formatCents,
  INVALID_AMOUNT_MESSAGE,
  MAX_AMOUNT_DOLLARS,
} from './money.ts';

const acceptedDollars = fc.double({ min: 0, max: MAX_AMOUNT_DOLLARS, noNaN: true, noDefaultInfinity: true });

describe('the shared amount check', () => {
  it('accepts numbers and numeric strings alike and rounds to 2 decimals', () => {
    fc.assert(
      fc.property(acceptedDollars, (n) => {
        const fromNumber = checkAmount(n);
        const fromString = checkAmount(String(n));
        expect(fromNumber).toEqual(fromString);
        if (!fromNumber.ok) throw new Error(`refused ${n}`);
        expect(Number.isInteger(fromNumber.cents)).toBe(true);
        expect(fromNumber.dollars).toBe(fromNumber.cents / 100);
        expect(Math.abs(fromNumber.dollars - n)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it('is idempotent: checking a checked amount changes nothing', () => {
    fc.assert(
      fc.property(acceptedDollars, (n) => {
        const once = checkAmount(n);
        if (!once.ok) throw new Error('refused');
        expect(checkAmount(once.dollars)).toEqual(once);
      }),
    );
  });

  it('refuses negative values and NaN with the specified message', () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (n) => {
        expect(checkAmount(n)).toEqual({ ok: false, message: INVALID_AMOUNT_MESSAGE });
      }),
    );
    for (const bad of [Number.NaN, 'abc', '', '  ', '12abc', '1,000', null, undefined, {}, [], true]) {
      expect(checkAmount(bad)).toEqual({ ok: false, message: INVALID_AMOUNT_MESSAGE });
    }
  });

  it('refuses anything over 1,000,000 with the specified message', () => {
    fc.assert(
      fc.property(fc.double({ min: MAX_AMOUNT_DOLLARS, noNaN: true, minExcluded: true }), (n) => {
        expect(checkAmount(n)).toEqual({ ok: false, message: AMOUNT_TOO_LARGE_MESSAGE });
      }),
    );
    expect(checkAmount('1000000.01')).toEqual({ ok: false, message: AMOUNT_TOO_LARGE_MESSAGE });
    expect(checkAmount('1000000')).toMatchObject({ ok: true, cents: 100_000_000 });
  });

  it('rounds the classic binary cases the way a person expects', () => {
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents('49')).toBe(4900);
    expect(dollarsToCents(' 0.1 ')).toBe(10);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(10.004)).toBe(1000);
    expect(() => dollarsToCents(-1)).toThrow(INVALID_AMOUNT_MESSAGE);
  });

  it('serves forms as a zod schema with the same messages', () => {
    expect(AmountSchema.parse('12.345')).toBe(12.35);
    const refused = AmountSchema.safeParse('-3');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(INVALID_AMOUNT_MESSAGE);
    // JSON's 1e400 parses to Infinity, which zod refuses as a number: still the amount check's words.
    expect(AmountSchema.safeParse(Number.POSITIVE_INFINITY).error?.issues[0].message).toBe(
      AMOUNT_TOO_LARGE_MESSAGE,
    );
    expect(AmountSchema.safeParse(Number.NaN).error?.issues[0].message).toBe(INVALID_AMOUNT_MESSAGE);
    expect(AmountSchema.safeParse({}).error?.issues[0].message).toBe(INVALID_AMOUNT_MESSAGE);
  });
});

describe('rates and formatting', () => {
  it('applies a basis-point rate to integer cents, never producing fractions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (c, bps) => {
        const fee = applyRateBps(c, bps);
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - (c * bps) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(fee).toBeLessThanOrEqual(c);
      }),
    );
    expect(applyRateBps(10_000, 300)).toBe(300);
    expect(applyRateBps(150, 300)).toBe(5); // 4.5 cents rounds half up
  });

  it('formats cents as US dollars', () => {
    expect(formatCents(4900)).toBe('$49.00');
    expect(formatCents(4900, { hideZeroCents: true })).toBe('$49');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-1000)).toBe('-$10.00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (c) => {
        const digits = formatCents(c).replace(/[$,]/g, '');
        expect(dollarsToCents(digits)).toBe(c);
      }),
    );
  });
});
