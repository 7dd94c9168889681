import type { RedirectUrl } from '@app/shared/billing/billing.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function createCheckout(): Promise<RedirectUrl> {
  return api.post<RedirectUrl>('/api/billing/checkout', {});
}

/** POST /api/billing/checkout: the payment provider's checkout page for Premium. */
export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
