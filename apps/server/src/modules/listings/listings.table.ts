import type { FieldChange } from '@app/shared/admin/field-changes';
import {
  APPROVAL_STATUSES,
  LISTING_AVAILABILITY,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  LISTING_TYPES,
  LISTING_UNITS,
} from '@app/shared/listings/listings.schemas';
import { INCOTERMS, PACKING_TYPES, SUPPLY_FREQUENCIES } from '@app/shared/market/trade-terms';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { visibleListingSql } from './listing-visibility.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The partial indexes' predicate: the whole of a visible listing (without pre-moderation). */
const VISIBLE = visibleListingSql();

export const listings = pgTable(
  'listings',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: LISTING_TYPES }).notNull(),
    title: text().notNull(),
    description: text().notNull(),
    category: text({ enum: LISTING_CATEGORIES }).notNull(),
    quantity: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    unit: text({ enum: LISTING_UNITS }).notNull(),
    priceCents: integer().notNull(),
    location: text().notNull(),
    availability: text({ enum: LISTING_AVAILABILITY }).notNull(),
    /** A MaterialGradeId of the listing's category (material_grades.id); checked by the service. */
    grade: text(),
    incoterm: text({ enum: INCOTERMS }),
    /** The Incoterm's named place; set exactly when `incoterm` is. */
    incotermPlace: text(),
    packing: text({ enum: PACKING_TYPES }),
    supplyFrequency: text({ enum: SUPPLY_FREQUENCIES }).notNull().default('one_off'),
    /** quantity and price per metric tonne, kept by the service (null for pieces) so SQL compares listings. */
    quantityTonnes: numeric({ precision: 14, scale: 4, mode: 'number' }),
    pricePerTonneCents: integer(),
    /** Resolved offline from `location` (apps/server/src/modules/market/geocoder.ts); null when unresolved. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** The city `location` resolved to ("Rotterdam, NL"); geocodedAt marks a location as tried. */
    geocodedPlace: text(),
    geocodedAt: timestamp({ withTimezone: true }),
    /** A buy listing's matching radius in km (null: any distance). */
    matchRadiusKm: integer(),
    status: text({ enum: LISTING_STATUSES }).notNull().default('active'),
    approvalStatus: text({ enum: APPROVAL_STATUSES }).notNull().default('pending'),
    adminNotes: text(),
    /**
     * Why the listing is held for review whatever the moderation setting (a new account's price below
     * half the price index: listing-hold.ts); hidden from everyone but its owner and administrators
     * while pending. Cleared when an administrator approves it.
     */
    holdReason: text(),
    reviewedByAdminEmail: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    /** What a material edit of an approved listing changed, until an administrator reviews it again. */
    reviewChanges: jsonb().$type<FieldChange[]>(),
    isFeatured: boolean().notNull().default(false),
    featuredUntil: timestamp({ withTimezone: true }),
    views: integer().notNull().default(0),
    inquiries: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    createdMonth: integer().notNull(),
    createdYear: integer().notNull(),
    /** Full-text search document: title weighs more than description. */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    index('listings_search_idx').using('gin', t.search),
    index('listings_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('listings_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('listings_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
    index('listings_user_created_idx').on(t.userId, t.createdAt),
    // The marketplace's sorts over visible listings (descending sorts scan them backwards, so the
    // tiebreak on id follows the direction); filters combine with them through bitmap scans. Each
    // predicate is the whole of `visibleCondition`, held listings included, so a walk along one needs
    // no heap row to know a listing is visible (and the matching scans stay index-only).
    index('listings_visible_created_idx').on(t.createdAt, t.id).where(sql.raw(VISIBLE)),
    index('listings_visible_price_idx').on(t.priceCents, t.id).where(sql.raw(VISIBLE)),
    index('listings_visible_quantity_idx').on(t.quantity, t.id).where(sql.raw(VISIBLE)),
    // Price range + unit (no text): the capped count reads a range of this index, not the table.
    index('listings_visible_unit_price_idx').on(t.unit, t.priceCents).where(sql.raw(VISIBLE)),
    index('listings_category_type_idx').on(t.category, t.type),
    index('listings_grade_idx').on(t.grade).where(sql`grade is not null`),
    // Smart matching (market/matching.repository.ts): counterparts of one category and type in a price
    // range, read by an index-only scan, so 1,000,000 listings stay off the heap (docs/PERFORMANCE.md).
    // The columns after the price are what the rule and the score read: key columns, not INCLUDE,
    // because drizzle-kit has no INCLUDE; after the range column they cost only index size.
    index('listings_matching_idx')
      .on(
        t.category,
        t.type,
        t.pricePerTonneCents,
        t.grade,
        t.quantityTonnes,
        t.userId,
        t.latitude,
        t.longitude,
        t.matchRadiusKm,
        t.approvalStatus,
        t.id,
      )
      .where(sql.raw(`${VISIBLE} and price_per_tonne_cents is not null`)),
    // The same per grade, for a graded listing (its grade, then no grade).
    index('listings_matching_grade_idx')
      .on(
        t.category,
        t.type,
        t.grade,
        t.pricePerTonneCents,
        t.quantityTonnes,
        t.userId,
        t.latitude,
        t.longitude,
        t.matchRadiusKm,
        t.approvalStatus,
        t.id,
      )
      .where(sql.raw(`${VISIBLE} and price_per_tonne_cents is not null`)),
    // Pieces compare the price per piece.
    index('listings_matching_pieces_idx')
      .on(
        t.category,
        t.type,
        t.priceCents,
        t.grade,
        t.quantity,
        t.userId,
        t.latitude,
        t.longitude,
        t.matchRadiusKm,
        t.approvalStatus,
        t.id,
      )
      .where(sql.raw(`${VISIBLE} and unit = 'pieces'`)),
    index('listings_approval_idx').on(t.approvalStatus, t.createdAt),
    index('listings_expires_idx').on(t.expiresAt).where(sql`status = 'active' and expires_at is not null`),
    index('listings_featured_idx').on(t.featuredUntil).where(sql`is_featured`),
    // The geocoding backfill's queue (listings never tried by the geocoder): a batch is read from it
    // in index order, with no scan and no sort of the table; it empties as the backfill proceeds.
    index('listings_ungeocoded_idx').on(t.createdAt, t.id).where(sql`geocoded_at is null`),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null until a listing claims the upload; unclaimed uploads are purged after a day. */
    listingId: text().references(() => listings.id, { onDelete: 'set null' }),
    position: integer().notNull().default(0),
    displayKey: text().notNull(),
    thumbnailKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.listingId, t.position), index().on(t.userId), index().on(t.createdAt)],
);

/** One row per listing, visitor and UTC day: a view counts once per visitor per day. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: text()
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitor: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] })],
);

/**
 * Listings per user and calendar month (UTC) of creation that still exist: creating takes a slot and
 * deleting gives it back. A counter rather than a count of rows, so the limit is checked and taken in
 * one statement.
 */
export const listingMonthlyUsage = pgTable(
  'listing_monthly_usage',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    month: integer().notNull(),
    created: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year, t.month] })],
);
