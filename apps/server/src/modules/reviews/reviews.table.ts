import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { deals } from '../deals/deals.table.ts';

/**
 * A party's review of the other party of a concluded deal: once per author and deal. Double-blind:
 * `published_at` is when it becomes public (the moment the second party reviewed, else the end of the
 * review window), and nothing reads it for anyone but its author before then.
 */
export const dealReviews = pgTable(
  'deal_reviews',
  {
    id: text().primaryKey(),
    dealId: text()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    authorUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text({ enum: ['buyer', 'seller'] }).notNull(),
    starsAsAgreed: smallint().notNull(),
    starsCommunication: smallint().notNull(),
    starsTimeliness: smallint().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Public from then on (unless hidden). */
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    /** The reputation read model has counted this review since it became public. */
    publicationCounted: boolean().notNull().default(false),
    /**
     * Both parties were told that the review became public (an email each, a realtime event), in the
     * transaction that published it or, published by time, that noticed it; set, with nobody told, on
     * a review hidden before then.
     */
    publicationAnnounced: boolean().notNull().default(false),
    replyText: text(),
    repliedAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenByAdminEmail: text(),
  },
  (t) => [
    uniqueIndex('deal_reviews_one_per_author').on(t.dealId, t.authorUserId),
    index('deal_reviews_subject_idx').on(t.subjectUserId, t.publishedAt.desc()),
    index('deal_reviews_recent_idx').on(t.createdAt.desc()),
    index('deal_reviews_uncounted_idx').on(t.publishedAt).where(sql`not publication_counted`),
    index('deal_reviews_unannounced_idx').on(t.publishedAt).where(sql`not publication_announced`),
    check(
      'deal_reviews_stars_range',
      sql`${t.starsAsAgreed} between 1 and 5 and ${t.starsCommunication} between 1 and 5 and ${t.starsTimeliness} between 1 and 5`,
    ),
    check('deal_reviews_not_self', sql`${t.authorUserId} <> ${t.subjectUserId}`),
  ],
);

/**
 * The reputation read model: one row per user, recomputed from deals, reviews, messages, companies and
 * accounts whenever one of them changes (and by a periodic sweep). Counts and sums only: the shared
 * `reputationFiguresOf` turns them into the figures every surface shows.
 */
export const userReputations = pgTable('user_reputations', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewCount: integer().notNull().default(0),
  starsAsAgreedSum: integer().notNull().default(0),
  starsCommunicationSum: integer().notNull().default(0),
  starsTimelinessSum: integer().notNull().default(0),
  completedDeals: integer().notNull().default(0),
  tonnesTraded: numeric({ precision: 16, scale: 4, mode: 'number' }).notNull().default(0),
  claimsLost: integer().notNull().default(0),
  claimsLostLast12Months: integer('claims_lost_last_12_months').notNull().default(0),
  medianResponseSeconds: integer(),
  memberSince: timestamp({ withTimezone: true }).notNull(),
  emailConfirmed: boolean().notNull().default(false),
  /** The user owns at least one verified company that is not removed. */
  companyVerified: boolean().notNull().default(false),
  /** The verification level at `computed_at` (0 to 3), for cards read straight from SQL. */
  level: smallint().notNull().default(0),
  computedAt: timestamp({ withTimezone: true }).notNull(),
});
