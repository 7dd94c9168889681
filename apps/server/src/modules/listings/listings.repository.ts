import type { ListingSort, ListListingsQuery } from '@app/shared/listings/listings.schemas';
import { gradesMatchingWords } from '@app/shared/market/grades';
import { roundHalfUp } from '@app/shared/money/money';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { visibleListingSql } from './listing-visibility.ts';
import { listingImages, listingMonthlyUsage, listings, listingViews } from './listings.table.ts';

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
export type ListingImageRow = typeof listingImages.$inferSelect;
/** A listing as the API reads it: every column but the search document (an index's input). */
export type ListingRead = Omit<ListingRow, 'search'>;
export type ListingWithSeller = ListingRead & {
  sellerName: string;
  sellerCompany: string | null;
  ownerEmail: string;
};

const { search: _searchDocument, ...listingColumns } = getTableColumns(listings);
const withSeller = {
  listing: listingColumns,
  sellerName: userDirectory.name,
  sellerCompany: userDirectory.company,
  ownerEmail: userDirectory.email,
};
type Joined = { listing: ListingRead; sellerName: string; sellerCompany: string | null; ownerEmail: string };
const flatten = (r: Joined): ListingWithSeller => ({
  ...r.listing,
  sellerName: r.sellerName,
  sellerCompany: r.sellerCompany,
  ownerEmail: r.ownerEmail,
});

