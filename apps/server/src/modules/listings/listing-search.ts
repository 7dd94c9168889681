import { createHash } from 'node:crypto';
import {
  LISTING_LIMITS,
  type Listing,
  type ListingPage,
  type ListingSort,
  type ListListingsQuery,
  type OwnListing,
} from '@app/shared/listings/listings.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { AppError } from '../../lib/app-error.ts';
import { type ListingContext, NOT_FOUND } from './listing-context.ts';
import { isVisible, type ListingViews, toPublic } from './listing-views.ts';
import {
  findListing,
  isValidSortValue,
  type ListingCursorPosition,
  type ListingFilters,
  listFeatured,
  listVisibleForSitemap,
  type PreparableQuery,
  type PreparedSearchPages,
  recordView,
  searchFactsKey,
  searchListings,
  searchListingsAfter,
} from './listings.repository.ts';

/**
 * What visitors read: the marketplace search (by page, or by cursor for the public API), the
 * featured strip, the detail page (counting views) and the sitemap, under the moderation setting.
 */
export function createListingSearch(
  ctx: Pick<
    ListingContext,
    | 'db'
    | 'clock'
    | 'settings'
    | 'isAdmin'
    | 'heldQuantitySql'
    | 'sellerReputationSql'
    | 'searchFacts'
    | 'hiddenSellersOf'
  >,
  parts: { views: Pick<ListingViews, 'toViews'> },
) {
  const { db, clock, settings } = ctx;
  const { toViews } = parts.views;

  // Visitors' reads take the moderation switch from the settings' per-request cache (at most 2 s old).
  const preModerationNow = () => settings.getRecent('listings.pre_moderation');

  /**
   * The marketplace search. Its estimate and capped count are remembered per normalised query
   * (SEARCH_ESTIMATE_TTL_MS, SEARCH_COUNT_TTL_MS; counts dropped on every listing change here); the
   * page is always read.
   */
  // Statement names handed to the database, one per distinct page query text (its values are
  // parameters). PostgreSQL keeps a named statement per connection until it closes, so past
  // MAX_STATEMENTS new query forms run unprepared.
  const statementNames = new Set<string>();
  const preparedPages =
    (searchKey: string): PreparedSearchPages =>
    async <T>(pageKey: string, build: () => PreparableQuery<T>) => {
      const prepared = await ctx.searchFacts.pages.get(`${searchKey} ${pageKey}`, async () => {
        const query = build();
        const name = `search_${createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 24)}`;
        if (!statementNames.has(name) && statementNames.size >= MAX_STATEMENTS)
          return { execute: async () => query };
        statementNames.add(name);
        return query.prepare(name);
      });
      return (await prepared.execute()) as T[];
    };

  /**
   * The sellers a signed-in viewer blocked: their listings leave the viewer's search. Read from the
   * trust module's in-memory relations, so a viewer without blocks costs no statement.
   */
  async function hiddenSellersFor(viewerId: string | null | undefined): Promise<string[]> {
    if (!viewerId || !ctx.hiddenSellersOf) return [];
    return (await ctx.hiddenSellersOf(viewerId)).sort();
  }

  async function search(query: ListListingsQuery, viewerId?: string | null): Promise<ListingPage> {
    const [preModeration, hiddenSellers] = await Promise.all([
      preModerationNow(),
      hiddenSellersFor(viewerId),
    ]);
    // A viewer who blocked someone gets their own estimate and count, and an unprepared page query
    // (the kept statements serve everybody else); the exclusion is added only for them.
    const key =
      searchFactsKey(query, preModeration) +
      (hiddenSellers.length ? ` hiding ${hiddenSellers.join(',')}` : '');
    const { rows, total, totalExact } = await searchListings(db, query, {
      preModeration,
      heldQuantity: ctx.heldQuantitySql,
      sellerReputation: ctx.sellerReputationSql,
      hiddenSellers,
      facts: {
        estimate: (compute) => ctx.searchFacts.estimates.get(key, compute),
        count: (compute) => ctx.searchFacts.counts.get(key, compute),
      },
      prepared: hiddenSellers.length ? undefined : preparedPages(key),
    });
    return {
      items: (await toViews(rows)).map(toPublic),
      total,
      totalExact,
      page: query.page,
      pageSize: query.limit,
    };
  }

  /**
   * The marketplace search with an opaque cursor (the public API): `nextCursor` is base64url JSON of
   * the sort, the last row's sort key and its id; a cursor from another sort or a tampered one is a 400.
   */
  async function searchByCursor(
    query: ListingFilters & { sort: ListingSort; limit: number; cursor?: string },
    viewerId?: string | null,
  ): Promise<{ items: Listing[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor, query.sort);
    const [preModeration, hiddenSellers] = await Promise.all([
      preModerationNow(),
      hiddenSellersFor(viewerId),
    ]);
    const { rows, hasMore } = await searchListingsAfter(db, query, {
      preModeration,
      hiddenSellers,
      after,
      heldQuantity: ctx.heldQuantitySql,
      sellerReputation: ctx.sellerReputationSql,
    });
    const last = rows.at(-1);
    return {
      items: (await toViews(rows)).map(toPublic),
      nextCursor: hasMore && last ? encodeCursor(query.sort, { value: last.sortValue, id: last.id }) : null,
    };
  }

  async function featured(): Promise<{ items: Listing[] }> {
    const preModeration = await preModerationNow();
    const rows = await listFeatured(db, clock.now(), LISTING_LIMITS.landingCount, preModeration);
    return { items: (await toViews(rows)).map(toPublic) };
  }

  /**
   * The detail page. The owner and administrators see any state with the moderation notes; everyone
   * else only a visible listing. A view counts once per visitor per UTC day: the signed-in user, else the
   * client address alone (the User-Agent is the caller's to change, so it never makes a new visitor).
   */
  async function getListing(
    id: string,
    viewer: { userId: string | null; ip: string },
  ): Promise<Listing | OwnListing> {
    const row = await findListing(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const privileged =
      viewer.userId !== null && (viewer.userId === row.userId || (await ctx.isAdmin(viewer.userId)));
    if (!privileged && !isVisible(row, await preModerationNow())) throw new AppError('NOT_FOUND', NOT_FOUND);
    // The blocker no longer sees the blocked trader's listings; told so, since they know whom they blocked.
    if (viewer.userId && (await hiddenSellersFor(viewer.userId)).includes(row.userId))
      throw new AppError('FORBIDDEN', TRUST_MESSAGES.listingOfBlockedTrader);
    const visitor =
      viewer.userId ?? `anon:${createHash('sha256').update(viewer.ip).digest('hex').slice(0, 32)}`;
    if (
      viewer.userId !== row.userId &&
      (await recordView(db, id, visitor, clock.now().toISOString().slice(0, 10)))
    )
      row.views += 1;
    const [view] = await toViews([row]);
    return privileged ? view : toPublic(view);
  }

  /** A listing as any visitor sees it, or null; reads only (no view counted), for page metadata. */
  async function findPublicListing(id: string): Promise<Listing | null> {
    const row = await findListing(db, id);
    if (!row || !isVisible(row, await preModerationNow())) return null;
    const [view] = await toViews([row]);
    return toPublic(view);
  }

  /** Ids and change dates of the listings visitors may see, for the sitemap. */
  async function listForSitemap(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return listVisibleForSitemap(db, await preModerationNow(), limit);
  }

  return { search, searchByCursor, featured, getListing, findPublicListing, listForSitemap };
}

/** The most distinct search page queries prepared on the database's connections. */
const MAX_STATEMENTS = 200;

const INVALID_CURSOR = 'Invalid cursor. Pass nextCursor from the previous page with the same sort.';

function encodeCursor(sort: ListingSort, at: ListingCursorPosition): string {
  return Buffer.from(JSON.stringify([sort, at.value, at.id])).toString('base64url');
}

/** A cursor is client input: anything that is not exactly what encodeCursor made is refused. */
function decodeCursor(cursor: string, sort: ListingSort): ListingCursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', INVALID_CURSOR);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    parsed[2].length === 0 ||
    parsed[2].length > 100 ||
    !isValidSortValue(sort, parsed[1])
  )
    throw new AppError('VALIDATION_FAILED', INVALID_CURSOR);
  return { value: parsed[1], id: parsed[2] };
}
