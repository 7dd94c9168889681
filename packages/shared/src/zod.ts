/**
 * The zod every contract of this package is written in (`import * as z from '../zod.ts'`): zod itself,
 * except that text refuses the NUL character (U+0000). PostgreSQL cannot store it in text or jsonb, so a
 * NUL in any field is refused here, once, with one message, by the server and the browser's forms alike.
 */
import * as zod from 'zod';

export * from 'zod';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a NUL character.';

/** True when a string holds U+0000. */
export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');

const noNul = { message: NUL_CHARACTER_MESSAGE, abort: true } as const;

/** `z.string()` that refuses U+0000 before any other check runs. */
export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod.string(params).refine((value) => !hasNulCharacter(value), noNul);
}

/** `z.url()` that refuses U+0000 (the URL parser itself lets it through). */
export function url(params?: string | zod.core.$ZodURLParams): zod.ZodURL {
  return zod.url(params).refine((value) => !hasNulCharacter(value), noNul);
}

/** The page a paged list is asked for in a query string: a whole number from 1 to 10,000, 1 when absent. */
export function pageNumber() {
  return zod.coerce.number().int().min(1).max(10_000).default(1);
}
