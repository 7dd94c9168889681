import type { RedirectUrl } from '@app/shared/billing/billing.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function createPortal(): Promise<RedirectUrl> {
  return api.post<RedirectUrl>('/api/billing/portal', {});
}

/** POST /api/billing/portal: the payment provider's customer portal (cancel, resume, update card). */
export const useCreatePortal = () => useMutation({ mutationFn: createPortal });
