import { LISTING_CATEGORIES, LISTING_UNITS } from '../listings/listing-rules.ts';
import * as z from '../zod.ts';
import { MATERIAL_GRADE_IDS } from './grades.ts';
import { COMPARE_BATCH_MAX, INDEX_POINT_SOURCES, SERIES_DAYS, type SeriesDays } from './price-index.ts';

export { COMPARE_BATCH_MAX, SERIES_DAYS, type SeriesDays } from './price-index.ts';

/**
 * The price index API (issue 10, "Prices and trends"); the rule lives in ./price-index.ts. All public.
 * - GET  /api/market/index                               → MarketIndexSchema (latest per category and grade)
 * - GET  /api/market/index/series?category=&grade=&days= → IndexSeriesSchema
 * - GET  /api/market/compare?category=&grade=&priceCents=&unit= → IndexComparisonSchema (null fields: no index)
 * - POST /api/market/compare/batch                       ← CompareBatchBodySchema → CompareBatchResultSchema
 * Realtime broadcast { type: 'market.index.updated', computedAt } after each recompute; /market refetches.
 */

export const IndexPointSourceSchema = z.enum(INDEX_POINT_SOURCES);

export const MarketIndexEntrySchema = z.object({
  category: z.enum(LISTING_CATEGORIES),
  /**
   * null: the whole category across grades (and listings without a grade), published only for a
   * category of one grade family (isBlendedSeries): never a blend of steel and copper.
   */
  grade: z.string().nullable(),
  day: z.string(),
  priceCentsPerTonne: z.number().int(),
  /** Percent, one decimal; null when there was no point 7 (30) days before. */
  change7dPercent: z.number().nullable(),
  change30dPercent: z.number().nullable(),
  contributors: z.number().int(),
  source: IndexPointSourceSchema,
  carriedForward: z.boolean(),
  computedAt: z.string(),
});
export type MarketIndexEntry = z.infer<typeof MarketIndexEntrySchema>;

export const MarketIndexSchema = z.object({
  entries: z.array(MarketIndexEntrySchema),
  /** Companies that must contribute before a point is published (setting market.index_min_contributors). */
  minContributors: z.number().int(),
  computedAt: z.string().nullable(),
});
export type MarketIndex = z.infer<typeof MarketIndexSchema>;

/** An empty grade (a form's "any grade") means the whole category. */
const gradeParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(MATERIAL_GRADE_IDS, { error: 'Unknown grade' }).optional(),
);

export const IndexSeriesQuerySchema = z.object({
  category: z.enum(LISTING_CATEGORIES, { error: 'Category must be textiles, metals, plastics or paper' }),
  grade: gradeParam,
  days: z.coerce
    .number()
    .refine(
      (d): d is SeriesDays => (SERIES_DAYS as readonly number[]).includes(d),
      'Days must be 30, 90 or 365',
    )
    .default(30),
});
export type IndexSeriesQuery = z.infer<typeof IndexSeriesQuerySchema>;

export const IndexSeriesPointSchema = z.object({
  day: z.string(),
  priceCentsPerTonne: z.number().int(),
  contributors: z.number().int(),
  source: IndexPointSourceSchema,
  carriedForward: z.boolean(),
});
export type IndexSeriesPoint = z.infer<typeof IndexSeriesPointSchema>;

export const IndexSeriesSchema = z.object({
  category: z.enum(LISTING_CATEGORIES),
  grade: z.string().nullable(),
  days: z.number().int(),
  points: z.array(IndexSeriesPointSchema),
});
export type IndexSeries = z.infer<typeof IndexSeriesSchema>;

const compareItemFields = {
  category: z.enum(LISTING_CATEGORIES, { error: 'Category must be textiles, metals, plastics or paper' }),
  grade: gradeParam,
  /** The listing's price per `unit`, in cents. */
  priceCents: z.coerce.number().int('Price must be whole cents').positive('Price must be positive'),
  unit: z.enum(LISTING_UNITS, { error: 'Unknown unit' }),
};

export const CompareQuerySchema = z.object(compareItemFields);
export type CompareQuery = z.infer<typeof CompareQuerySchema>;

/**
 * Against the grade's index, else its grade family's ("5% below the 30-day copper index"); all null
 * when neither exists, for a listing without a grade outside one-family categories, or per piece.
 */
export const IndexComparisonSchema = z.object({
  indexCentsPerTonne: z.number().int().nullable(),
  differencePercent: z.number().int().nullable(),
  /** "8% above the 30-day index". */
  label: z.string().nullable(),
});
export type IndexComparison = z.infer<typeof IndexComparisonSchema>;

export const CompareBatchBodySchema = z
  .object({
    items: z
      .array(z.object({ key: z.string().min(1).max(100), ...compareItemFields }).strict())
      .max(COMPARE_BATCH_MAX, `At most ${COMPARE_BATCH_MAX} prices at once`),
  })
  .strict();
export type CompareBatchBody = z.infer<typeof CompareBatchBodySchema>;

export const CompareBatchResultSchema = z.object({
  results: z.array(IndexComparisonSchema.extend({ key: z.string() })),
});
export type CompareBatchResult = z.infer<typeof CompareBatchResultSchema>;

export const IndexUpdatedEventSchema = z.object({
  type: z.literal('market.index.updated'),
  computedAt: z.string(),
});
