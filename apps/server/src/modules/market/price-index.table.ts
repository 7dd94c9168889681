import { LISTING_CATEGORIES } from '@app/shared/listings/listings.schemas';
import { INDEX_POINT_SOURCES } from '@app/shared/market/price-index';
import { boolean, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * One price index point per category, grade and UTC day (grade null: the whole category). Written only
 * by the price index job, which recomputes today's points and keeps history (see price-index.ts in shared).
 */
export const priceIndexPoints = pgTable(
  'price_index_points',
  {
    category: text({ enum: LISTING_CATEGORIES }).notNull(),
    grade: text(),
    day: date({ mode: 'string' }).notNull(),
    priceCentsPerTonne: integer().notNull(),
    contributors: integer().notNull(),
    source: text({ enum: INDEX_POINT_SOURCES }).notNull(),
    carriedForward: boolean().notNull().default(false),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: the whole-category row (grade null) is unique per day too, so upserts hit it.
    unique('price_index_points_key').on(t.category, t.grade, t.day).nullsNotDistinct(),
    index('price_index_points_day_idx').on(t.day),
  ],
);
