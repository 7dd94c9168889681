import { ISO_COUNTRY_CODES } from '../catalog/countries.ts';

/**
 * Company verification without zod (the company form and the admin screen import it): the countries a
 * company may name, the documents a request carries, the "domain match" rule and the messages.
 */

/** The countries a company may name: ISO 3166-1 alpha-2, Kosovo (XK) and Northern Ireland's VAT code (XI). */
export const COUNTRY_CODES: readonly string[] = [...ISO_COUNTRY_CODES, 'XK', 'XI'];

export const isCountryCode = (value: string): boolean => COUNTRY_CODES.includes(value);

export const VERIFICATION_LIMITS = { documentsMin: 1, documentsMax: 3, refusalReasonMax: 1000 } as const;

/** Where a company stands with verification, as its owner and administrators see it. */
export const VERIFICATION_STATES = ['not_requested', 'requested', 'verified', 'refused'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_STATE_LABELS: Record<VerificationState, string> = {
  not_requested: 'Not requested',
  requested: 'Pending review',
  verified: 'Verified',
  refused: 'Refused',
};

export const VERIFICATION_MESSAGES = {
  countryInvalid: 'Please choose a country from the list',
  countryFirst: 'Please choose the company’s country before its tax id',
  taxIdRequired:
    'Please enter the company’s tax id (VAT, EIN, GST or your country’s equal) before asking for verification.',
  addressRequired: 'Please enter the company’s registered address before asking for verification.',
  documentsRequired: 'Please attach your business-registration document (1 to 3 files).',
  alreadyVerified: 'This company is already verified.',
  requested: 'Verification requested. Our admin team will review your documents.',
  cannotVerify:
    'This company cannot be verified yet: it needs a business-registration document and a valid tax id.',
  refusalReasonRequired: 'Please give the owner a reason.',
  refused: 'Verification refused. The owner has been emailed the reason.',
  noTaxIdYet: 'No tax id entered yet.',
  noCountryYet: 'No country entered, so the tax id cannot be checked.',
} as const;

/** The host of a website as typed (with or without a scheme), lower case, without `www.`. */
function hostOf(website: string): string | null {
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * The "domain match" mark: the contact email's domain is the website's, or one is a subdomain of the
 * other (sales.acme-metals.com and acme-metals.com). A free-mail address never matches a free-mail
 * provider's website, since nobody's company site is gmail.com: the caller checks free mail first.
 */
export function contactDomainMatchesWebsite(email: string, website: string | null): boolean {
  if (!website) return false;
  const host = hostOf(website);
  const domain =
    email
      .trim()
      .toLowerCase()
      .split('@')
      .at(-1)
      ?.replace(/^www\./, '') ?? '';
  if (!host || !domain || !email.includes('@') || !host.includes('.')) return false;
  return domain === host || domain.endsWith(`.${host}`) || host.endsWith(`.${domain}`);
}

/** The state shown for a company's facts. */
export function verificationStateOf(c: {
  verified: boolean;
  verificationRequestedAt: string | Date | null;
  verificationRefusalReason: string | null;
}): VerificationState {
  if (c.verified) return 'verified';
  if (c.verificationRequestedAt) return 'requested';
  if (c.verificationRefusalReason) return 'refused';
  return 'not_requested';
}
