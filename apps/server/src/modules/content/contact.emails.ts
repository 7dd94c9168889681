import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** Header-safe text: line breaks and runs of spaces become one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A contact-form message for the support team; replying answers the sender (Reply-To). */
export function contactMessageEmail(
  brand: EmailBrand,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
    subject: string;
    message: string;
    /** The sender's account address, shown when the form names another one. */
    accountEmail: string;
  },
): RenderedEmail {
  const sender = oneLine(`${input.firstName} ${input.lastName}`);
  const replyUrl = `mailto:${encodeURIComponent(input.email)}?subject=${encodeURIComponent(`Re: ${oneLine(input.subject)}`)}`;
  return {
    subject: `Contact form: ${oneLine(input.subject)} (from ${sender})`,
    ...emailLayout(brand, {
      heading: `New message from ${sender}`,
      intro: 'A signed-in user sent this message through the contact form.',
      details: [
        { label: 'Name', value: sender },
        { label: 'Email', value: input.email },
        ...(input.accountEmail.toLowerCase() !== input.email.toLowerCase()
          ? [{ label: 'Account', value: input.accountEmail }]
          : []),
        ...(input.company ? [{ label: 'Company', value: oneLine(input.company) }] : []),
        { label: 'Subject', value: oneLine(input.subject) },
      ],
      quote: input.message,
      actionLabel: `Reply to ${sender}`,
      actionUrl: replyUrl,
      outro: 'Replying to this email also reaches the sender. Support promises an answer within 24 hours.',
    }),
  };
}
