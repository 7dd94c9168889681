import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { listings } from '../listings/listings.table.ts';

/** What a match is shown with; prices compared from each side, so either owner reads "your price". */
export type StoredMatchReasons = {
  sameGrade: boolean;
  quantity: { overlap: number; wanted: number; unit: 'tonnes' | 'pieces' };
  /** (seller's − buyer's) / buyer's × 100 */
  pricePercentForBuyer: number;
  /** (buyer's − seller's) / seller's × 100 */
  pricePercentForSeller: number;
  distanceKm: number | null;
};

/**
 * A buy and a sell listing that match, one row per pair, written by the matching job so dashboards
 * read matches cheaply. A listing's matches are replaced whenever it changes; rows go with either listing.
 */
export const listingMatches = pgTable(
  'listing_matches',
  {
    id: text().primaryKey(),
    buyListingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sellListingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    score: doublePrecision().notNull(),
    reasons: jsonb().$type<StoredMatchReasons>().notNull(),
    /** When the pair first matched: kept across recomputations, so "new" means new. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_matches_pair_idx').on(t.buyListingId, t.sellListingId),
    index('listing_matches_sell_idx').on(t.sellListingId),
    index('listing_matches_created_idx').on(t.createdAt),
  ],
);

/** Per user: the daily match digest switch, and when the last digest went out (at most one a day). */
export const matchPreferences = pgTable(
  'match_preferences',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailDigest: boolean().notNull().default(true),
    lastDigestAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('match_preferences_digest_idx').on(t.lastDigestAt).where(sql`email_digest`)],
);
