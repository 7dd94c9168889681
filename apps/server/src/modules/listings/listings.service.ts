import { createHash, randomUUID } from 'node:crypto';
import { mergeFieldChanges } from '@app/shared/admin/field-changes';
import { firstOfNextMonthUtc } from '@app/shared/billing/entitlements';
import {
  type AdminListing,
  type AdminListingPage,
  type CreateListingBody,
  type CreateListingResult,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type Listing,
  type ListingImage,
  type ListingPage,
  type ListingSort,
  type ListingUnit,
  type ListingUsage,
  type ListListingsQuery,
  monthlyLimitMessage,
  type OwnListing,
  type OwnListingPage,
  quantityText,
  remainingQuantityOf,
  stripMarkup,
  UPLOAD_MESSAGES,
  type UpdateListingBody,
} from '@app/shared/listings/listings.schemas';
import { gradeById } from '@app/shared/market/grades';
import { pricePerTonneCents, toTonnes } from '@app/shared/market/units';
import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { BillingService } from '../billing/index.ts';
import { LEDGER_ACCOUNTS, type LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { listingRejectedEmail } from './listings.emails.ts';
import { type PaymentsService, revenueBooks } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { processListingImage, readImageHeader } from './listing-images.ts';
import { materialChanges } from './listing-review.ts';
import {
  countByApproval,
  deleteImagesOf,
  deleteListingRow,
  deleteUnattachedImages,
  endFeaturing,
  expireListings,
  findImages,
  findListing,
  imagesFor,
  insertImage,
  insertListing,
  isValidSortValue,
  type ListingCursorPosition,
  type ListingFilters,
  type ListingImageRow,
  type ListingWithSeller,
  listByApproval,
  listFeatured,
  listOwnListings,
  listUngeocoded,
  listVisibleForSitemap,
  lockListing,
  monthlyUsage,
  recordView,
  releaseMonthlySlot,
  replaceListingImages,
  searchListings,
  searchListingsAfter,
  setExpiryWhereNone,
  setSoldStatus,
  takeMonthlySlot,
  updateListing,
} from './listings.repository.ts';
import { listings } from './listings.table.ts';

const ADMIN_PAGE_SIZE = 20;
const UPLOAD_RETENTION_MS = 86_400_000;
const IMAGES_NOT_FOUND = 'Some images could not be found. Please upload them again.';
const ALREADY_FEATURED = 'This listing is already featured.';
const NOT_FOUND = 'Listing not found';
const mediaUrl = (key: string) => `/media/${key}`;

export type ListingsService = ReturnType<typeof createListingsService>;

/** Listings: the marketplace, creating and managing one's listings, moderation, featuring and photos. */
export function createListingsService(deps: {
  /** The admin audit log. */
  audit?: AuditRecorder;
  db: Db;
  clock: Clock;
  storage: Storage;
  billing: BillingService;
  payments: PaymentsService;
  /** Where this module books its sales (the payment purpose's revenue account). */
  ledger: Pick<LedgerService, 'postTransaction'>;
  settings: SettingsService;
  notifications: NotificationsService;
  isAdmin(userId: string): Promise<boolean>;
  appUrl: string;
  /**
   * Called after the commit whenever a listing is created, changed, deleted, approved or rejected
   * (matching and the price index recompute); a failure is logged, never the caller's error.
   */
  onListingChanged?: (listingId: string) => Promise<void>;
  /** Resolves a location offline to coordinates for matching (market/geocoder.ts); absent: not geocoded. */
  geocode?: (location: string) => { latitude: number; longitude: number; place: string } | null;
  /**
   * The quantity deals hold on each listing (the deals module's query, injected in app.ts): what a
   * listing has left is its quantity less this.
   */
  heldQuantities(db: Db, listingIds: string[]): Promise<Map<string, number>>;
  logger?: { error(obj: unknown, msg?: string): void };
}) {
  const audit = deps.audit ?? noAudit;
  const { db, clock, storage, billing, payments, settings, notifications } = deps;

  /** The geocoding columns for a location; geocodedAt marks it tried, found or not. */
  function geocoded(location: string) {
    const place = deps.geocode?.(location) ?? null;
    return {
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.place ?? null,
      geocodedAt: deps.geocode ? clock.now() : null,
    };
  }

  async function listingChanged(listingId: string): Promise<void> {
    if (!deps.onListingChanged) return;
    try {
      await deps.onListingChanged(listingId);
    } catch (err) {
      deps.logger?.error({ err, listingId }, 'onListingChanged hook failed');
    }
  }

  // Premium ended (refund, cancellation, failed renewal): the listings it kept from expiring now
  // follow the free plan, in the transaction that records the end. They stay public until then.
  billing.onPremiumEnded(async ({ userId, freeListingExpiry }, tx) => {
    await setExpiryWhereNone(tx, userId, freeListingExpiry);
  });

  // A paid featuring: runs once, inside the transaction that books the payment.
  payments.registerPurposeHandler('featured_listing', {
    books: revenueBooks(deps.ledger, LEDGER_ACCOUNTS.revenueFeaturedListings),
    async onSucceeded(payment, tx) {
      const [row] = await tx.select().from(listings).where(eq(listings.id, payment.targetId));
      if (!row) return;
      const days = Number(payment.metadata.featuredDays ?? '7');
      const now = clock.now();
      const from = row.featuredUntil && row.featuredUntil > now ? row.featuredUntil : now;
      await tx
        .update(listings)
        .set({ isFeatured: true, featuredUntil: new Date(from.getTime() + days * 86_400_000) })
        .where(eq(listings.id, row.id));
    },
  });

  async function toViews(rows: ListingWithSeller[]): Promise<OwnListing[]> {
    const ids = rows.map((r) => r.id);
    const [images, held] = await Promise.all([imagesFor(db, ids), deps.heldQuantities(db, ids)]);
    return rows.map((r) =>
      toOwnView(
        r,
        images.filter((i) => i.listingId === r.id),
        held.get(r.id) ?? 0,
      ),
    );
  }

  // --- what deals leave of a listing ---

  /**
   * Locks the listing's row inside a deal's transaction and answers what it has left, so deals that
   * take quantity (Buy Now, an offer agreed) are counted one at a time; null when it does not exist.
   */
  async function lockRemainingQuantity(
    tx: Db,
    listingId: string,
  ): Promise<{ remainingQuantity: number; unit: ListingUnit } | null> {
    const locked = await lockHeldQuantity(tx, listingId);
    return (
      locked && { remainingQuantity: remainingQuantityOf(locked.quantity, locked.held), unit: locked.unit }
    );
  }

  async function lockHeldQuantity(tx: Db, listingId: string) {
    const row = await lockListing(tx, listingId);
    if (!row) return null;
    const held = (await deps.heldQuantities(tx, [listingId])).get(listingId) ?? 0;
    return { quantity: Number(row.quantity), unit: row.unit, held };
  }

  /**
   * After deals took or gave back quantity (in their transaction, the row locked): a listing with
   * nothing left is sold and leaves the marketplace; one with quantity again is back on sale.
   */
  async function syncSoldStatus(tx: Db, listingId: string): Promise<void> {
    const locked = await lockRemainingQuantity(tx, listingId);
    if (locked) await setSoldStatus(tx, listingId, locked.remainingQuantity <= 0);
  }

  async function search(query: ListListingsQuery): Promise<ListingPage> {
    const preModeration = await settings.get('listings.pre_moderation');
    const { rows, total, totalExact } = await searchListings(db, query, { preModeration });
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
  ): Promise<{ items: Listing[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor, query.sort);
    const preModeration = await settings.get('listings.pre_moderation');
    const { rows, hasMore } = await searchListingsAfter(db, query, { preModeration, after });
    const last = rows.at(-1);
    return {
      items: (await toViews(rows)).map(toPublic),
      nextCursor: hasMore && last ? encodeCursor(query.sort, { value: last.sortValue, id: last.id }) : null,
    };
  }

  async function featured(): Promise<{ items: Listing[] }> {
    const preModeration = await settings.get('listings.pre_moderation');
    const rows = await listFeatured(db, clock.now(), LISTING_LIMITS.landingCount, preModeration);
    return { items: (await toViews(rows)).map(toPublic) };
  }

  /** Whether visitors may open the listing's page: on sale, or sold (its page says so). */
  function isVisible(row: ListingWithSeller, preModeration: boolean): boolean {
    if (row.status === 'expired') return false;
    return preModeration ? row.approvalStatus === 'approved' : row.approvalStatus !== 'rejected';
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
      viewer.userId !== null && (viewer.userId === row.userId || (await deps.isAdmin(viewer.userId)));
    if (!privileged && !isVisible(row, await settings.get('listings.pre_moderation')))
      throw new AppError('NOT_FOUND', NOT_FOUND);
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
    if (!row || !isVisible(row, await settings.get('listings.pre_moderation'))) return null;
    const [view] = await toViews([row]);
    return toPublic(view);
  }

  /** Ids and change dates of the listings visitors may see, for the sitemap. */
  async function listForSitemap(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return listVisibleForSitemap(db, await settings.get('listings.pre_moderation'), limit);
  }

  function monthKey(userId: string, now: Date) {
    return { userId, year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  }

  async function usage(userId: string): Promise<ListingUsage> {
    const now = clock.now();
    const [entitlements, used] = await Promise.all([
      billing.getEntitlements(userId),
      monthlyUsage(db, monthKey(userId, now)),
    ]);
    const limit = entitlements.listingLimitPerMonth;
    return {
      plan: entitlements.plan,
      usedThisMonth: used,
      limit,
      canCreate: limit === null || used < limit,
      resetsAt: firstOfNextMonthUtc(now).toISOString(),
    };
  }

  /** Checks that every id is the user's own upload, free or already on `listingId`; keeps the order. */
  async function claimableImages(
    tx: Db,
    userId: string,
    ids: string[],
    listingId: string | null,
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length > LISTING_LIMITS.maxImages)
      throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.tooManyImages);
    const found = await findImages(tx, unique);
    const ok = found.filter(
      (img) => img.userId === userId && (img.listingId === null || img.listingId === listingId),
    );
    if (ok.length !== unique.length) throw new AppError('VALIDATION_FAILED', IMAGES_NOT_FOUND);
    return unique;
  }

  /** Refused for everyone, administrators too, while new listings are switched off; edits still work. */
  async function createListing(user: SessionUser, body: CreateListingBody): Promise<CreateListingResult> {
    if (!(await settings.get('platform.new_listings_open')))
      throw new AppError('NEW_LISTINGS_CLOSED', PLATFORM_MESSAGES.newListingsClosed);
    const now = clock.now();
    const entitlements = await billing.getEntitlements(user.id);
    const limit = entitlements.listingLimitPerMonth;
    const key = monthKey(user.id, now);
    const id = randomUUID();
    const values = sanitised(body);
    await db.transaction(async (tx) => {
      const taken = await takeMonthlySlot(tx, key, limit);
      if (taken === null) {
        const used = await monthlyUsage(tx, key);
        throw new AppError('LISTING_LIMIT_REACHED', monthlyLimitMessage(used, limit ?? used));
      }
      await insertListing(tx, {
        id,
        userId: user.id,
        ...values,
        ...tradeTerms(body, null),
        ...perTonne(values.quantity, values.unit, values.priceCents),
        ...geocoded(values.location),
        matchRadiusKm: values.type === 'buy' ? (body.matchRadiusKm ?? null) : null,
        status: 'active',
        approvalStatus: 'pending',
        createdAt: now,
        updatedAt: now,
        expiresAt: entitlements.listingExpiry(now),
        createdMonth: key.month,
        createdYear: key.year,
      });
      const imageIds = await claimableImages(tx, user.id, body.imageIds, null);
      await replaceListingImages(tx, id, imageIds);
    });
    let featuredCheckoutUrl: string | null = null;
    if (body.wantsFeatured) {
      // The listing exists either way; a provider failure leaves "Feature" on the manage screen.
      featuredCheckoutUrl = await startFeaturedCheckout(user, id).catch(() => null);
    }
    await listingChanged(id);
    return { listing: await getOwn(id), featuredCheckoutUrl };
  }

  async function getOwn(id: string): Promise<OwnListing> {
    const row = await findListing(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return (await toViews([row]))[0];
  }

  async function ownedOr404(userId: string, id: string, message: string): Promise<ListingWithSeller> {
    const row = await findListing(db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', message);
    return row;
  }

  /**
   * Edits one's own listing. Someone else's listing is a 404 like an unknown one (the web app does not
   * reveal it), unless `notOwnedMessage` is given: then it is a 403 with that message (the public API).
   * A material edit (listing-review.ts) of an approved listing sends it back to pending with what
   * changed: hidden until approved under pre-moderation, visible and in the review queue under
   * post-moderation. A pending listing collects the changes; a rejected one stays rejected.
   */
  async function updateOwnListing(
    user: SessionUser,
    id: string,
    body: UpdateListingBody,
    opts: { notOwnedMessage?: string } = {},
  ): Promise<OwnListing> {
    if (opts.notOwnedMessage) {
      const row = await findListing(db, id);
      if (row && row.userId !== user.id) throw new AppError('FORBIDDEN', opts.notOwnedMessage);
    }
    const current = await ownedOr404(user.id, id, LISTING_MESSAGES.notFoundOrNotYours);
    const values: Partial<ReturnType<typeof sanitised>> = sanitised(body);
    const merged = {
      quantity: values.quantity ?? Number(current.quantity),
      unit: values.unit ?? current.unit,
      priceCents: values.priceCents ?? current.priceCents,
    };
    let dropped: ListingImageRow[] = [];
    await db.transaction(async (tx) => {
      // Deals keep what they hold: the quantity may not drop below it, and sold follows the new figure.
      if (values.quantity !== undefined) {
        const held = (await lockHeldQuantity(tx, id))?.held ?? 0;
        if (values.quantity < held)
          throw new AppError(
            'LISTING_QUANTITY_UNAVAILABLE',
            `Deals hold ${quantityText(held, current.unit)} of this listing: the quantity cannot be less.`,
            { heldQuantity: held },
            { expose: true },
          );
      }
      const changes = materialChanges(
        {
          ...current,
          imageIds: (await imagesFor(tx, [id])).sort((a, b) => a.position - b.position).map((i) => i.id),
        },
        { ...values, imageIds: body.imageIds },
      );
      // Changes are recorded against a reviewed version: approved, or pending again after an edit.
      const reviewed =
        current.approvalStatus === 'approved' ||
        (current.approvalStatus === 'pending' && current.reviewChanges !== null);
      const review =
        changes.length > 0 && reviewed
          ? {
              approvalStatus: 'pending' as const,
              reviewChanges: mergeFieldChanges(current.reviewChanges, changes),
            }
          : {};
      await updateListing(tx, id, {
        ...review,
        ...values,
        ...tradeTerms(body, current),
        ...perTonne(merged.quantity, merged.unit, merged.priceCents),
        ...(values.location !== undefined &&
          values.location !== current.location &&
          geocoded(values.location)),
        ...((values.type ?? current.type) === 'sell'
          ? { matchRadiusKm: null }
          : body.matchRadiusKm !== undefined && { matchRadiusKm: body.matchRadiusKm }),
        updatedAt: clock.now(),
      });
      if (body.imageIds) {
        const imageIds = await claimableImages(tx, user.id, body.imageIds, id);
        dropped = await replaceListingImages(tx, id, imageIds);
      }
      if (values.quantity !== undefined) await syncSoldStatus(tx, id);
    });
    await removeFiles(dropped);
    await listingChanged(id);
    return getOwn(id);
  }

  async function deleteOwnListing(user: SessionUser, id: string): Promise<void> {
    await ownedOr404(user.id, id, LISTING_MESSAGES.notFoundOrNotYoursDelete);
    let images: ListingImageRow[] = [];
    await db.transaction(async (tx) => {
      images = await deleteImagesOf(tx, id);
      const deleted = await deleteListingRow(tx, id);
      // The limit counts the listings created this month that still exist: deleting frees the slot.
      if (deleted) await releaseMonthlySlot(tx, deleted);
    });
    await removeFiles(images);
    await listingChanged(id);
  }

  async function removeFiles(images: ListingImageRow[]) {
    await Promise.all(
      images.flatMap((img) => [storage.delete(img.displayKey), storage.delete(img.thumbnailKey)]),
    ).catch(() => {});
  }

  async function listOwn(userId: string, page: number): Promise<OwnListingPage> {
    const pageSize = LISTING_LIMITS.manageListingsPageSize;
    const { rows, total } = await listOwnListings(db, userId, page, pageSize);
    return { items: await toViews(rows), total, page, pageSize };
  }

  async function startFeaturedCheckout(user: SessionUser, listingId: string): Promise<string> {
    const [cents, days] = await Promise.all([
      settings.get('fees.featured_listing_cents'),
      settings.get('fees.featured_listing_days'),
    ]);
    const { url } = await payments.startCheckout({
      user,
      purpose: 'featured_listing',
      targetType: 'listing',
      targetId: listingId,
      amountCents: cents,
      description: `Featured listing (${days} days)`,
      metadata: { featuredDays: String(days) },
      successPath: `/listings/manage?featured=success&listing=${listingId}`,
      cancelPath: `/listings/manage?featured=canceled&listing=${listingId}`,
    });
    return url;
  }

  async function featureListing(user: SessionUser, id: string): Promise<{ url: string }> {
    const row = await ownedOr404(user.id, id, LISTING_MESSAGES.notFoundOrNotYours);
    if (row.isFeatured && (!row.featuredUntil || row.featuredUntil > clock.now()))
      throw new AppError('CONFLICT', ALREADY_FEATURED);
    return { url: await startFeaturedCheckout(user, id) };
  }

  async function uploadImage(userId: string, bytes: Buffer): Promise<ListingImage> {
    if (bytes.length > LISTING_LIMITS.maxImageBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', LISTING_MESSAGES.fileTooLarge);
    const header = await readImageHeader(bytes);
    if (!header) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
    // Refused before decoding: a small file can declare enough pixels for seconds of CPU and gigabytes.
    if (header.pixels > LISTING_LIMITS.maxImagePixels)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
    let processed: Awaited<ReturnType<typeof processListingImage>>;
    try {
      processed = await processListingImage(bytes);
    } catch {
      throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
    }
    const id = randomUUID();
    const displayKey = `listings/${userId}/${id}.webp`;
    const thumbnailKey = `listings/${userId}/${id}_thumb.webp`;
    await storage.put(displayKey, processed.display, 'image/webp');
    await storage.put(thumbnailKey, processed.thumbnail, 'image/webp');
    const row = await insertImage(db, {
      id,
      userId,
      displayKey,
      thumbnailKey,
      width: processed.width,
      height: processed.height,
      createdAt: clock.now(),
    });
    return toImageView(row);
  }

  async function adminList(
    status: AdminListing['approvalStatus'] | undefined,
    page: number,
  ): Promise<AdminListingPage> {
    const { rows, total } = await listByApproval(db, status, page, ADMIN_PAGE_SIZE);
    const views = await toViews(rows);
    return {
      items: views.map((v, i) => ({
        ...v,
        ownerEmail: rows[i].ownerEmail,
        reviewedByAdminEmail: rows[i].reviewedByAdminEmail,
        reviewChanges: rows[i].reviewChanges ?? [],
      })),
      total,
      page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }

  async function approve(admin: SessionUser, id: string, notes?: string): Promise<OwnListing> {
    if (!(await findListing(db, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    await db.transaction(async (tx) => {
      await updateListing(tx, id, {
        approvalStatus: 'approved',
        reviewChanges: null,
        adminNotes: notes || null,
        reviewedByAdminEmail: admin.email,
        reviewedAt: clock.now(),
      });
      await audit(
        {
          actor: admin,
          action: 'listing.approve',
          targetType: 'listing',
          targetId: id,
          details: notes ? { notes } : {},
        },
        tx,
      );
    });
    await listingChanged(id);
    return getOwn(id);
  }

  async function reject(admin: SessionUser, id: string, reason: string): Promise<OwnListing> {
    const row = await findListing(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await db.transaction(async (tx) => {
      await updateListing(tx, id, {
        approvalStatus: 'rejected',
        reviewChanges: null,
        adminNotes: reason,
        reviewedByAdminEmail: admin.email,
        reviewedAt: clock.now(),
      });
      await audit(
        { actor: admin, action: 'listing.reject', targetType: 'listing', targetId: id, details: { reason } },
        tx,
      );
      // In the transaction: the seller hears of the rejection exactly when it is committed.
      await notifications.queueEmail(
        {
          to: row.ownerEmail,
          kind: 'listing-rejected',
          meta: { listingId: id },
          render: (brand) =>
            listingRejectedEmail(brand, row.sellerName, row.title, reason, `${deps.appUrl}/listings/manage`),
        },
        { tx },
      );
    });
    await listingChanged(id);
    return getOwn(id);
  }

  /** The scheduled sweep: free listings expire, paid featuring ends. Idempotent, safe to run anytime. */
  async function runExpiry(): Promise<{ expired: number; unfeatured: number }> {
    const now = clock.now();
    const [expired, unfeatured] = [await expireListings(db, now), await endFeaturing(db, now)];
    return { expired: expired.length, unfeatured: unfeatured.length };
  }

  async function purgeUnattachedUploads(): Promise<number> {
    const removed = await deleteUnattachedImages(db, new Date(clock.now().getTime() - UPLOAD_RETENTION_MS));
    await removeFiles(removed);
    return removed.length;
  }

  /** Listings waiting for an administrator's review (the admin dashboard count). */
  async function countPendingReview(): Promise<number> {
    return countByApproval(db, 'pending');
  }

  /**
   * Geocodes up to `limit` listings never geocoded (those created before geocoding existed) and
   * returns their ids, so matching can be computed for them; without a geocoder it does nothing.
   */
  async function geocodeMissing(limit: number): Promise<string[]> {
    if (!deps.geocode) return [];
    const rows = await listUngeocoded(db, limit);
    for (const row of rows) await updateListing(db, row.id, geocoded(row.location));
    return rows.map((r) => r.id);
  }

  return {
    search,
    searchByCursor,
    lockRemainingQuantity,
    syncSoldStatus,
    featured,
    getListing,
    findPublicListing,
    listForSitemap,
    usage,
    createListing,
    updateOwnListing,
    deleteOwnListing,
    listOwn,
    featureListing,
    uploadImage,
    adminList,
    countPendingReview,
    approve,
    reject,
    runExpiry,
    purgeUnattachedUploads,
    geocodeMissing,
    storage,
  };
}

/** The server never stores markup, whatever the caller validated: strip again and clamp amounts. */
function sanitised(body: UpdateListingBody) {
  const clamp = (n: number) => Math.round(Math.min(Math.max(n, 0), LISTING_LIMITS.maxAmount) * 100) / 100;
  return {
    ...(body.title !== undefined && { title: stripMarkup(body.title).slice(0, LISTING_LIMITS.titleMax) }),
    ...(body.description !== undefined && {
      description: stripMarkup(body.description).slice(0, LISTING_LIMITS.descriptionMax),
    }),
    ...(body.location !== undefined && {
      location: stripMarkup(body.location).slice(0, LISTING_LIMITS.locationMax),
    }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.category !== undefined && { category: body.category }),
    ...(body.unit !== undefined && { unit: body.unit }),
    ...(body.availability !== undefined && { availability: body.availability }),
    ...(body.price !== undefined && { priceCents: Math.round(clamp(body.price) * 100) }),
    ...(body.quantity !== undefined && { quantity: clamp(body.quantity) }),
  } as {
    title: string;
    description: string;
    location: string;
    type: CreateListingBody['type'];
    category: CreateListingBody['category'];
    unit: CreateListingBody['unit'];
    availability: CreateListingBody['availability'];
    priceCents: number;
    quantity: number;
  };
}

/**
 * The grade and trade terms to store. The grade must be one of the listing's category (the stored
 * category when an update leaves it); the named place goes with the Incoterm and is dropped without one.
 */
function tradeTerms(
  body: UpdateListingBody,
  current: Pick<ListingWithSeller, 'category' | 'grade' | 'incoterm' | 'incotermPlace'> | null,
) {
  const category = body.category ?? current?.category;
  const grade = body.grade !== undefined ? body.grade : (current?.grade ?? null);
  const gradeRow = gradeById(grade);
  if (grade && (!gradeRow || gradeRow.category !== category))
    throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.gradeNotInCategory);
  const incoterm = body.incoterm !== undefined ? body.incoterm : (current?.incoterm ?? null);
  const place =
    body.incotermPlace !== undefined ? stripMarkup(body.incotermPlace ?? '') : (current?.incotermPlace ?? '');
  if (incoterm && !place) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.incotermPlaceRequired);
  return {
    ...((body.grade !== undefined || body.category !== undefined) && { grade: gradeRow?.id ?? null }),
    ...((body.incoterm !== undefined || body.incotermPlace !== undefined) && {
      incoterm: incoterm ?? null,
      incotermPlace: incoterm ? place.slice(0, LISTING_LIMITS.incotermPlaceMax) : null,
    }),
    ...(body.packing !== undefined && { packing: body.packing }),
    ...(body.supplyFrequency !== undefined && { supplyFrequency: body.supplyFrequency }),
  };
}

const MAX_INTEGER = 2_147_483_647;

/**
 * The quantity in tonnes and the price in cents per tonne, null for pieces. A price per tonne past
 * the column's integer range (a fortune per pound) is left null: such a listing is not compared.
 */
function perTonne(quantity: number, unit: CreateListingBody['unit'], priceCents: number) {
  const tonnes = toTonnes(quantity, unit);
  const centsPerTonne = pricePerTonneCents(priceCents, unit);
  return {
    quantityTonnes: tonnes === null ? null : Math.round(tonnes * 10_000) / 10_000,
    pricePerTonneCents: centsPerTonne !== null && centsPerTonne <= MAX_INTEGER ? centsPerTonne : null,
  };
}

function toImageView(img: ListingImageRow): ListingImage {
  return {
    id: img.id,
    url: mediaUrl(img.displayKey),
    thumbnailUrl: mediaUrl(img.thumbnailKey),
    width: img.width,
    height: img.height,
  };
}

function toOwnView(r: ListingWithSeller, images: ListingImageRow[], held: number): OwnListing {
  const quantity = Number(r.quantity);
  return {
    id: r.id,
    userId: r.userId,
    type: r.type,
    title: r.title,
    description: r.description,
    category: r.category,
    quantity,
    remainingQuantity: remainingQuantityOf(quantity, held),
    unit: r.unit,
    priceCents: r.priceCents,
    totalCents: r.type === 'sell' ? Math.round(r.priceCents * quantity) : null,
    location: r.location,
    availability: r.availability,
    grade: (gradeById(r.grade)?.id ?? null) as OwnListing['grade'],
    incoterm: r.incoterm,
    incotermPlace: r.incotermPlace,
    packing: r.packing,
    supplyFrequency: r.supplyFrequency,
    quantityTonnes: r.quantityTonnes === null ? null : Number(r.quantityTonnes),
    pricePerTonneCents: r.pricePerTonneCents,
    matchRadiusKm: r.matchRadiusKm,
    geocodedPlace: r.geocodedPlace,
    images: images.map(toImageView),
    status: r.status,
    approvalStatus: r.approvalStatus,
    isFeatured: r.isFeatured,
    featuredUntil: r.featuredUntil?.toISOString() ?? null,
    views: r.views,
    inquiries: r.inquiries,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    seller: { id: r.userId, fullName: r.sellerName, company: r.sellerCompany },
    adminNotes: r.adminNotes,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  };
}

function toPublic(view: OwnListing): Listing {
  const { adminNotes: _n, reviewedAt: _r, ...rest } = view;
  return rest;
}

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
