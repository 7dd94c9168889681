/**
 * Numbers past a field's limit are refused with a 400 that names the limit, never clamped or rounded
 * into range: 1e21 as a price is a typo or a probe, not an amount to be quietly corrected. Each
 * contract names its own limit (a listing's 1,000,000, the amount check's $1,000,000).
 */

/** True for ±Infinity: what JSON's 1e400 parses to, and what zod reports as the input of its refusal. */
export const isInfinite = (value: unknown): boolean =>
  value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;
