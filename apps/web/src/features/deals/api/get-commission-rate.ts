import type { Pricing } from '@app/shared/settings/settings.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The platform's default commission until the settings answer (document 001: 3%). */
export const DEFAULT_COMMISSION_RATE_BPS = 300;

/**
 * The commission rate a new deal gets, from GET /api/settings/pricing (the same query, and cache, as
 * every other price on the site).
 */
export function useCommissionRateBps() {
  const pricing = useQuery({
    queryKey: ['settings', 'pricing'] as const,
    queryFn: async ({ signal }) => api.get<Pricing>('/api/settings/pricing', { signal }),
    staleTime: 5 * 60_000,
  });
  return {
    rateBps: pricing.data?.commissionRateBps ?? DEFAULT_COMMISSION_RATE_BPS,
    isPending: pricing.isPending,
  };
}
