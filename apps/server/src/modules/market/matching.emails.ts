import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** The daily match digest: new matches for the trader's listings, best first. */
export function matchDigestEmail(
  brand: EmailBrand,
  name: string,
  matches: Array<{ label: string; url: string }>,
  dashboardUrl: string,
  preferencesUrl: string,
): RenderedEmail {
  const plural = (n: number) => (n === 1 ? '1 new match' : `${n} new matches`);
  return {
    subject: `${plural(matches.length)} for your listings on ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, you have ${plural(matches.length)}`,
      intro: 'Traders whose listings fit yours:',
      items: matches,
      actionLabel: 'See your matches',
      actionUrl: dashboardUrl,
      outro: `You receive this email at most once a day when your listings have new matches. You can turn it off in your account settings: ${preferencesUrl}`,
    }),
  };
}
