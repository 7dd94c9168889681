/**
 * The zod every contract of this package is written in (`import * as z from '../zod.ts'`): zod itself,
 * except that text refuses what PostgreSQL cannot store as written: the NUL character (U+0000), which
 * text and jsonb refuse, and ill-formed UTF-16 (a lone surrogate, U+D800 to U+DFFF without its pair),
 * which has no UTF-8 form: the driver would store U+FFFD in its place, or the database refuse it in
 * jsonb and answer 500. Such text is refused here, once, with one message each, by the server and the
 * browser's forms alike.
 */
import * as zod from 'zod';

export * from 'zod';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a NUL character.';
export const ILL_FORMED_TEXT_MESSAGE = 'Text cannot contain an unpaired surrogate (ill-formed Unicode).';

/** True when a string holds U+0000. */
export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');

// In a `u` pattern a well-formed pair is one code point, so `\p{Cs}` matches only a lone surrogate.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when a string is not well-formed UTF-16: it holds a lone surrogate. */
export const isIllFormedText = (value: string): boolean => LONE_SURROGATE.test(value);

/** The message of text PostgreSQL cannot store as written, or null when it can. */
export function unstorableTextMessage(value: string): string | null {
  if (hasNulCharacter(value)) return NUL_CHARACTER_MESSAGE;
  if (isIllFormedText(value)) return ILL_FORMED_TEXT_MESSAGE;
  return null;
}

const noNul = { message: NUL_CHARACTER_MESSAGE, abort: true } as const;
const wellFormed = { message: ILL_FORMED_TEXT_MESSAGE, abort: true } as const;

/** `z.string()` that refuses U+0000 and lone surrogates before any other check runs. */
export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod
    .string(params)
    .refine((value) => !hasNulCharacter(value), noNul)
    .refine((value) => !isIllFormedText(value), wellFormed);
}

/** `z.url()` that refuses U+0000 and lone surrogates (the URL parser itself lets them through). */
export function url(params?: string | zod.core.$ZodURLParams): zod.ZodURL {
  return zod
    .url(params)
    .refine((value) => !hasNulCharacter(value), noNul)
    .refine((value) => !isIllFormedText(value), wellFormed);
}

/** The page a paged list is asked for in a query string: a whole number from 1 to 10,000, 1 when absent. */
export function pageNumber() {
  return zod.coerce.number().int().min(1).max(10_000).default(1);
}
