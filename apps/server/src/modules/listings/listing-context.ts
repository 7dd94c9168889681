import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';

/** What the listings service is built from (the composition root, app.ts, passes it). */
export type ListingsDeps = {
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
};

/** The deps with their defaults filled in, plus the helpers every part shares. */
export type ListingContext = Omit<ListingsDeps, 'audit'> & {
  audit: AuditRecorder;
  /** The geocoding columns for a location; geocodedAt marks it tried, found or not. */
  geocoded(location: string): {
    latitude: number | null;
    longitude: number | null;
    geocodedPlace: string | null;
    geocodedAt: Date | null;
  };
  /** Runs the onListingChanged hook after a commit; its failure is logged, never thrown. */
  listingChanged(listingId: string): Promise<void>;
};

export function createListingContext(deps: ListingsDeps): ListingContext {
  function geocoded(location: string) {
    const place = deps.geocode?.(location) ?? null;
    return {
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.place ?? null,
      geocodedAt: deps.geocode ? deps.clock.now() : null,
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

  return { ...deps, audit: deps.audit ?? noAudit, geocoded, listingChanged };
}

export const NOT_FOUND = 'Listing not found';
