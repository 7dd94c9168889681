import { ListingSchema } from '@app/shared/listings/listings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

const FeaturedListingsSchema = z.object({ items: z.array(ListingSchema) });

export async function getFeaturedListings(signal?: AbortSignal) {
  return FeaturedListingsSchema.parse(await api.get('/api/listings/featured', { signal })).items;
}

export const getFeaturedListingsQueryOptions = () =>
  queryOptions({ queryKey: listingKeys.featured(), queryFn: ({ signal }) => getFeaturedListings(signal) });

/** GET /api/listings/featured: the landing page's 6 (featured first, then newest). */
export const useFeaturedListings = () => useQuery(getFeaturedListingsQueryOptions());
