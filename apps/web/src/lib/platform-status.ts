import { PRODUCT_NAME } from '@app/shared/catalog/catalog';
import type { PlatformStatus } from '@app/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from './api-client';

/**
 * The platform switches of /admin/system as every page sees them. It lives in lib, not in a feature,
 * because the layout, the brand, the sign-up dialog and the listing form all read it.
 */
export const PLATFORM_STATUS_QUERY_KEY = ['settings', 'platform'] as const;

/** Answers of these codes mean the platform switches changed under us: re-read them at once. */
export const PLATFORM_SWITCH_ERROR_CODES: ReadonlySet<string> = new Set([
  'MAINTENANCE',
  'REGISTRATIONS_CLOSED',
  'NEW_LISTINGS_CLOSED',
]);

export async function getPlatformStatus(signal?: AbortSignal): Promise<PlatformStatus> {
  return api.get<PlatformStatus>('/api/settings/platform', { signal });
}

export const platformStatusQueryOptions = () =>
  queryOptions({
    queryKey: PLATFORM_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => getPlatformStatus(signal),
    initialData: preloadedData<PlatformStatus>('/api/settings/platform'),
    // An admin's change reaches open tabs within 30 s, or at once on returning to the tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** GET /api/settings/platform: maintenance mode, registrations, new listings, the platform name. */
export const usePlatformStatus = () => useQuery(platformStatusQueryOptions());

/** The platform name setting; the product name until the status has loaded (or when it cannot). */
export function usePlatformName(): string {
  return usePlatformStatus().data?.name ?? PRODUCT_NAME;
}
