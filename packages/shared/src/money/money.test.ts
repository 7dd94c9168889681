import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountSchema } from './money.schemas.ts';
import {
  AMOUNT_DECIMALS_MESSAGE,
  AMOUNT_TOO_LARGE_MESSAGE,
  applyRateBps,
  checkAmount,
  dollarsToCents,
  formatCents,
  hasAtMostDecimals,
  INVALID_AMOUNT_MESSAGE,
  MAX_AMOUNT_DOLLARS,
  multiplyCents,
  roundHalfUp,
} from './money.ts';

const anyDollars = fc.double({ min: 0, max: MAX_AMOUNT_DOLLARS, noNaN: true, noDefaultInfinity: true });
/** Amounts a person types: whole cents, as the decimal number they read. */
const enteredDollars = fc.integer({ min: 0, max: MAX_AMOUNT_DOLLARS * 100 }).map((cents) => cents / 100);

describe('the shared amount check', () => {
  it('accepts numbers and numeric strings alike, exactly as entered, or refuses them: never rounds', () => {
    fc.assert(
      fc.property(fc.oneof(anyDollars, enteredDollars), (n) => {
        const fromNumber = checkAmount(n);
        expect(checkAmount(String(n))).toEqual(fromNumber);
        if (!fromNumber.ok) {
          expect(fromNumber.message).toBe(AMOUNT_DECIMALS_MESSAGE);
          return;
        }
        expect(Number.isInteger(fromNumber.cents)).toBe(true);
        expect(fromNumber.dollars).toBe(n);
        expect(fromNumber.cents / 100).toBe(n);
      }),
    );
    fc.assert(
      fc.property(enteredDollars, (n) => {
        expect(checkAmount(n)).toMatchObject({ ok: true, dollars: n });
      }),
    );
  });

  it('is idempotent: checking a checked amount changes nothing', () => {
    fc.assert(
      fc.property(enteredDollars, (n) => {
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

  it('refuses more than 2 decimals instead of rounding, binary cases included', () => {
    expect(dollarsToCents('49')).toBe(4900);
    expect(dollarsToCents(' 0.1 ')).toBe(10);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.01)).toBe(101);
    expect(dollarsToCents('999999.99')).toBe(99_999_999);
    for (const typed of [1.005, '1.005', 0.1 + 0.2, 10.004, '0.001', 999_999.999, 1e-7]) {
      expect(checkAmount(typed), String(typed)).toEqual({ ok: false, message: AMOUNT_DECIMALS_MESSAGE });
    }
    expect(() => dollarsToCents(-1)).toThrow(INVALID_AMOUNT_MESSAGE);
  });

  it('serves forms as a zod schema with the same messages', () => {
    expect(AmountSchema.parse('12.34')).toBe(12.34);
    expect(AmountSchema.safeParse('12.345').error?.issues[0].message).toBe(AMOUNT_DECIMALS_MESSAGE);
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
    expect(applyRateBps(149, 300)).toBe(4); // 4.47
  });

  it('rounds every computed amount by one rule: half away from zero, after the binary noise is removed', () => {
    expect(roundHalfUp(4.5)).toBe(5);
    expect(roundHalfUp(5.5)).toBe(6); // not to even
    expect(roundHalfUp(4.4999)).toBe(4);
    expect(roundHalfUp(1.005 * 100)).toBe(101); // 100.49999999999999 is 100.5 in decimal
    expect(roundHalfUp(-4.5)).toBe(-5);
    expect(roundHalfUp(-0.4)).toBe(0);
    expect(Object.is(roundHalfUp(-0.4), -0)).toBe(false);
    expect(multiplyCents(100, 2.675)).toBe(268);
    expect(multiplyCents(9500, 20)).toBe(190_000);
    expect(multiplyCents(333, 1.5)).toBe(500); // 499.5
    // A rate and a product of the same exact value round alike.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (c, bps) => {
        expect(applyRateBps(c, bps)).toBe(multiplyCents(c, bps / 10_000));
      }),
    );
  });

  it('knows how many decimals a number has, as a column of that scale would store it', () => {
    expect(hasAtMostDecimals(0.29, 2)).toBe(true);
    expect(hasAtMostDecimals(1_000_000, 2)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(1.2345, 4)).toBe(true);
    expect(hasAtMostDecimals(1.23456, 4)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (units) => {
        expect(hasAtMostDecimals(units / 10_000, 4)).toBe(true);
      }),
    );
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
