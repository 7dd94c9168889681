import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

export function emailVerificationEmail(brand: EmailBrand, name: string, url: string): RenderedEmail {
  return {
    subject: `Confirm your email for ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Welcome to ${brand.name}, ${name}`,
      intro: 'Please confirm your email address to finish creating your account and start trading.',
      actionLabel: 'Confirm my email',
      actionUrl: url,
      outro: 'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
    }),
  };
}

export function passwordResetEmail(brand: EmailBrand, name: string, url: string): RenderedEmail {
  return {
    subject: `Reset your ${brand.name} password`,
    ...emailLayout(brand, {
      heading: 'Reset your password',
      intro: `Hello ${name}, we received a request to reset the password of your account.`,
      actionLabel: 'Choose a new password',
      actionUrl: url,
      outro:
        'The link is valid for 1 hour. If you did not ask for a reset, you can ignore this email; your password stays the same.',
    }),
  };
}
