import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** The unread-message digest: one email listing each conversation with its count of unread messages. */
export function messageDigestEmail(
  brand: EmailBrand,
  name: string,
  conversations: Array<{ subject: string; fromName: string; count: number; url: string }>,
  messagesUrl: string,
  preferencesUrl: string,
): RenderedEmail {
  const total = conversations.reduce((n, c) => n + c.count, 0);
  const plural = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`);
  return {
    subject: `You have ${plural(total)} on ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, you have ${plural(total)}`,
      intro:
        conversations.length === 1
          ? 'A trader is waiting for your answer:'
          : `Traders are waiting for your answer in ${conversations.length} conversations:`,
      items: conversations.map((c) => ({
        label: `${c.subject} (${plural(c.count)} from ${c.fromName})`,
        url: c.url,
      })),
      actionLabel: 'Open Messages',
      actionUrl: conversations.length === 1 ? conversations[0].url : messagesUrl,
      outro: `You receive this email when a message stays unread for 15 minutes. You can turn it off in your account preferences: ${preferencesUrl}`,
    }),
  };
}
