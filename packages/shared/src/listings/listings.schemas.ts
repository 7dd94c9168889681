import { FieldChangeSchema } from '../admin/field-changes.ts';
import { isInfinite } from '../input-limits.ts';
import { gradeById, MATERIAL_GRADE_IDS } from '../market/grades.ts';
import { INCOTERMS, PACKING_TYPES, SUPPLY_FREQUENCIES } from '../market/trade-terms.ts';
import { hasAtMostDecimals } from '../money/money.ts';
import { ReputationSummarySchema } from '../reviews/reputation.schemas.ts';
import * as z from '../zod.ts';
import { LISTING_CATEGORIES, type ListingCategory } from './categories.ts';

import {
  APPROVAL_STATUSES,
  LISTING_AVAILABILITY,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  LISTING_SORTS,
  LISTING_STATUSES,
  LISTING_TYPES,
  LISTING_UNITS,
  stripMarkup,
} from './listing-rules.ts';

export * from './listing-rules.ts';

const cleanText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).transform(stripMarkup).pipe(z.string().min(1, required).max(max, tooLong));

/**
 * A listing's price or quantity: above zero, finite, at most 1,000,000 (the specification's cap) and
 * with at most 2 decimals (cents; the quantity column's scale). A value outside is refused with a
 * message that names the limit, never clamped or rounded into range (docs/DECISIONS.md).
 */
const positiveAmount = (messages: {
  aboveZero: string;
  notFinite: string;
  tooLarge: string;
  decimals: string;
}) =>
  z
    .number({ error: (issue) => (isInfinite(issue.input) ? messages.notFinite : messages.aboveZero) })
    .gt(0, { message: messages.aboveZero, abort: true })
    .max(LISTING_LIMITS.maxAmount, { message: messages.tooLarge, abort: true })
    .refine((n) => hasAtMostDecimals(n, LISTING_LIMITS.amountDecimals), messages.decimals);

/** The create-listing form and POST /api/listings; price is dollars per unit at this edge. */
const CreateListingFieldsSchema = z
  .object({
    title: cleanText(LISTING_MESSAGES.titleRequired, LISTING_LIMITS.titleMax, LISTING_MESSAGES.titleTooLong),
    type: z.enum(LISTING_TYPES, { error: 'Type must be buy or sell' }),
    description: cleanText(
      LISTING_MESSAGES.descriptionRequired,
      LISTING_LIMITS.descriptionMax,
      LISTING_MESSAGES.descriptionTooLong,
    ),
    availability: z.enum(LISTING_AVAILABILITY, { error: 'Availability must be one of the listed options' }),
    category: z.enum(LISTING_CATEGORIES, { error: 'Category must be textiles, metals, plastics or paper' }),
    location: cleanText(
      LISTING_MESSAGES.locationRequired,
      LISTING_LIMITS.locationMax,
      'Location must be 120 characters or less',
    ),
    price: positiveAmount({
      aboveZero: LISTING_MESSAGES.priceAboveZero,
      notFinite: LISTING_MESSAGES.priceNotFinite,
      tooLarge: LISTING_MESSAGES.priceTooLarge,
      decimals: LISTING_MESSAGES.priceDecimals,
    }),
    quantity: positiveAmount({
      aboveZero: LISTING_MESSAGES.quantityAboveZero,
      notFinite: LISTING_MESSAGES.quantityNotFinite,
      tooLarge: LISTING_MESSAGES.quantityTooLarge,
      decimals: LISTING_MESSAGES.quantityDecimals,
    }),
    unit: z.enum(LISTING_UNITS, { error: LISTING_MESSAGES.unitInvalid }),
    /** A MaterialGradeId of the chosen category (checked below); null or absent: no grade. */
    grade: z.enum(MATERIAL_GRADE_IDS, { error: LISTING_MESSAGES.gradeNotInCategory }).nullable().optional(),
    incoterm: z
      .enum(INCOTERMS, { error: 'Incoterm must be EXW, FCA, FOB, CFR, CIF, DAP or DDP' })
      .nullable()
      .optional(),
    /** The named place the Incoterm needs ("FOB Rotterdam"); required with a term. */
    incotermPlace: z
      .string()
      .transform(stripMarkup)
      .pipe(z.string().max(LISTING_LIMITS.incotermPlaceMax, LISTING_MESSAGES.incotermPlaceTooLong))
      .nullable()
      .optional(),
    packing: z
      .enum(PACKING_TYPES, { error: 'Packing must be baled, loose, briquetted or bulk' })
      .nullable()
      .optional(),
    supplyFrequency: z
      .enum(SUPPLY_FREQUENCIES, { error: 'Supply must be one-off, weekly or monthly' })
      .optional(),
    /** A buy listing's matching radius in whole km (1..20,000); null or absent: any distance. Ignored on sell listings. */
    matchRadiusKm: z
      .number({ error: 'Radius must be a number of kilometres' })
      .int('Radius must be a whole number of kilometres')
      .min(1, 'Radius must be at least 1 km')
      .max(20_000, 'Radius must be 20,000 km or less')
      .nullable()
      .optional(),
    /** Ids of images uploaded with POST /api/listings/images, in display order. */
    imageIds: z
      .array(z.string().min(1).max(100))
      .max(LISTING_LIMITS.maxImages, LISTING_MESSAGES.tooManyImages)
      .default([]),
    wantsFeatured: z.boolean().default(false),
  })
  .strict();

