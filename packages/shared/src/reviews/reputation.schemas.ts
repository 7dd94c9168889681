import * as z from '../zod.ts';

export const VerificationLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** The compact figures cards show (`ReputationSummary`). */
export const ReputationSummarySchema = z.object({
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedDeals: z.number().int(),
  level: VerificationLevelSchema,
});
