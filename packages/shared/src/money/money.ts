/** Money is integer cents everywhere; dollars exist only at the edges (forms, display, provider calls). */
export const CURRENCY = 'USD';
/** The largest amount the shared amount check accepts, in dollars. */
export const MAX_AMOUNT_DOLLARS = 1_000_000;
/** Cents are the smallest unit: an amount a person enters has at most this many decimals. */
export const AMOUNT_DECIMALS = 2;
export const INVALID_AMOUNT_MESSAGE = 'Invalid amount: must be a positive number';
/** The specification's words, with the limit they refer to. */
export const AMOUNT_TOO_LARGE_MESSAGE = 'Amount exceeds maximum limit of $1,000,000';
export const AMOUNT_DECIMALS_MESSAGE = 'Amount can have at most 2 decimals';

export type AmountCheck = { ok: true; dollars: number; cents: number } | { ok: false; message: string };

const NUMERIC_STRING = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The specification's amount check: a number or a numeric string; NaN (or any non-numeric text) and
 * negative values are refused, values over 1,000,000 too. An amount with more than 2 decimals is
 * refused rather than rounded (docs/DECISIONS.md): what is accepted is exactly what was entered.
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
  if (!hasAtMostDecimals(n, AMOUNT_DECIMALS)) return { ok: false, message: AMOUNT_DECIMALS_MESSAGE };
  const cents = Math.round(n * 100) + 0; // exact for 2 decimals; + 0 turns -0 into 0
  return { ok: true, dollars: cents / 100, cents };
}

/**
 * Whether `value` has at most `decimals` decimals: it is the number closest to some integer divided
 * by 10^decimals, so a column of that scale stores it unchanged (0.29 yes; 1.005, 0.1 + 0.2 no).
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale === value;
}

/**
 * The one rounding rule of every computed amount (a fee, a commission, price × quantity, a unit
 * conversion): to the nearest whole unit, half away from zero (commercial rounding: 4.5 cents is 5).
 * `toPrecision(15)` first removes the binary noise of the computation, so 2.675 × 100 (267.49999…)
 * rounds as 267.5 does.
 */
export function roundHalfUp(value: number): number {
  const cleaned = Number(value.toPrecision(15));
  return Math.sign(cleaned) * Math.round(Math.abs(cleaned)) + 0;
}

/** Cents times a quantity (a price per unit for a number of units), rounded by the one rule. */
export function multiplyCents(cents: number, quantity: number): number {
  assertCents(cents);
  return roundHalfUp(cents * quantity);
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

/** A rate in basis points (300 = 3%) applied to cents, rounded to a whole cent by the one rule. */
export function applyRateBps(cents: number, rateBps: number): number {
  assertCents(cents);
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError('A rate must be whole basis points');
  // cents × bps is an exact integer (far below 2^53 for any amount the product accepts), and a
  // division by 10,000 has at most 4 decimals: the rule sees the exact value.
  return roundHalfUp((cents * rateBps) / 10_000);
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