/**
 * The cross-field rules of the trade terms, for a body that may carry only some fields (an update).
 * A grade is checked against the category only when both are present; the service re-checks an
 * update against the stored category.
 */
function checkTradeTerms(
  body: {
    category?: ListingCategory;
    grade?: string | null;
    incoterm?: string | null;
    incotermPlace?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const grade = gradeById(body.grade);
  if (grade && body.category && grade.category !== body.category)
    ctx.addIssue({ code: 'custom', path: ['grade'], message: LISTING_MESSAGES.gradeNotInCategory });
  if (body.incoterm && !body.incotermPlace?.trim())
    ctx.addIssue({
      code: 'custom',
      path: ['incotermPlace'],
      message: LISTING_MESSAGES.incotermPlaceRequired,
    });
}

export const CreateListingBodySchema = CreateListingFieldsSchema.superRefine(checkTradeTerms);
export type CreateListingBody = z.infer<typeof CreateListingBodySchema>;
export type CreateListingInput = z.input<typeof CreateListingBodySchema>;

/** PATCH /api/listings/:id: any subset of the create fields (wantsFeatured excepted). */
export const UpdateListingBodySchema = CreateListingFieldsSchema.omit({ wantsFeatured: true })
  .partial()
  .strict()
  .superRefine(checkTradeTerms);
export type UpdateListingBody = z.infer<typeof UpdateListingBodySchema>;

export const ListingImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingImage = z.infer<typeof ListingImageSchema>;

/** POST /api/listings/images: the stored image, with `skipped` when the request carried extra files. */
export const ListingImageUploadSchema = ListingImageSchema.extend({
  skipped: z.object({ message: z.string(), detail: z.string() }).optional(),
});
export type ListingImageUpload = z.infer<typeof ListingImageUploadSchema>;

/** A listing as cards and the detail page show it. Money in cents; quantity as a decimal number. */
export const ListingSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(LISTING_TYPES),
  title: z.string(),
  description: z.string(),
  category: z.enum(LISTING_CATEGORIES),
  quantity: z.number(),
  /**
   * What deals have not taken yet: the quantity less the deals that hold theirs (agreed, funded,
   * shipped, completed, and Buy Now deals from their creation). 0 when the listing is sold.
   */
  remainingQuantity: z.number(),
  unit: z.enum(LISTING_UNITS),
  priceCents: z.number().int(),
  /** price × quantity for sell listings, in cents; null for buy listings. */
  totalCents: z.number().int().nullable(),
  location: z.string(),
  availability: z.enum(LISTING_AVAILABILITY),
  grade: z.enum(MATERIAL_GRADE_IDS).nullable(),
  incoterm: z.enum(INCOTERMS).nullable(),
  incotermPlace: z.string().nullable(),
  packing: z.enum(PACKING_TYPES).nullable(),
  supplyFrequency: z.enum(SUPPLY_FREQUENCIES),
  /** The quantity in metric tonnes; null for pieces. */
  quantityTonnes: z.number().nullable(),
  /** The price in cents per metric tonne; null for pieces. */
  pricePerTonneCents: z.number().int().nullable(),
  /** A buy listing's matching radius in km; null: any distance (always null on sell listings). */
  matchRadiusKm: z.number().int().nullable(),
  /** The city `location` was resolved to offline ("Rotterdam, NL"); null when it could not be. */
  geocodedPlace: z.string().nullable(),
  images: z.array(ListingImageSchema),
  status: z.enum(LISTING_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  isFeatured: z.boolean(),
  featuredUntil: z.string().nullable(),
  views: z.number().int(),
  inquiries: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  seller: z.object({
    id: z.string(),
    fullName: z.string(),
    company: z.string().nullable(),
    /** The seller's trading record (reviews module); null until it is first computed. */
    reputation: ReputationSummarySchema.nullable().optional(),
  }),
});
export type Listing = z.infer<typeof ListingSchema>;

