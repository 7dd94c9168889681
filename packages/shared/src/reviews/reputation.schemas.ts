import * as z from '../zod.ts';

export const VerificationLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** The compact figures cards show (`ReputationSummary`). */
export const ReputationSummarySchema = z.object({
  averageRating: z.number().nullable().describe('Mean stars of the published reviews; null without any'),
  reviewCount: z.number().int().describe('Published, visible reviews'),
  completedDeals: z.number().int().describe('Deals concluded (escrow released or a claim settled)'),
  level: VerificationLevelSchema.describe(
    'Verification level: 0 none, 1 email confirmed, 2 company verified with documents, 3 Trusted trader',
  ),
});
