/** Money is integer cents everywhere; dollars exist only at the edges (forms, display, provider calls). */
export const CURRENCY = 'USD';
/** The largest amount the shared amount check accepts, in dollars. */
export const MAX_AMOUNT_DOLLARS = 1_000_000;
export const INVALID_AMOUNT_MESSAGE = 'Invalid amount: must be a positive number';
export const AMOUNT_TOO_LARGE_MESSAGE = 'Amount exceeds maximum limit';

export type AmountCheck = { ok: true; dollars: number; cents: number } | { ok: false; message: string };

const NUMERIC_STRING = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The specification's amount check: a number or a numeric string; NaN (or any non-numeric text) and
 * negative values are refused, values over 1,000,000 too; accepted values are rounded to 2 decimals.
 */
export function checkAmount(value: unknown): AmountCheck {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMERIC_STRING.test(value.trim())) n = Number(value.trim());
  else return { ok: false, message: INVALID_AMOUNT_MESSAGE };
  if (!Number.isFinite(n) || n < 0) {
    return {
      ok: false,
      message: n === Number.POSITIVE_INFINITY ? AMOUNT_TOO_LARGE_MESSAGE : INVALID_AMOUNT_MESSAGE,
    };
  }
  if (n > MAX_AMOUNT_DOLLARS) return { ok: false, message: AMOUNT_TOO_LARGE_MESSAGE };
  const cents = roundToCents(n) + 0; // + 0 turns -0 into 0
  return { ok: true, dollars: cents / 100, cents };
}

/** Dollars (number or numeric string) to integer cents, through the amount check; throws with its message. */
export function dollarsToCents(value: number | string): number {
  const checked = checkAmount(value);
  if (!checked.ok) throw new RangeError(checked.message);
  return checked.cents;
}

export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * Rounds dollars to whole cents, half away from zero. `toPrecision(15)` removes the binary noise of
 * `x * 100` first, so 1.005 becomes 101 cents rather than 100.
 */
function roundToCents(dollars: number): number {
  const scaled = Number((dollars * 100).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** A rate in basis points (300 = 3%) applied to cents, rounded half up to a whole cent. */
export function applyRateBps(cents: number, rateBps: number): number {
  assertCents(cents);
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError('A rate must be whole basis points');
  // Integer arithmetic: cents * bps stays far below 2^53 for any amount the product accepts.
  return Math.floor((cents * rateBps + 5_000) / 10_000);
}

/** Basis points to a percentage for display: 300 → 3, 290 → 2.9. */
export const bpsToPercent = (bps: number) => bps / 100;

/** "$1,234.50" from 123450 cents; negative amounts get a leading minus. */
export function formatCents(
  cents: number,
  opts: { currency?: string; hideZeroCents?: boolean } = {},
): string {
  assertCents(cents);
  const hide = opts.hideZeroCents && cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: opts.currency ?? CURRENCY,
    minimumFractionDigits: hide ? 0 : 2,
    maximumFractionDigits: hide ? 0 : 2,
  }).format(cents / 100);
}

export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function assertCents(cents: number) {
  if (!isCents(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
}
