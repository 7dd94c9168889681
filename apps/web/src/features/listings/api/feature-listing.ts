import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const CheckoutUrlSchema = z.object({ url: z.string() });

export async function featureListing(id: string) {
  return CheckoutUrlSchema.parse(await api.post(`/api/listings/${encodeURIComponent(id)}/feature`, {}));
}

/** POST /api/listings/:id/feature: the checkout page for a 7-day featured placement. */
export const useFeatureListing = () => useMutation({ mutationFn: featureListing });
