import type { ListingCategory } from '@app/shared/listings/listings.schemas';
import type { PriceObservationSource } from '@app/shared/market/price-index';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dealFacts } from '../deals/index.ts';
import { listingFacts } from '../listings/index.ts';
import { priceIndexPoints } from './price-index.table.ts';

export type PriceIndexPointRow = typeof priceIndexPoints.$inferSelect;

/** A price seen in the market on a UTC day, per metric tonne. */
export type ObservationRow = {
  category: ListingCategory;
  grade: string | null;
  day: string;
  companyKey: string;
  priceCentsPerTonne: number;
  source: PriceObservationSource;
};

const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Completed deals between two UTC days (inclusive), priced per tonne: the deal value over the tonnes
 * delivered, or over the deal's share of the listing's tonnes until delivery is recorded. Pieces have
 * no tonnes and stay out. "Completed" is escrow released, or completed without escrow.
 */
export async function findDealObservations(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<ObservationRow[]> {
  const tonnes = sql`coalesce(${dealFacts.deliveredTonnes}, ${listingFacts.quantityTonnes} * coalesce(${dealFacts.quantity} / nullif(${listingFacts.quantity}, 0), 1))`;
  const rows = await db
    .select({
      category: listingFacts.category,
      grade: listingFacts.grade,
      day: utcDay(dealFacts.completedAt),
      companyKey: dealFacts.sellerUserId,
      priceCentsPerTonne: sql<number>`round(${dealFacts.dealValueCents} / ${tonnes})::int`,
    })
    .from(dealFacts)
    .innerJoin(listingFacts, eq(listingFacts.id, dealFacts.listingId))
    .where(
      and(
        eq(dealFacts.status, 'completed'),
        or(
          eq(dealFacts.escrowStatus, 'released'),
          and(eq(dealFacts.escrowStatus, 'none'), eq(dealFacts.escrowRequired, false)),
        ),
        gte(dealFacts.completedAt, sql`${fromDay}::date`),
        lt(dealFacts.completedAt, sql`${toDay}::date + 1`),
        sql`${tonnes} > 0`,
      ),
    );
  return rows.map((r) => ({ ...r, source: 'deal' as const }));
}

/**
 * Listings with a price per tonne posted between two UTC days (inclusive), active or since expired. The trader who
 * owns the listing sets its price: the seller of a sell listing, the buyer of a buy listing.
 */
export async function findListingObservations(
  db: Db,
  fromDay: string,
  toDay: string,
): Promise<ObservationRow[]> {
  const rows = await db
    .select({
      category: listingFacts.category,
      grade: listingFacts.grade,
      day: utcDay(listingFacts.createdAt),
      companyKey: listingFacts.userId,
      priceCentsPerTonne: sql<number>`${listingFacts.pricePerTonneCents}`,
    })
    .from(listingFacts)
    .where(
      and(
        // A listing counts on the day it was posted, also after it has expired (history stays put).
        inArray(listingFacts.status, ['active', 'expired']),
        ne(listingFacts.approvalStatus, 'rejected'),
        // A listing held for review (a new account's price far below the index) does not move it.
        isNull(listingFacts.holdReason),
        isNotNull(listingFacts.pricePerTonneCents),
        gte(listingFacts.createdAt, sql`${fromDay}::date`),
        lt(listingFacts.createdAt, sql`${toDay}::date + 1`),
      ),
    );
  return rows.map((r) => ({ ...r, source: 'listing' as const }));
}

/** The last day any point was computed for, null on an empty table. */
export async function findLastDay(db: Db): Promise<string | null> {
  const [row] = await db.select({ day: max(priceIndexPoints.day) }).from(priceIndexPoints);
  return row?.day ?? null;
}

/** Each series' last point before `day`: what carries forward into it. */
export async function findLatestPointsBefore(db: Db, day: string): Promise<PriceIndexPointRow[]> {
  return db
    .selectDistinctOn([priceIndexPoints.category, priceIndexPoints.grade])
    .from(priceIndexPoints)
    .where(lt(priceIndexPoints.day, day))
    .orderBy(priceIndexPoints.category, priceIndexPoints.grade, desc(priceIndexPoints.day));
}

/** Replaces the points of the days between `fromDay` and `toDay` (inclusive) with `rows`. */
export async function replacePoints(
  db: Db,
  fromDay: string,
  toDay: string,
  rows: (typeof priceIndexPoints.$inferInsert)[],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two recomputes (two instances, or the job and the demo seed) take turns instead of colliding.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_index_points'))`);
    await tx
      .delete(priceIndexPoints)
      .where(and(gte(priceIndexPoints.day, fromDay), lte(priceIndexPoints.day, toDay)));
    // Chunks keep a year's backfill under the bind-parameter limit.
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(priceIndexPoints).values(rows.slice(i, i + 1000));
  });
}

/** The latest point of every series on or before `day`. */
export async function findLatestPoints(db: Db, day: string): Promise<PriceIndexPointRow[]> {
  return db
    .selectDistinctOn([priceIndexPoints.category, priceIndexPoints.grade])
    .from(priceIndexPoints)
    .where(lte(priceIndexPoints.day, day))
    .orderBy(priceIndexPoints.category, priceIndexPoints.grade, desc(priceIndexPoints.day));
}

/** The points of every series on the given days (the bases of 7- and 30-day changes). */
export async function findPointsOnDays(db: Db, days: string[]): Promise<PriceIndexPointRow[]> {
  if (days.length === 0) return [];
  return db
    .select()
    .from(priceIndexPoints)
    .where(
      sql`${priceIndexPoints.day} in (${sql.join(
        days.map((d) => sql`${d}::date`),
        sql`, `,
      )})`,
    );
}

const gradeIs = (grade: string | null) =>
  grade === null ? isNull(priceIndexPoints.grade) : eq(priceIndexPoints.grade, grade);

/** One series' points after `afterDay` up to `toDay`, oldest first. */
export async function findSeries(
  db: Db,
  args: { category: ListingCategory; grade: string | null; afterDay: string; toDay: string },
): Promise<PriceIndexPointRow[]> {
  return db
    .select()
    .from(priceIndexPoints)
    .where(
      and(
        eq(priceIndexPoints.category, args.category),
        gradeIs(args.grade),
        gt(priceIndexPoints.day, args.afterDay),
        lte(priceIndexPoints.day, args.toDay),
      ),
    )
    .orderBy(asc(priceIndexPoints.day));
}

/** The average of each series' published (not carried forward) points after `afterDay`. */
export async function findPublishedAverages(
  db: Db,
  afterDay: string,
): Promise<{ category: ListingCategory; grade: string | null; averageCentsPerTonne: number }[]> {
  return db
    .select({
      category: priceIndexPoints.category,
      grade: priceIndexPoints.grade,
      averageCentsPerTonne: sql<number>`round(avg(${priceIndexPoints.priceCentsPerTonne}))::int`,
    })
    .from(priceIndexPoints)
    .where(and(eq(priceIndexPoints.carriedForward, false), gt(priceIndexPoints.day, afterDay)))
    .groupBy(priceIndexPoints.category, priceIndexPoints.grade);
}
