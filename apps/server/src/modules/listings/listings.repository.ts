import type { ListListingsQuery } from '@app/shared/listings/listings.schemas';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/accounts.table.ts';
import { listingImages, listingMonthlyUsage, listings, listingViews } from './listings.table.ts';

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type ListingImageRow = typeof listingImages.$inferSelect;
export type ListingWithSeller = ListingRow & {
  sellerName: string;
  sellerCompany: string | null;
  ownerEmail: string;
};

const withSeller = {
  listing: listings,
  sellerName: users.name,
  sellerCompany: users.company,
  ownerEmail: users.email,
};
type Joined = { listing: ListingRow; sellerName: string; sellerCompany: string | null; ownerEmail: string };
const flatten = (r: Joined): ListingWithSeller => ({
  ...r.listing,
  sellerName: r.sellerName,
  sellerCompany: r.sellerCompany,
  ownerEmail: r.ownerEmail,
});

/** Listings everybody may see: active, not rejected, and approved when pre-moderation is on. */
export function visibleCondition(preModeration: boolean): SQL {
  return and(
    eq(listings.status, 'active'),
    preModeration ? eq(listings.approvalStatus, 'approved') : ne(listings.approvalStatus, 'rejected'),
  ) as SQL;
}

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The marketplace search. Text: full-text match (stemmed words, websearch syntax) OR a trigram ILIKE
 * on title and description for partial words; all served by GIN indexes, combined by a bitmap OR.
 */
export async function searchListings(
  db: Db,
  query: ListListingsQuery,
  opts: { preModeration: boolean },
): Promise<{ rows: ListingWithSeller[]; total: number; totalExact: boolean }> {
  const conditions: SQL[] = [visibleCondition(opts.preModeration)];
  const q = query.q?.trim();
  if (q) {
    const text: SQL[] = [sql`${listings.search} @@ websearch_to_tsquery('english', ${q})`];
    // Trigram indexes need three characters; shorter text relies on the full-text match alone.
    if (q.length >= 3)
      text.push(
        sql`${listings.title} ilike ${likePattern(q)}`,
        sql`${listings.description} ilike ${likePattern(q)}`,
      );
    conditions.push(or(...text) as SQL);
  }
  if (query.type) conditions.push(eq(listings.type, query.type));
  if (query.category) conditions.push(eq(listings.category, query.category));
  if (query.minPrice !== undefined)
    conditions.push(gte(listings.priceCents, Math.round(query.minPrice * 100)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(listings.priceCents, Math.round(query.maxPrice * 100)));
  if (query.location?.trim())
    conditions.push(sql`${listings.location} ilike ${likePattern(query.location.trim())}`);
  if (query.unit) conditions.push(eq(listings.unit, query.unit));
  if (query.availability) conditions.push(eq(listings.availability, query.availability));
  if (query.minQuantity !== undefined) conditions.push(gte(listings.quantity, query.minQuantity));
  const where = and(...conditions);
  // Choose the plan from how many listings match. Clearly many (by the planner's estimate): walking
  // the sort index finds a page at once, and the total is the estimate. Otherwise count exactly (at
  // most EXACT_COUNT_CAP + 1 rows); when few match, sort on an expression so PostgreSQL takes the
  // GIN bitmap of the matches and sorts only those, because walking a sort index would read most of
  // the table when rare words are correlated with another filter (the planner cannot see that).
  const estimate = await plannerEstimate(db, where);
  const counted =
    estimate > CLEARLY_MANY ? Number.POSITIVE_INFINITY : await countUpTo(db, where, EXACT_COUNT_CAP);
  const fewMatches = counted <= EXACT_COUNT_CAP && Boolean(q || query.location?.trim());
  const key = (column: typeof listings.createdAt | typeof listings.priceCents | typeof listings.quantity) =>
    fewMatches ? sql`(${column} + ${sql.raw(column === listings.createdAt ? "interval '0'" : '0')})` : column;
  const order = {
    newest: [desc(key(listings.createdAt)), desc(listings.id)],
    price_asc: [asc(key(listings.priceCents)), asc(listings.id)],
    price_desc: [desc(key(listings.priceCents)), desc(listings.id)],
    quantity_desc: [desc(key(listings.quantity)), desc(listings.id)],
  }[query.sort];
  const rows = await db
    .select(withSeller)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (counted <= EXACT_COUNT_CAP) return { rows: rows.map(flatten), total: counted, totalExact: true };
  // Counting hundreds of thousands of rows exactly costs more than the page itself: estimate instead.
  return {
    rows: rows.map(flatten),
    total: Math.max(estimate, Number.isFinite(counted) ? counted : 0, EXACT_COUNT_CAP + 1),
    totalExact: false,
  };
}

/** Totals up to this many are exact (cheap to count); beyond it the marketplace shows the planner's estimate. */
export const EXACT_COUNT_CAP = 1_000;
/** Above this estimate the sort-index walk is always quick, so the exact count is skipped. */
const CLEARLY_MANY = 20_000;

async function countUpTo(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(listings)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [{ n }] = await db.select({ n: count() }).from(limited);
  return n;
}

async function plannerEstimate(db: Db, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(
    sql`explain (format json) select 1 from ${listings} where ${where}`,
  )) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** The landing page: currently featured first, then the newest. */
export async function listFeatured(db: Db, now: Date, limit: number, preModeration: boolean) {
  const featuredNow = sql`(${listings.isFeatured} and (${listings.featuredUntil} is null or ${listings.featuredUntil} > ${now}))`;
  const rows = await db
    .select(withSeller)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(visibleCondition(preModeration))
    .orderBy(desc(featuredNow), desc(listings.createdAt), asc(listings.id))
    .limit(limit);
  return rows.map(flatten);
}

export async function findListing(db: Db, id: string): Promise<ListingWithSeller | undefined> {
  const [row] = await db
    .select(withSeller)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, id));
  return row && flatten(row);
}

