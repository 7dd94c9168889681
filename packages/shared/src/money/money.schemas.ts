import * as z from '../zod.ts';
import { checkAmount } from './money.ts';

/** The amount check as a zod schema: the value becomes the dollars entered (at most 2 decimals). */
export const AmountSchema = z
  .union([z.number(), z.string()], {
    // zod refuses ±Infinity (JSON's 1e400) as a number: the amount check's own words for it.
    error: (issue) => {
      const checked = checkAmount(issue.input);
      return checked.ok ? undefined : checked.message;
    },
  })
  .transform((value, ctx) => {
    const checked = checkAmount(value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.dollars;
  });