/** Listings everybody may see (listing-visibility.ts), on the listings table. */
export function visibleCondition(preModeration: boolean): SQL {
  return sql.raw(visibleListingSql('"listings"', preModeration));
}

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user's words: letters and digits only, so nothing reaches `to_tsquery` as an operator. */
export const searchWords = (q: string): string[] =>
  (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

/**
 * The words as one full-text query over title and description (the tsvector GIN index): all of them
 * must match. Every word matches as a whole (stemmed, 'english') word; the last one, the word being
 * typed, also as the beginning of a word ("cop" finds "copper"). A partial word can run past the stem
 * of the full word ("corrugat" against "corrug", the stem of "corrugated"), so its own last few
 * beginnings count too, as whole lexemes. Prefixes only for the last word: a prefix reads every
 * posting of every matching lexeme ("wash:*" alone is a third of the table), a whole word does not.
 */
export function wordsTsquery(words: string[]): string {
  return words
    .map((w, i) => {
      if (i < words.length - 1 || w.length < 3) return w;
      const heads = [];
      for (let n = Math.max(4, w.length - 3); n < w.length; n++) heads.push(w.slice(0, n));
      return `(${[`${w}:*`, ...heads].join(' | ')})`;
    })
    .join(' & ');
}

/** The marketplace filters of a search (everything but sort and paging). */
export type ListingFilters = Omit<ListListingsQuery, 'sort' | 'page' | 'limit'>;

/**
 * The WHERE conditions of the marketplace search, shared by the page-based and the cursor search. The
 * text and location conditions come back separately: the page-based search hides them from their GIN
 * indexes when it walks the sort index.
 */
function searchConditions(query: ListingFilters, preModeration: boolean) {
  const conditions: SQL[] = [visibleCondition(preModeration)];
  const q = query.q?.trim();
  let textCondition: SQL | undefined;
  let locationCondition: SQL | undefined;
  if (q) {
    const text: SQL[] = [];
    const words = searchWords(q);
    if (words.length) text.push(sql`${listings.search} @@ to_tsquery('english', ${wordsTsquery(words)})`);
    // One word of three characters or more may also sit inside a title word ("rrug"): trigram index.
    // Several words match as words (above); their trigram bitmap cost more than all the rest.
    if (q.length >= 3 && words.length <= 1) text.push(sql`${listings.title} ilike ${likePattern(q)}`);
    // A grade's code word or name ("barley", "occ") finds listings of that grade (the grade index).
    const grades = gradesMatchingWords(words);
    if (grades.length) text.push(inArray(listings.grade, grades));
    textCondition = text.length ? (or(...text) as SQL) : sql`false`;
    conditions.push(textCondition);
  }
  if (query.type) conditions.push(eq(listings.type, query.type));
  if (query.category) conditions.push(eq(listings.category, query.category));
  if (query.grade) conditions.push(eq(listings.grade, query.grade));
  if (query.minPrice !== undefined)
    conditions.push(gte(listings.priceCents, roundHalfUp(query.minPrice * 100)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(listings.priceCents, roundHalfUp(query.maxPrice * 100)));
  if (query.location?.trim()) {
    locationCondition = sql`${listings.location} ilike ${likePattern(query.location.trim())}`;
    conditions.push(locationCondition);
  }
  if (query.unit) conditions.push(eq(listings.unit, query.unit));
  if (query.availability) conditions.push(eq(listings.availability, query.availability));
  if (query.minQuantity !== undefined) conditions.push(gte(listings.quantity, query.minQuantity));
  if (query.sellerId) conditions.push(eq(listings.userId, query.sellerId));
  return { conditions, textCondition, locationCondition };
}

/**
 * The marketplace search. Text: all the words in the title or description (`wordsTsquery`, the
 * tsvector GIN index), OR, for a single word of three characters or more, the word inside the title
 * (trigram GIN index, for infixes like "rrug"). Descriptions have no trigram condition any more: the bitmap of a
 * partial-word ILIKE over a million descriptions was the search's main cost.
 */
export async function searchListings(
  db: Db,
  query: ListListingsQuery,
  opts: SearchPageOptions & { facts?: SearchFacts; prepared?: PreparedSearchPages },
): Promise<{ rows: SearchRow[]; total: number; totalExact: boolean }> {
  const found = await findSearchPage(db, query, {
    ...opts,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    after: null,
  });
  return { rows: found.rows.map(flattenSearchRow), total: found.total, totalExact: found.totalExact };
}

/** What a search's caller may add: the moderation switch and the deals' held quantity of a listing. */
type SearchPageOptions = {
  preModeration: boolean;
  /** The quantity deals hold on the row's listing, as SQL: read in the page query, not after it. */
  heldQuantity?: (listingId: typeof listings.id) => SQL<string>;
  /** The seller's compact reputation as SQL over their id, read in the page query as well. */
  sellerReputation?: (userId: typeof listings.userId) => SQL<unknown>;
  /** Sellers whose listings the viewer does not see (those the viewer blocked); absent for most viewers. */
  hiddenSellers?: string[];
};

/**
 * A search page's row: the listing, whether it has photos (the photos query is skipped for a page
 * without any) and, when the caller asked, what deals hold of it.
 */
export type SearchRow = ListingWithSeller & {
  hasImages: boolean;
  heldQuantity?: number;
  /** The seller's reputation as the SQL gave it (null: no row yet), when the caller asked for it. */
  sellerReputation?: unknown;
};
type SearchJoined = Joined & {
  sortValue: string;
  hasImages: boolean;
  heldQuantity: string | null;
  sellerReputation: unknown;
};
const flattenSearchRow = (r: SearchJoined): SearchRow => ({
  ...flatten(r),
  hasImages: r.hasImages,
  ...(r.heldQuantity === null ? {} : { heldQuantity: Number(r.heldQuantity) }),
  ...(r.sellerReputation === null ? {} : { sellerReputation: r.sellerReputation }),
});

/**
 * Runs a search's page query through the caller's prepared queries: `key` with the search's filters
 * identifies the query and its values, `build` makes it when it is not kept.
 */
export type PreparedSearchPages = <T>(key: string, build: () => PreparableQuery<T>) => Promise<T[]>;
export type PreparableQuery<T> = PromiseLike<T[]> & {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T[]> };
};

/**
 * Where a search keeps its planner estimate and capped count between requests (the service's
 * cache, keyed by `searchFactsKey`); without it both are read every time.
 */
export type SearchFacts = {
  estimate(compute: () => Promise<number>): Promise<number>;
  count(compute: () => Promise<number>): Promise<number>;
};

/**
 * The filters that decide a search's estimate and count, as one string: everything but the order and
 * the paging (a filter added to the query is part of it without a change here).
 */
export function searchFactsKey(query: ListingFilters, preModeration: boolean): string {
  const filters = Object.entries(query)
    .filter(([name, value]) => !NOT_FILTERS.has(name) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([preModeration, filters]);
}
const NOT_FILTERS = new Set(['sort', 'page', 'limit', 'cursor']);

/**
 * One page of the marketplace search, by offset (the web's page numbers) or after a keyset position
 * (the public API's cursors); both get the same plan choice, so a cursor is as quick as a page.
 */
async function findSearchPage(
  db: Db,
  query: ListingFilters & { sort: ListingSort },
  opts: SearchPageOptions & {
    offset: number;
    limit: number;
    after: SQL | null;
    facts?: SearchFacts;
    prepared?: PreparedSearchPages;
  },
): Promise<{ rows: SearchJoined[]; total: number; totalExact: boolean }> {
  const { conditions, textCondition, locationCondition } = searchConditions(query, opts.preModeration);
  if (opts.after) conditions.push(opts.after);
  if (opts.hiddenSellers?.length) conditions.push(notInArray(listings.userId, opts.hiddenSellers));
  const where = and(...conditions);
  // Choose the plan from how many listings match. Clearly many (by the planner's estimate): walking
  // the sort index finds a page at once, and the total is the estimate.
  const estimate = await (opts.facts?.estimate ?? ((f) => f()))(() => plannerEstimate(db, where));
  const sortKey = sortKeyOf(query.sort);
  const ascending = query.sort === 'price_asc';
  const { offset, limit } = opts;
  // The text and location conditions hidden from their GIN indexes (`is true`, same rows): only the
  // walk of the sort index is left to the planner.
  const walkWhere = and(
    ...conditions.map((c) => (c === textCondition || c === locationCondition ? sql`(${c}) is true` : c)),
  );
  // Photos and held quantities are per-row lookups in the select list: PostgreSQL evaluates them
  // after the sort, for the page's rows (and those OFFSET skips) only.
  const held = opts.heldQuantity?.(listings.id) ?? sql<null>`null`;
  const reputation = opts.sellerReputation?.(listings.userId) ?? sql<null>`null`;
  // `plan` names the page query's form (with the filters, order and paging it is the whole query),
  // so a caller that keeps prepared queries can reuse this one.
  const page = (plan: string, pageWhere: SQL | undefined, key: SQL | typeof sortKey) => {
    const build = () => pageQuery(pageWhere, key);
    return opts.prepared ? opts.prepared(JSON.stringify([plan, query.sort, offset, limit]), build) : build();
  };
  const pageQuery = (pageWhere: SQL | undefined, key: SQL | typeof sortKey) =>
    db
      .select({
        ...withSeller,
        sortValue: sortValueSql(query.sort),
        hasImages: sql<boolean>`exists (select 1 from ${listingImages} where ${listingImages.listingId} = ${listings.id})`,
        heldQuantity: sql<string | null>`${held}`,
        sellerReputation: sql<unknown>`${reputation}`,
      })
      .from(listings)
      .innerJoin(userDirectory, eq(userDirectory.id, listings.userId))
      .where(pageWhere)
      .orderBy(...(ascending ? [asc(key), asc(listings.id)] : [desc(key), desc(listings.id)]))
      .limit(limit)
      .offset(offset);
  const estimated = (rows: SearchJoined[], counted = 0) => ({
    rows,
    total: Math.max(estimate, counted, EXACT_COUNT_CAP + 1),
    totalExact: false,
  });
  if (estimate > CLEARLY_MANY) return estimated(await page('walk', where, sortKey));
  // Probably many (text and location only; the planner multiplies word frequencies, so it misjudges
  // them both ways): try a bounded walk first, at most about three times the rows the estimate says a
  // page needs, from where the page starts. A full page from that stretch of the sort order is the
  // right page, and the exact count is skipped (the total is then the estimate). Otherwise fall
  // through to the count.
  if (estimate > PROBABLY_MANY && (textCondition || locationCondition)) {
    const visible = await visibleEstimate(db, opts.preModeration);
    const budget = Math.min(MAX_WALK, Math.ceil((3 * (offset + limit) * visible) / estimate));
    const boundary = db
      .select({ key: sortKey })
      .from(listings)
      .where(and(visibleCondition(opts.preModeration), opts.after ?? undefined))
      .orderBy(...(ascending ? [asc(sortKey), asc(listings.id)] : [desc(sortKey), desc(listings.id)]))
      .offset(budget)
      .limit(1);
    const bound = ascending
      ? sql`${sortKey} <= coalesce((${boundary}), ${sortKey})`
      : sql`${sortKey} >= coalesce((${boundary}), ${sortKey})`;
    const rows = await page(`bounded ${budget}`, and(walkWhere, bound), sortKey);
    if (rows.length === limit) return estimated(rows);
  }
  // Count exactly, at most EXACT_COUNT_CAP + 1 rows. More than that: a page is within (visible /
  // matches) × (offset + limit) rows of the sort index, so walk it (the planner, trusting its low
  // estimate for several words, "hdpe" and "regrind" always come together, would sort thousands of
  // GIN matches instead). At most that many: when a text or location filter is involved, sort on an
  // expression so PostgreSQL takes the GIN bitmap of the matches and sorts only those, because walking
  // a sort index would read most of the table when rare words are correlated with another filter.
  const counted = await (opts.facts?.count ?? ((f) => f()))(() => countUpTo(db, where, EXACT_COUNT_CAP));
  if (counted > EXACT_COUNT_CAP) return estimated(await page('counted walk', walkWhere, sortKey), counted);
  const fewMatches = Boolean(textCondition || locationCondition);
  const key = fewMatches
    ? sql`(${sortKey} + ${sql.raw(sortKey === listings.createdAt ? "interval '0'" : '0')})`
    : sortKey;
  return { rows: await page(fewMatches ? 'few' : 'counted', where, key), total: counted, totalExact: true };
}

const sortKeyOf = (sort: ListingSort) =>
  ({
    newest: listings.createdAt,
    price_asc: listings.priceCents,
    price_desc: listings.priceCents,
    quantity_desc: listings.quantity,
  })[sort];

/** A place in the cursor search's order: the row's sort key as exact text (`sortValueSql`) and its id. */
export type ListingCursorPosition = { value: string; id: string };

/**
 * The sort key as text that compares exactly when read back: dates to the microsecond in UTC (a JS
 * Date keeps milliseconds only), numbers as PostgreSQL prints them.
 */
function sortValueSql(sort: ListingSort): SQL<string> {
  if (sort === 'newest')
    return sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string>`${sortKeyOf(sort)}::text`;
}

const SORT_VALUE_FORMAT: Record<ListingSort, RegExp> = {
  newest: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  price_asc: /^-?\d{1,15}$/,
  price_desc: /^-?\d{1,15}$/,
  quantity_desc: /^-?\d{1,20}(\.\d{1,10})?$/,
};

/** Whether a cursor's sort value can be compared without a database error (a cast of garbage). */
export function isValidSortValue(sort: ListingSort, value: string): boolean {
  if (!SORT_VALUE_FORMAT[sort].test(value)) return false;
  if (sort !== 'newest') return true;
  // Rejects impossible dates (month 13, February 30) that the format alone lets through.
  const millis = `${value.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}

/**
 * The marketplace search with keyset pagination (the public API): the same filters as `searchListings`,
 * rows strictly after `after` in (sort key, id) order, so pages never skip or repeat a listing while
 * others are added. Reads `limit + 1` rows; the extra one only tells whether a next page exists.
 */
export async function searchListingsAfter(
  db: Db,
  query: ListingFilters & { sort: ListingSort; limit: number },
  opts: SearchPageOptions & { after: ListingCursorPosition | null },
): Promise<{ rows: (SearchRow & { sortValue: string })[]; hasMore: boolean }> {
  const sortKey = sortKeyOf(query.sort);
  const ascending = query.sort === 'price_asc';
  let after: SQL | null = null;
  if (opts.after) {
    const { value, id } = opts.after;
    const bound =
      query.sort === 'newest'
        ? sql`${value}::timestamptz`
        : query.sort === 'quantity_desc'
          ? sql`${value}::numeric`
          : sql`${value}::bigint`;
    after = ascending
      ? sql`(${sortKey}, ${listings.id}) > (${bound}, ${id})`
      : sql`(${sortKey}, ${listings.id}) < (${bound}, ${id})`;
  }
  const { rows } = await findSearchPage(db, query, {
    preModeration: opts.preModeration,
    heldQuantity: opts.heldQuantity,
    sellerReputation: opts.sellerReputation,
    hiddenSellers: opts.hiddenSellers,
    offset: 0,
    limit: query.limit + 1,
    after,
  });
  return {
    rows: rows.slice(0, query.limit).map((r) => ({ ...flattenSearchRow(r), sortValue: r.sortValue })),
    hasMore: rows.length > query.limit,
  };
}

/** Totals up to this many are exact (cheap to count); beyond it the marketplace shows the planner's estimate. */
export const EXACT_COUNT_CAP = 1_000;
/** Above this estimate the sort-index walk is always quick, so the exact count is skipped. */
const CLEARLY_MANY = 20_000;
/** Above this estimate a bounded walk of the sort index is tried before counting. */
const PROBABLY_MANY = 2_000;
/** The most rows a bounded walk reads (a few milliseconds). */
const MAX_WALK = 30_000;

const visibleRows = new WeakMap<Db, { rows: number; at: number }>();
/** The planner's estimate of visible listings, kept a minute per database. */
async function visibleEstimate(db: Db, preModeration: boolean): Promise<number> {
  const cached = visibleRows.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.rows;
  const rows = await plannerEstimate(db, visibleCondition(preModeration));
  visibleRows.set(db, { rows, at: Date.now() });
  return rows;
}

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
    .innerJoin(userDirectory, eq(userDirectory.id, listings.userId))
    .where(visibleCondition(preModeration))
    .orderBy(desc(featuredNow), desc(listings.createdAt), asc(listings.id))
    .limit(limit);
  return rows.map(flatten);
}

/** Visible listings for the sitemap, most recently changed first. */
export async function listVisibleForSitemap(db: Db, preModeration: boolean, limit: number) {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(visibleCondition(preModeration))
    .orderBy(desc(listings.updatedAt), asc(listings.id))
    .limit(limit);
}

export async function findListing(db: Db, id: string): Promise<ListingWithSeller | undefined> {
  const [row] = await db
    .select(withSeller)
    .from(listings)
    .innerJoin(userDirectory, eq(userDirectory.id, listings.userId))
    .where(eq(listings.id, id));
  return row && flatten(row);
}

/** The listing's row locked for the rest of the transaction (deals take its quantity one at a time). */
export async function lockListing(
  db: Db,
  id: string,
): Promise<Pick<ListingRow, 'id' | 'quantity' | 'unit' | 'status'> | undefined> {
  const [row] = await db
    .select({ id: listings.id, quantity: listings.quantity, unit: listings.unit, status: listings.status })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  return row;
}

/** Moves a listing between active and sold; expired listings stay as they are. */
export async function setSoldStatus(db: Db, id: string, sold: boolean): Promise<boolean> {
  const rows = await db
    .update(listings)
    .set({ status: sold ? 'sold' : 'active' })
    .where(and(eq(listings.id, id), eq(listings.status, sold ? 'active' : 'sold')))
    .returning({ id: listings.id });
  return rows.length > 0;
}

export async function listOwnListings(db: Db, userId: string, page: number, pageSize: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(withSeller)
      .from(listings)
      .innerJoin(userDirectory, eq(userDirectory.id, listings.userId))
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
      .innerJoin(userDirectory, eq(userDirectory.id, listings.userId))
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

/** Deletes the listing; returns the deleted row's owner and creation month, or null when it was gone. */
export async function deleteListingRow(db: Db, id: string) {
  const [row] = await db
    .delete(listings)
    .where(eq(listings.id, id))
    .returning({ userId: listings.userId, year: listings.createdYear, month: listings.createdMonth });
  return row ?? null;
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

/** Gives back the slot of a deleted listing to the month it was created in (never below zero). */
export async function releaseMonthlySlot(db: Db, key: { userId: string; year: number; month: number }) {
  await db
    .update(listingMonthlyUsage)
    .set({ created: sql`${listingMonthlyUsage.created} - 1` })
    .where(
      and(
        eq(listingMonthlyUsage.userId, key.userId),
        eq(listingMonthlyUsage.year, key.year),
        eq(listingMonthlyUsage.month, key.month),
        gt(listingMonthlyUsage.created, 0),
      ),
    );
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

/** Gives a user's non-expiring listings an expiry (their Premium ended); answers the ids changed. */
export async function setExpiryWhereNone(db: Db, userId: string, expiresAt: Date) {
  return db
    .update(listings)
    .set({ expiresAt })
    .where(and(eq(listings.userId, userId), isNull(listings.expiresAt)))
    .returning({ id: listings.id });
}

/** The listing's featuring as a paid featuring extends it, or undefined when the listing is gone. */
export async function findFeaturing(
  db: Db,
  id: string,
): Promise<Pick<ListingRow, 'id' | 'featuredUntil'> | undefined> {
  const [row] = await db
    .select({ id: listings.id, featuredUntil: listings.featuredUntil })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

/** Features the listing until the given time. */
export async function setFeaturedUntil(db: Db, id: string, featuredUntil: Date) {
  await db.update(listings).set({ isFeatured: true, featuredUntil }).where(eq(listings.id, id));
}

export async function endFeaturing(db: Db, now: Date) {
  return db
    .update(listings)
    .set({ isFeatured: false, featuredUntil: null })
    .where(and(eq(listings.isFeatured, true), lte(listings.featuredUntil, now)))
    .returning({ id: listings.id });
}

/** How many listings wait in one approval state (the admin dashboard count). */
export async function countByApproval(db: Db, status: ListingRow['approvalStatus']): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.approvalStatus, status));
  return row?.n ?? 0;
}

/**
 * Listings whose location was never tried by the geocoder (rows older than geocoding), oldest first:
 * read in the order of the partial index listings_ungeocoded_idx, so a batch costs no table scan.
 */
export async function listUngeocoded(db: Db, limit: number): Promise<{ id: string; location: string }[]> {
  return db
    .select({ id: listings.id, location: listings.location })
    .from(listings)
    .where(isNull(listings.geocodedAt))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .limit(limit);
}

export type GeocodedLocation = {
  location: string;
  latitude: number | null;
  longitude: number | null;
  geocodedPlace: string | null;
};

/**
 * Writes a batch's geocoding in one statement: each listing of `ids` takes the place of its location
 * (null coordinates mark a location tried and not found). A row geocoded meanwhile (an edit changed
 * its location) is left as it is. Returns how many rows were written.
 */
export async function setGeocoding(
  db: Db,
  ids: string[],
  places: GeocodedLocation[],
  geocodedAt: Date,
): Promise<number> {
  if (ids.length === 0 || places.length === 0) return 0;
  const values = sql.join(
    places.map(
      (p) =>
        sql`(${p.location}, ${p.latitude}::double precision, ${p.longitude}::double precision, ${p.geocodedPlace}::text)`,
    ),
    sql`, `,
  );
  const written = await db
    .update(listings)
    .set({
      latitude: sql`v.latitude`,
      longitude: sql`v.longitude`,
      geocodedPlace: sql`v.place`,
      geocodedAt,
    })
    .from(sql`(values ${values}) as v(location, latitude, longitude, place)`)
    .where(
      and(inArray(listings.id, ids), sql`${listings.location} = v.location`, isNull(listings.geocodedAt)),
    )
    .returning({ id: listings.id });
  return written.length;
}
