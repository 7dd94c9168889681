import { randomUUID } from 'node:crypto';
import { mergeFieldChanges } from '@app/shared/admin/field-changes';
import { firstOfNextMonthUtc } from '@app/shared/billing/entitlements';
import {
  type CreateListingBody,
  type CreateListingResult,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingUsage,
  monthlyLimitMessage,
  type OwnListing,
  type OwnListingPage,
  quantityText,
  type UpdateListingBody,
} from '@app/shared/listings/listings.schemas';
import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { ListingContext } from './listing-context.ts';
import type { ListingFeaturing } from './listing-featuring.ts';
import type { ListingHold } from './listing-hold.ts';
import type { ListingQuantities } from './listing-quantities.ts';
import { materialChanges } from './listing-review.ts';
import type { ListingUploads } from './listing-uploads.ts';
import { perTonne, sanitised, tradeTerms } from './listing-values.ts';
import type { ListingViews } from './listing-views.ts';
import {
  deleteImagesOf,
  deleteListingRow,
  findListing,
  imagesFor,
  insertListing,
  type ListingImageRow,
  listOwnListings,
  monthlyUsage,
  releaseMonthlySlot,
  replaceListingImages,
  takeMonthlySlot,
  updateListing,
} from './listings.repository.ts';

/**
 * A seller's own listings: creating one within the plan's monthly limit (and optionally starting
 * its featuring checkout), editing it (a material edit goes back to review), deleting it (which
 * frees its month's slot) and the manage page's list.
 */
export function createListingEditing(
  ctx: Pick<ListingContext, 'db' | 'clock' | 'settings' | 'billing' | 'geocoded' | 'listingChanged'>,
  parts: {
    views: Pick<ListingViews, 'toViews' | 'getOwn' | 'ownedOr404'>;
    uploads: Pick<ListingUploads, 'claimableImages' | 'removeFiles'>;
    quantities: Pick<ListingQuantities, 'lockHeldQuantity' | 'syncSoldStatus'>;
    featuring: Pick<ListingFeaturing, 'startFeaturedCheckout'>;
    hold: ListingHold;
  },
) {
  const { db, clock, settings, billing, geocoded, listingChanged } = ctx;
  const { toViews, getOwn, ownedOr404 } = parts.views;
  const { claimableImages, removeFiles } = parts.uploads;
  const { lockHeldQuantity, syncSoldStatus } = parts.quantities;
  const { startFeaturedCheckout } = parts.featuring;
  const { holdReasonFor } = parts.hold;

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
    const holdReason = await holdReasonFor(user.id, { ...values, grade: body.grade ?? null });
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
        holdReason,
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
    // A price, unit or grade change is judged again by the hold rule; it holds a reviewed listing anew.
    const repriced =
      values.priceCents !== undefined ||
      values.unit !== undefined ||
      body.grade !== undefined ||
      values.category !== undefined ||
      values.type !== undefined;
    const holdReason = repriced
      ? await holdReasonFor(user.id, {
          type: values.type ?? current.type,
          category: values.category ?? current.category,
          grade: body.grade !== undefined ? (body.grade ?? null) : current.grade,
          unit: merged.unit,
          priceCents: merged.priceCents,
        })
      : current.holdReason;
    const hold =
      holdReason === current.holdReason
        ? {}
        : holdReason
          ? { holdReason, approvalStatus: 'pending' as const }
          : { holdReason: null };
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
        ...(current.approvalStatus !== 'rejected' && hold),
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

  async function listOwn(userId: string, page: number): Promise<OwnListingPage> {
    const pageSize = LISTING_LIMITS.manageListingsPageSize;
    const { rows, total } = await listOwnListings(db, userId, page, pageSize);
    return { items: await toViews(rows), total, page, pageSize };
  }

  return { usage, createListing, updateOwnListing, deleteOwnListing, listOwn };
}
