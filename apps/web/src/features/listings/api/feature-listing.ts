import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function featureListing(id: string) {
  return api.post<{ url: string }>(`/api/listings/${encodeURIComponent(id)}/feature`, {});
}

/** POST /api/listings/:id/feature: the checkout page for a 7-day featured placement. */
export const useFeatureListing = () => useMutation({ mutationFn: featureListing });