export async function listOwnListings(db: Db, userId: string, page: number, pageSize: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(withSeller)
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .where(eq(listings.userId, userId))
      .orderBy(desc(listings.createdAt), asc(listings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listings).where(eq(listings.userId, userId)),
  ]);
  return { rows: rows.map(flatten), total: n };
}

export async function listByApproval(
  db: Db,
  status: ListingRow['approvalStatus'] | undefined,
  page: number,
  pageSize: number,
) {
  const where = status ? eq(listings.approvalStatus, status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(withSeller)
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .where(where)
      .orderBy(desc(listings.createdAt), asc(listings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows: rows.map(flatten), total: n };
}

export async function insertListing(db: Db, row: NewListingRow): Promise<ListingRow> {
  const [inserted] = await db.insert(listings).values(row).returning();
  return inserted;
}

export async function updateListing(db: Db, id: string, values: Partial<NewListingRow>) {
  const [row] = await db.update(listings).set(values).where(eq(listings.id, id)).returning();
  return row;
}

export async function deleteListingRow(db: Db, id: string) {
  await db.delete(listings).where(eq(listings.id, id));
}

export async function imagesFor(db: Db, listingIds: string[]): Promise<ListingImageRow[]> {
  if (listingIds.length === 0) return [];
  return db
    .select()
    .from(listingImages)
    .where(inArray(listingImages.listingId, listingIds))
    .orderBy(asc(listingImages.position));
}

export async function insertImage(db: Db, row: typeof listingImages.$inferInsert) {
  const [inserted] = await db.insert(listingImages).values(row).returning();
  return inserted;
}

export async function findImages(db: Db, ids: string[]): Promise<ListingImageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(listingImages).where(inArray(listingImages.id, ids));
}

/** Attaches the given uploads to a listing in order; detaches (and returns) the ones it no longer uses. */
export async function replaceListingImages(
  db: Db,
  listingId: string,
  ids: string[],
): Promise<ListingImageRow[]> {
  const current = await db.select().from(listingImages).where(eq(listingImages.listingId, listingId));
  const dropped = current.filter((img) => !ids.includes(img.id));
  if (dropped.length)
    await db.delete(listingImages).where(
      inArray(
        listingImages.id,
        dropped.map((d) => d.id),
      ),
    );
  for (const [position, id] of ids.entries())
    await db.update(listingImages).set({ listingId, position }).where(eq(listingImages.id, id));
  return dropped;
}

export async function deleteImagesOf(db: Db, listingId: string): Promise<ListingImageRow[]> {
  return db.delete(listingImages).where(eq(listingImages.listingId, listingId)).returning();
}

/** Unclaimed uploads older than `before`, removed and returned so their files can go too. */
export async function deleteUnattachedImages(db: Db, before: Date): Promise<ListingImageRow[]> {
  return db
    .delete(listingImages)
    .where(and(isNull(listingImages.listingId), lt(listingImages.createdAt, before)))
    .returning();
}

/**
 * Takes one slot of the user's monthly allowance; null when `limit` is reached. One statement, so
 * two concurrent creations cannot both take the last slot.
 */
export async function takeMonthlySlot(
  db: Db,
  key: { userId: string; year: number; month: number },
  limit: number | null,
): Promise<number | null> {
  const cap = limit ?? 2_147_483_647;
  if (cap <= 0) return null;
  const rows = await db
    .insert(listingMonthlyUsage)
    .values({ ...key, created: 1 })
    .onConflictDoUpdate({
      target: [listingMonthlyUsage.userId, listingMonthlyUsage.year, listingMonthlyUsage.month],
      set: { created: sql`${listingMonthlyUsage.created} + 1` },
      setWhere: sql`${listingMonthlyUsage.created} < ${cap}`,
    })
    .returning({ created: listingMonthlyUsage.created });
  return rows[0]?.created ?? null;
}

export async function monthlyUsage(db: Db, key: { userId: string; year: number; month: number }) {
  const [row] = await db
    .select({ created: listingMonthlyUsage.created })
    .from(listingMonthlyUsage)
    .where(
      and(
        eq(listingMonthlyUsage.userId, key.userId),
        eq(listingMonthlyUsage.year, key.year),
        eq(listingMonthlyUsage.month, key.month),
      ),
    );
  return row?.created ?? 0;
}

/** Records a view; true when it is the visitor's first view of the listing that day. */
export async function recordView(db: Db, listingId: string, visitor: string, day: string): Promise<boolean> {
  const inserted = await db
    .insert(listingViews)
    .values({ listingId, visitor, day })
    .onConflictDoNothing()
    .returning({ day: listingViews.day });
  if (inserted.length === 0) return false;
  await db
    .update(listings)
    .set({ views: sql`${listings.views} + 1` })
    .where(eq(listings.id, listingId));
  return true;
}

export async function expireListings(db: Db, now: Date) {
  return db
    .update(listings)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(listings.status, 'active'), lte(listings.expiresAt, now)))
    .returning({ id: listings.id });
}

export async function endFeaturing(db: Db, now: Date) {
  return db
    .update(listings)
    .set({ isFeatured: false, featuredUntil: null })
    .where(and(eq(listings.isFeatured, true), lte(listings.featuredUntil, now)))
    .returning({ id: listings.id });
}
