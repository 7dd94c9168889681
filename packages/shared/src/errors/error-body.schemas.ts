import * as z from '../zod.ts';
import type { ApiErrorBody } from './error-codes.ts';

/** The one error shape on the wire, as the server declares it in its routes and the API document. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
}) satisfies z.ZodType<ApiErrorBody>;
