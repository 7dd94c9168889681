import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** Tells the owner why an administrator rejected their listing (the reason is escaped by the layout). */
export function listingRejectedEmail(
  brand: EmailBrand,
  name: string,
  title: string,
  reason: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your listing "${title}" was not approved`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your listing was not approved`,
      intro: `An administrator reviewed your listing "${title}" and rejected it for this reason: ${reason}`,
      actionLabel: 'Manage my listings',
      actionUrl: url,
      outro: 'The listing is hidden from the marketplace. You can edit it or create a new one.',
    }),
  };
}
