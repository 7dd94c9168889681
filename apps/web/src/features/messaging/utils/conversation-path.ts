import { paths } from '@/config/paths';

/** /messages with the conversation selected (the address the toast, the dialog and the digest open). */
export const conversationPath = (conversationId: string) =>
  `${paths.messages}?conversation=${encodeURIComponent(conversationId)}`;
