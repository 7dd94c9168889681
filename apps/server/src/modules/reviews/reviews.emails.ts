import { REVIEW_RULES } from '@app/shared/reviews/reputation';
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

/** Tells the author that an administrator restored a review hidden earlier. */
export function reviewRestoredEmail(
  brand: EmailBrand,
  name: string,
  dealTitle: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your review of "${dealTitle}" is visible again`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your review is visible again`,
      intro: `An administrator reviewed the decision to hide your review of the deal "${dealTitle}" and restored it. It counts in the ratings again.`,
      actionLabel: 'View the deal',
      actionUrl: url,
      outro: 'Thank you for describing the trade for the traders who come after you.',
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

/**
 * Tells a party that reviews of their deal became public: the review of them (`theirs`, by its author),
 * their own (`mine`, of its subject), or both at once when the second review published the pair.
 */
export function reviewPublishedEmail(
  brand: EmailBrand,
  name: string,
  published: {
    dealTitle: string;
    theirs: { authorName: string } | null;
    mine: { subjectName: string } | null;
  },
  url: string,
): RenderedEmail {
  const { dealTitle, theirs, mine } = published;
  const intro =
    theirs && mine
      ? `Both reviews of the deal "${dealTitle}" are now public: ${theirs.authorName}'s review of you, and yours of ${mine.subjectName}. You may post one public reply to theirs.`
      : theirs
        ? `${theirs.authorName}'s review of you for the deal "${dealTitle}" is now public. You may post one public reply to it.`
        : `Your review of ${mine?.subjectName ?? 'the other party'} for the deal "${dealTitle}" is now public.`;
  return {
    subject: theirs
      ? `${theirs.authorName} reviewed you for "${dealTitle}"`
      : `Your review of "${dealTitle}" is now public`,
    ...emailLayout(brand, {
      heading: theirs
        ? `Hello ${name}, ${theirs.authorName} reviewed you`
        : `Hello ${name}, your review is public`,
      intro,
      actionLabel: 'View the reviews',
      actionUrl: url,
      outro: `Reviews are published when both parties have written theirs, or ${REVIEW_RULES.windowDays} days after the deal concluded.`,
    }),
  };
}
