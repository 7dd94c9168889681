/**
 * The listing vocabulary without zod: enumerations, limits, the specification's messages and small pure
 * helpers. Screens a first visit loads import them from here; listings.schemas.ts re-exports them.
 */
import { UNIT_LABELS } from '../market/units.ts';
import { roundHalfUp } from '../money/money.ts';
import { LISTING_CATEGORIES, type ListingCategory } from './categories.ts';

export { LISTING_CATEGORIES, type ListingCategory };

/** The listing enumerations of the specification. */
export const LISTING_TYPES = ['buy', 'sell'] as const;
/** "tons" are US short tons; gross tons are long tons (packages/shared/src/market/units.ts converts). */
export const LISTING_UNITS = ['tons', 'tonnes', 'gross_tons', 'kg', 'pounds', 'pieces'] as const;
export const LISTING_AVAILABILITY = ['immediate', '1-week', '2-weeks', '1-month', 'flexible'] as const;
/**
 * active: visible (unless rejected); expired: a free listing past the 1st of the next month; sold: deals
 * hold its whole quantity, so it leaves the marketplace (its page still opens) until one is cancelled.
 */
export const LISTING_STATUSES = ['active', 'expired', 'sold'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'quantity_desc'] as const;

export type ListingType = (typeof LISTING_TYPES)[number];
export type ListingSort = (typeof LISTING_SORTS)[number];
export type ListingUnit = (typeof LISTING_UNITS)[number];
export type ListingAvailability = (typeof LISTING_AVAILABILITY)[number];

export const LISTING_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  locationMax: 120,
  incotermPlaceMax: 120,
  /** The largest price (dollars per unit) and quantity a listing takes. */
  maxAmount: 1_000_000,
  /** Decimals of a price (cents) and of a quantity (the column's scale, numeric(14, 2)). */
  amountDecimals: 2,
  maxImages: 5,
  maxImageBytes: 5 * 1024 * 1024,
  /** Width × height from the file's header, checked before decoding (a 311 KB PNG can declare 100 MP). */
  maxImagePixels: 40_000_000,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  marketplacePageSize: 20,
  landingCount: 6,
  manageListingsPageSize: 12,
  searchDefaultLimit: 50,
} as const;

/** The specification's messages, word for word. */
export const LISTING_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  locationRequired: 'Location is required',
  priceAboveZero: 'Price must be greater than 0',
  quantityAboveZero: 'Quantity must be greater than 0',
  titleTooLong: 'Title must be 100 characters or less',
  descriptionTooLong: 'Description must be 1000 characters or less',
  tooManyImages: 'A listing can have at most 5 images',
  notFoundOrNotYours: "Listing not found or you don't have permission to edit it",
  notFoundOrNotYoursDelete: "Listing not found or you don't have permission to delete it",
  rejectionReasonRequired: 'Please provide a reason for rejection.',
  fileTooLarge: 'File size must be less than 5MB',
  fileWrongType: 'File must be a valid image (JPEG, PNG, WebP, or GIF)',
  gradeNotInCategory: 'Choose a grade of the selected category',
  incotermPlaceRequired: 'Enter the named place for the Incoterm',
  incotermPlaceTooLong: 'The named place must be 120 characters or less',
  unitInvalid: 'Unit must be tons, tonnes, gross tons, kg, pounds or pieces',
  priceNotFinite: 'Price must be a finite number',
  quantityNotFinite: 'Quantity must be a finite number',
  priceTooLarge: 'Price must be 1,000,000 or less',
  quantityTooLarge: 'Quantity must be 1,000,000 or less',
  priceDecimals: 'Price can have at most 2 decimals',
  quantityDecimals: 'Quantity can have at most 2 decimals',
} as const;

/** Photo upload answers: the specification's "Some files skipped", and this product's pixel and rate limits. */
export const UPLOAD_MESSAGES = {
  filesSkipped: 'Some files skipped',
  onePerRequest: 'Only the first file of a request is stored; send each image in its own request.',
  tooManyPixels: 'Image dimensions are too large (at most 40 megapixels)',
  rateLimited: 'Too many uploads. Please wait a minute and try again.',
} as const;

/** A deal keeps 4 decimals of quantity, so what remains is rounded to them (no 0.30000000000000004 t). */
const QUANTITY_SCALE = 10_000;

/** What a listing has left once the quantity `held` by deals is taken out (never below 0). */
export function remainingQuantityOf(quantity: number, held: number): number {
  return Math.max(0, roundHalfUp((quantity - held) * QUANTITY_SCALE) / QUANTITY_SCALE);
}

/** "40 tons", "1 ton", "12.5 kg": a quantity in words for messages. */
export const quantityText = (quantity: number, unit: ListingUnit) =>
  `${quantity.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${quantity === 1 ? UNIT_LABELS[unit].singular : UNIT_LABELS[unit].plural}`;

/** "Only 40 tons remain on this listing." (409 when a deal asks for more), or that it is sold. */
export function quantityUnavailableMessage(remaining: number, unit: ListingUnit): string {
  if (remaining <= 0) return 'This listing is sold: deals hold its whole quantity.';
  return `Only ${quantityText(remaining, unit)} remain on this listing.`;
}

/** The badge of a listing deals hold entirely: "Sold" (a buy listing's demand is "Filled"). */
export const soldLabel = (type: ListingType) => (type === 'sell' ? 'Sold' : 'Filled');

/** `You've reached your monthly limit of 5 free listings (n/5). Upgrade to create unlimited listings.` */
export const monthlyLimitMessage = (used: number, limit: number) =>
  `You've reached your monthly limit of ${limit} free listings (${used}/${limit}). Upgrade to create unlimited listings.`;

/** Removes markup and trims: the specification's sanitising of listing text fields (browser-safe). */
export function stripMarkup(value: string): string {
  return value
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[<>]/g, '')
    .trim();
}

/** The two sizes every listing photo is stored in (WebP, longest side at most this many pixels). */
export const LISTING_IMAGE_SIZES = { displayMaxPx: 1600, thumbnailMaxPx: 400 } as const;

/**
 * The listing page's large image: the 400 px thumbnail where it is sharp enough (a phone), the display
 * size above. The page's first image is its largest paint, so the server announces it in the page's
 * head with the same sources (modules/seo) and the browser fetches it before the app has run.
 */
export const LISTING_GALLERY_SIZES = '(min-width: 1024px) 40rem, 100vw';

export function gallerySrcSet(image: {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}): string | undefined {
  return image.thumbnailUrl
    ? `${image.thumbnailUrl} ${thumbnailSize(image).width}w, ${image.url} ${image.width}w`
    : undefined;
}

/** The thumbnail's pixel size, from the display size (both fit inside their square, never enlarged). */
export function thumbnailSize(image: { width: number; height: number }): {
  width: number;
  height: number;
} {
  const scale = Math.min(1, LISTING_IMAGE_SIZES.thumbnailMaxPx / Math.max(image.width, image.height, 1));
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}
