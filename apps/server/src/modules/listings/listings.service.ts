import { createListingContext, type ListingsDeps } from './listing-context.ts';
import { createListingEditing } from './listing-editing.ts';
import { createListingFeaturing } from './listing-featuring.ts';
import { createListingHold } from './listing-hold.ts';
import { createListingModeration } from './listing-moderation.ts';
import { createListingQuantities } from './listing-quantities.ts';
import { createListingSearch } from './listing-search.ts';
import { createListingTimedWork } from './listing-timed-work.ts';
import { createListingUploads } from './listing-uploads.ts';
import { createListingViews } from './listing-views.ts';

export type { ListingsDeps } from './listing-context.ts';

export type ListingsService = ReturnType<typeof createListingsService>;

/**
 * Listings: the marketplace, creating and managing one's listings, moderation, featuring and photos,
 * composed of its parts: the API views (listing-views), what visitors read (listing-search), a
 * seller's own listings and the monthly limit (listing-editing), photos (listing-uploads), paid
 * featuring (listing-featuring), the review queue (listing-moderation), what deals hold of a listing
 * (listing-quantities) and the timed work (listing-timed-work). This file wires them.
 */
export function createListingsService(deps: ListingsDeps) {
  const ctx = createListingContext(deps);
  const timedWork = createListingTimedWork(ctx);
  const views = createListingViews(ctx);
  const featuring = createListingFeaturing(ctx, { views });
  const quantities = createListingQuantities(ctx);
  const uploads = createListingUploads(ctx);
  const search = createListingSearch(ctx, { views });
  const hold = createListingHold(ctx);
  const editing = createListingEditing(ctx, { views, uploads, quantities, featuring, hold });
  const moderation = createListingModeration(ctx, { views });

  return {
    search: search.search,
    searchByCursor: search.searchByCursor,
    lockRemainingQuantity: quantities.lockRemainingQuantity,
    syncSoldStatus: quantities.syncSoldStatus,
    featured: search.featured,
    getListing: search.getListing,
    findPublicListing: search.findPublicListing,
    listForSitemap: search.listForSitemap,
    usage: editing.usage,
    createListing: editing.createListing,
    updateOwnListing: editing.updateOwnListing,
    deleteOwnListing: editing.deleteOwnListing,
    listOwn: editing.listOwn,
    featureListing: featuring.featureListing,
    uploadImage: uploads.uploadImage,
    adminList: moderation.adminList,
    countPendingReview: moderation.countPendingReview,
    approve: moderation.approve,
    reject: moderation.reject,
    runExpiry: timedWork.runExpiry,
    purgeUnattachedUploads: uploads.purgeUnattachedUploads,
    geocodeBacklog: timedWork.geocodeBacklog,
    storage: ctx.storage,
  };
}
