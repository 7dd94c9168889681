/**
 * The largest number any contract accepts. Beyond it a value is refused with a 400, never clamped or
 * rounded into range: 1e21 as a price is a typo or a probe, not an amount to be quietly corrected.
 */
export const MAX_INPUT_NUMBER = 1_000_000_000;

/** True for ±Infinity: what JSON's 1e400 parses to, and what zod reports as the input of its refusal. */
export const isInfinite = (value: unknown): boolean =>
  value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;
