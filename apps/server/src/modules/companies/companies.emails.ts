import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** Tells the owner an administrator verified their company profile. */
export function companyVerifiedEmail(
  brand: EmailBrand,
  name: string,
  companyName: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your company "${companyName}" is verified`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your company is verified`,
      intro: `An administrator verified your company profile "${companyName}". It now shows the Verified badge in the company directory.`,
      actionLabel: 'View my company',
      actionUrl: url,
      outro: 'Buyers and sellers filtering for verified companies can now find you.',
    }),
  };
}

/** Tells the owner why an administrator removed their company (the reason is escaped by the layout). */
export function companyRemovedEmail(
  brand: EmailBrand,
  name: string,
  companyName: string,
  reason: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your company "${companyName}" was removed from the directory`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your company was removed`,
      intro: `An administrator removed your company profile "${companyName}" from the directory for this reason: ${reason}`,
      actionLabel: 'Manage my companies',
      actionUrl: url,
      outro: 'You can create a new company profile that follows the platform rules.',
    }),
  };
}

/** Tells the owner why an administrator refused to verify their company (the reason is escaped by the layout). */
export function companyVerificationRefusedEmail(
  brand: EmailBrand,
  name: string,
  companyName: string,
  reason: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Verification of "${companyName}" was refused`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, we could not verify your company`,
      intro: `An administrator reviewed the verification request of "${companyName}" and refused it for this reason: ${reason}`,
      actionLabel: 'Update my company',
      actionUrl: url,
      outro: 'You can correct the details or upload another document and ask for verification again.',
    }),
  };
}
