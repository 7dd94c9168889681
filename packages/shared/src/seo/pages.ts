import { PRODUCT_NAME } from '../catalog/catalog.ts';
import { formatCents } from '../money/money.ts';

export type PageMeta = { title: string; description: string };

/** The description used when a page has none of its own (also index.html's). */
export const DEFAULT_DESCRIPTION = `${PRODUCT_NAME} is the B2B marketplace where recyclers buy and sell recyclable commodities, find trading partners and track their environmental impact.`;

/** The title of the landing page, and of any page without a title of its own. */
export const DEFAULT_TITLE = `${PRODUCT_NAME} · Recycling commodities marketplace`;

/** "Account Settings · Recytrade"; no title gives the default. `name` is the platform name setting when known. */
export const pageTitle = (title?: string, name: string = PRODUCT_NAME) => {
  if (title) return `${title} · ${name}`;
  return name === PRODUCT_NAME ? DEFAULT_TITLE : `${name} · Recycling commodities marketplace`;
};

/**
 * Title and description of every public page, read by the web app (document title and meta
 * description) and by the server (the HTML it sends, and the sitemap). The landing page's title is
 * the default title.
 */
export const PUBLIC_PAGES = {
  '/': {
    title: '',
    description: DEFAULT_DESCRIPTION,
  },
  '/marketplace': {
    title: 'Marketplace',
    description:
      'Browse active buy and sell listings for recyclable textiles, metals, plastics and paper, and contact traders directly.',
  },
  '/market': {
    title: 'Market prices',
    description:
      'Price index per tonne for recycled metals, paper, plastics and textiles, from completed deals and active listings, with 30, 90 and 365-day trends.',
  },
  '/company-directory': {
    title: 'Company Directory',
    description:
      'Find recycling companies by sector, type and the materials they trade, and start a conversation with them.',
  },
  '/subscription': {
    title: 'Subscription',
    description: `Compare the Free and Premium plans of ${PRODUCT_NAME}: unlimited listings, free messaging and featured placement.`,
  },
  '/blog': {
    title: 'Blog',
    description:
      'Market insight, recycling know-how and platform news for recyclers, processors and commodity traders.',
  },
  '/about': {
    title: 'About',
    description: `Our mission, values and impact: how ${PRODUCT_NAME} connects recyclers worldwide to keep materials in use.`,
  },
  '/contact': {
    title: 'Contact Us',
    description: `Send a message to the ${PRODUCT_NAME} team, or find our address, phone and business hours.`,
  },
  '/help': {
    title: 'Help Center',
    description: `Answers to common questions about listings, messaging, payments and accounts on ${PRODUCT_NAME}.`,
  },
  '/terms': {
    title: 'Terms of Service',
    description: `The terms that govern the use of the ${PRODUCT_NAME} marketplace.`,
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: `What personal data ${PRODUCT_NAME} collects, why, and the rights you have over it.`,
  },
  '/api': {
    title: 'API',
    description: `The ${PRODUCT_NAME} API: manage listings and authenticate programmatically with bearer keys.`,
  },
  '/api/docs': {
    title: 'API Documentation',
    description: `Reference for the ${PRODUCT_NAME} REST API v1: authentication, listing search, creation and updates, with request and response schemas and curl examples.`,
  },
  '/api/sdk': {
    title: 'API SDK',
    description: `Download the typed TypeScript client for the ${PRODUCT_NAME} API, or generate a client in any language from the OpenAPI document.`,
  },
  '/payments': {
    title: 'Payments & Escrow',
    description:
      'Payment methods, the escrow process and the security that protects buyers and sellers on every deal.',
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGES;

/** Search results show about this many characters of a description. */
export const DESCRIPTION_MAX = 200;

/** Plain text, whitespace collapsed, cut at a word boundary near `max` characters. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const UNIT_SINGULAR: Record<string, string> = { tons: 'ton', kg: 'kg', pieces: 'piece', pounds: 'pound' };

/** A listing's description for search results and link previews: "$420.00 / ton · Rotterdam, NL · …". */
export function listingMetaDescription(listing: {
  priceCents: number;
  unit: string;
  location: string;
  description: string;
}): string {
  const price = `${formatCents(listing.priceCents)} / ${UNIT_SINGULAR[listing.unit] ?? listing.unit}`;
  return summarize(`${price} · ${listing.location} · ${listing.description}`);
}
