import type { Db } from '../../db/client.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { requestGeocodeBacklog, scheduleListingsJobs } from './listings.job.ts';
import { listingsRoutes } from './listings.routes.ts';
import { createListingsService, type ListingsDeps, type ListingsService } from './listings.service.ts';

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /** After the commit: a listing was created, changed, deleted, approved or rejected. */
    'listing.changed': { listingId: string };
  }
}

/** Listings: the marketplace, one's own listings, moderation, featuring and photos. */
export function registerListings(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    billing: BillingService;
    payments: PaymentsService;
    ledger: LedgerService;
    settings: SettingsService;
    notifications: NotificationsService;
    /** Resolves a location offline to coordinates for matching (the market module's geocoder). */
    geocode: (location: string) => { latitude: number; longitude: number; place: string } | null;
    /** The quantity deals hold on each listing (the deals module's read; deals builds on listings). */
    heldQuantities(db: Db, listingIds: string[]): Promise<Map<string, number>>;
    /** The same as SQL over a listing's id, for the marketplace search's page query. */
    heldQuantitySql?: ListingsDeps['heldQuantitySql'];
    /** The sellers' compact reputations (the reviews module's reads). */
    sellerReputations?: ListingsDeps['sellerReputations'];
    sellerReputationSql?: ListingsDeps['sellerReputationSql'];
    parseSellerReputation?: ListingsDeps['parseSellerReputation'];
    /** The sellers a viewer blocked (the trust module's relations): hidden from the viewer. */
    hiddenSellersOf?: ListingsDeps['hiddenSellersOf'];
    /** The moderation hold's reads (the market's price index, the deals' completed count). */
    priceIndexOf?: ListingsDeps['priceIndexOf'];
    completedDealCount?: ListingsDeps['completedDealCount'];
  },
): ListingsService {
  const { access, ...services } = deps;
  const listings = createListingsService({
    ...services,
    db: ctx.db,
    clock: ctx.clock,
    storage: ctx.storage,
    isAdmin: access.isAdmin,
    appUrl: ctx.env.appUrl,
    audit: access.audit.record,
    onListingChanged: (listingId) => ctx.events.emit('listing.changed', { listingId }),
    logger: ctx.logger,
  });
  ctx.onStart(() => scheduleListingsJobs(ctx.jobs, listings));
  // Listings never geocoded (older than geocoding, or loaded in bulk) are geocoded in the background,
  // only once the server answers requests.
  ctx.onListen(() => requestGeocodeBacklog(ctx.jobs));
  ctx.routes(
    listingsRoutes(listings, access, { uploadRateLimitPerMinute: ctx.env.uploadRateLimitPerMinute }),
  );
  return listings;
}
