import { useQuery } from '@tanstack/react-query';
import { getPricingQueryOptions } from '@/lib/pricing';

/** The platform's default commission until the settings answer (document 001: 3%). */
export const DEFAULT_COMMISSION_RATE_BPS = 300;

/**
 * The commission rate a new deal gets, from GET /api/settings/pricing (the same query, and cache, as
 * every other price on the site).
 */
export function useCommissionRateBps() {
  const pricing = useQuery(getPricingQueryOptions());
  return {
    rateBps: pricing.data?.commissionRateBps ?? DEFAULT_COMMISSION_RATE_BPS,
    isPending: pricing.isPending,
  };
}
