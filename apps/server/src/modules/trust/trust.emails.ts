import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** An administrator's warning after a report (the note is escaped by the layout). */
export function reportWarningEmail(
  brand: EmailBrand,
  name: string,
  about: string,
  note: string,
  url: string,
): RenderedEmail {
  return {
    subject: `A warning from ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, please read this warning`,
      intro: `An administrator reviewed a report about ${about} and asks you to change how you trade: ${note}`,
      actionLabel: 'Read the terms',
      actionUrl: url,
      outro: `Trading on ${brand.name} means paying through escrow and describing material as it is. A further report may lead to the suspension of your account.`,
    }),
  };
}