/** The owner (and admins) also see the moderation notes. */
export const OwnListingSchema = ListingSchema.extend({
  adminNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Kept from the public until an administrator reviews it (a new account's price far below the index). */
  heldForReview: z.boolean().optional(),
});
export type OwnListing = z.infer<typeof OwnListingSchema>;

const optionalNumber = z.coerce.number().finite().optional();
/** GET /api/listings: the marketplace search (text, type, category and the More Filters). */
export const ListListingsQuerySchema = z.object({
  q: z.string().max(200).transform(stripMarkup).optional(),
  type: z.enum(LISTING_TYPES).optional(),
  category: z.enum(LISTING_CATEGORIES).optional(),
  grade: z.enum(MATERIAL_GRADE_IDS).optional(),
  /** dollars per unit */
  minPrice: optionalNumber.pipe(z.number().min(0).optional()),
  maxPrice: optionalNumber.pipe(z.number().max(LISTING_LIMITS.maxAmount).optional()),
  location: z.string().max(120).transform(stripMarkup).optional(),
  unit: z.enum(LISTING_UNITS).optional(),
  availability: z.enum(LISTING_AVAILABILITY).optional(),
  minQuantity: optionalNumber.pipe(z.number().min(0).optional()),
  /** One trader's listings (a company page shows its owner's active listings). */
  sellerId: z.string().min(1).max(100).optional(),
  sort: z.enum(LISTING_SORTS).default('newest'),
  page: z.pageNumber(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LISTING_LIMITS.searchDefaultLimit)
    .default(LISTING_LIMITS.marketplacePageSize),
});
export type ListListingsQuery = z.infer<typeof ListListingsQuerySchema>;

export const ListingPageSchema = z.object({
  items: z.array(ListingSchema),
  /** Matching listings in all; "Showing X of Y listings". */
  total: z.number().int(),
  /**
   * false when the marketplace search matched more than 1,000 listings and `total` is the database's
   * estimate (show "about Y"); absent or true: exact.
   */
  totalExact: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListingPage = z.infer<typeof ListingPageSchema>;

export const OwnListingPageSchema = ListingPageSchema.extend({ items: z.array(OwnListingSchema) });
export type OwnListingPage = z.infer<typeof OwnListingPageSchema>;

/** GET /api/me/listing-usage: the monthly-limit banner (n/5). */
export const ListingUsageSchema = z.object({
  plan: z.enum(['free', 'premium']),
  usedThisMonth: z.number().int(),
  /** null: unlimited (premium) */
  limit: z.number().int().nullable(),
  canCreate: z.boolean(),
  /** When the counter resets: the 1st of next month, 00:00 UTC. */
  resetsAt: z.string(),
});
export type ListingUsage = z.infer<typeof ListingUsageSchema>;

/** POST /api/listings answers the listing, and a checkout URL when featuring was asked for. */
export const CreateListingResultSchema = z.object({
  listing: OwnListingSchema,
  featuredCheckoutUrl: z.string().nullable(),
});
export type CreateListingResult = z.infer<typeof CreateListingResultSchema>;

export const ApproveListingBodySchema = z
  .object({ notes: z.string().max(1000).transform(stripMarkup).optional() })
  .strict();
export const RejectListingBodySchema = z
  .object({
    reason: z
      .string({ error: LISTING_MESSAGES.rejectionReasonRequired })
      .transform(stripMarkup)
      .pipe(z.string().min(1, LISTING_MESSAGES.rejectionReasonRequired).max(1000)),
  })
  .strict();

/** GET /api/admin/listings: the moderation queue. */
export const AdminListingsQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES).optional(),
  page: z.pageNumber(),
});
export const AdminListingSchema = OwnListingSchema.extend({
  ownerEmail: z.string(),
  reviewedByAdminEmail: z.string().nullable(),
  /** What a material edit changed since the listing was approved (empty when nothing). */
  reviewChanges: z.array(FieldChangeSchema),
  /** Why the listing is held for review, for the administrator; null when it is not held. */
  holdReason: z.string().nullable().optional(),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;
export const AdminListingPageSchema = ListingPageSchema.extend({ items: z.array(AdminListingSchema) });
export type AdminListingPage = z.infer<typeof AdminListingPageSchema>;
