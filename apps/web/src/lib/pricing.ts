import type { Pricing } from '@app/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';

export async function getPricing(signal?: AbortSignal): Promise<Pricing> {
  return api.get<Pricing>('/api/settings/pricing', { signal });
}

/** Plans and fees change only when an admin edits the settings: keep them for a few minutes. */
export const getPricingQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'pricing'] as const,
    queryFn: ({ signal }) => getPricing(signal),
    initialData: preloadedData<Pricing>('/api/settings/pricing'),
    staleTime: 5 * 60_000,
  });

/** GET /api/settings/pricing: every price and fee the web app shows comes from here. */
export const usePricing = () => useQuery(getPricingQueryOptions());
