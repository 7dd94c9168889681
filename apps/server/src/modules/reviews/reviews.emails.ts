import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** Tells a review's author that an administrator hid it, and why (the layout escapes the reason). */
export function reviewHiddenEmail(
  brand: EmailBrand,
  name: string,
  dealTitle: string,
  reason: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your review of "${dealTitle}" was hidden`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your review was hidden`,
      intro: `An administrator hid your review of the deal "${dealTitle}" for this reason: ${reason}`,
      actionLabel: 'View the deal',
      actionUrl: url,
      outro: 'Reviews must describe the trade itself, without insults, personal data or advertising.',
    }),
  };
}

/** Tells the other party that they were reviewed, and invites them to write theirs (double-blind). */
export function reviewReceivedEmail(
  brand: EmailBrand,
  name: string,
  dealTitle: string,
  windowEndsAt: Date,
  url: string,
): RenderedEmail {
  const until = windowEndsAt.toISOString().slice(0, 10);
  return {
    subject: `You were reviewed for "${dealTitle}"`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your trading partner reviewed you`,
      intro: `The other party of the deal "${dealTitle}" wrote a review. Write yours by ${until}: both reviews are published together when you do, and theirs is published on ${until} otherwise.`,
      actionLabel: 'Review the deal',
      actionUrl: url,
      outro: 'Neither of you can read the other review before both are written, so each review is honest.',
    }),
  };
}
