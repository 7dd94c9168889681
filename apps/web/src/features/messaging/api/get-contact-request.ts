import type { ContactRequest } from '@app/shared/messaging/messaging.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

const POLL_INTERVAL_MS = 1_000;

export async function getContactRequest(id: string, signal?: AbortSignal): Promise<ContactRequest> {
  return api.get<ContactRequest>(`/api/contact-requests/${encodeURIComponent(id)}`, { signal });
}

/**
 * GET /api/contact-requests/:id: after the contact-fee checkout, polled every second while the
 * payment's webhook has not yet opened the conversation (or refunded the fee).
 */
export const useContactRequest = (id: string | null) =>
  useQuery({
    queryKey: messagingKeys.contactRequest(id ?? ''),
    queryFn: ({ signal }) => getContactRequest(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_INTERVAL_MS : false),
  });
