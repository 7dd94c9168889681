import { toast } from '@/components/ui/toast';

/**
 * Shows one of the spec's "Title: text" messages ("Search Error: Failed to search posts...") as a
 * toast with that title and description; a message without a title becomes the title.
 */
export function toastError(message: string, options: { id?: string } = {}) {
  const split = message.indexOf(': ');
  if (split > 0) toast.error(message.slice(0, split), { ...options, description: message.slice(split + 2) });
  else toast.error(message, options);
}
