import type { ContactBody, ContactReceipt } from '@app/shared/content/contact.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function sendContactMessage(body: ContactBody): Promise<ContactReceipt> {
  return api.post<ContactReceipt>('/api/contact', body);
}

/** POST /api/contact: stores the message and emails it to the support team. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
