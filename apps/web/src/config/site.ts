import { PRODUCT_NAME } from '@app/shared/catalog/catalog';
import { DEFAULT_DESCRIPTION, pageTitle as sharedPageTitle } from '@app/shared/seo/pages';
import { env } from './env';

/** Public contact details, shown on /about, /contact, /help and the legal pages. */
export const site = {
  name: PRODUCT_NAME,
  supportEmail: env.supportEmail,
  supportPhone: env.supportPhone,
  address: ['200 Harbor Street, Suite 400', 'Boston, MA 02110', 'United States'],
  supportReplyHours: 24,
  businessHours: [
    { days: 'Monday – Friday', hours: '9:00 AM – 6:00 PM EST' },
    { days: 'Saturday', hours: '10:00 AM – 4:00 PM EST' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  legalLastUpdated: 'December 15, 2024',
} as const;

/** The description search engines show when a page sets none (the server sends the same one). */
export const defaultDescription = DEFAULT_DESCRIPTION;

/** "Account Settings · Recytrade" */
export const pageTitle = sharedPageTitle;
