import {
  type Listing,
  type ListingImage,
  type OwnListing,
  remainingQuantityOf,
} from '@app/shared/listings/listings.schemas';
import { gradeById } from '@app/shared/market/grades';
import { multiplyCents } from '@app/shared/money/money';
import type { ReputationSummary } from '@app/shared/reviews/reputation';
import { AppError } from '../../lib/app-error.ts';
import { type ListingContext, NOT_FOUND } from './listing-context.ts';
import {
  findListing,
  imagesFor,
  type ListingImageRow,
  type ListingWithSeller,
} from './listings.repository.ts';

const mediaUrl = (key: string) => `/media/${key}`;

/** A listing's API views (the owner's and the public one), with its photos and what deals left of it. */
export function createListingViews(
  ctx: Pick<ListingContext, 'db' | 'heldQuantities' | 'sellerReputations' | 'parseSellerReputation'>,
) {
  const { db } = ctx;

  /**
   * The API views of the rows, with their photos and held quantities. A search row says whether it
   * has photos and may carry its held quantity: only what is still unknown is read.
   */
  async function toViews(
    rows: (ListingWithSeller & { hasImages?: boolean; heldQuantity?: number; sellerReputation?: unknown })[],
  ): Promise<OwnListing[]> {
    const withImages = rows.filter((r) => r.hasImages !== false).map((r) => r.id);
    const heldUnknown = rows.filter((r) => r.heldQuantity === undefined).map((r) => r.id);
    // A search row carries its seller's reputation (read in the page query); other reads batch it.
    const parse = ctx.parseSellerReputation;
    const reputationKnown = (r: (typeof rows)[number]) => parse && r.sellerReputation != null;
    const reputationUnknown = ctx.sellerReputations
      ? [...new Set(rows.filter((r) => !reputationKnown(r)).map((r) => r.userId))]
      : [];
    const [images, held, reputations] = await Promise.all([
      imagesFor(db, withImages),
      heldUnknown.length > 0 ? ctx.heldQuantities(db, heldUnknown) : new Map<string, number>(),
      reputationUnknown.length > 0 && ctx.sellerReputations
        ? ctx.sellerReputations(db, reputationUnknown)
        : new Map<string, ReputationSummary>(),
    ]);
    return rows.map((r) =>
      toOwnView(
        r,
        images.filter((i) => i.listingId === r.id),
        r.heldQuantity ?? held.get(r.id) ?? 0,
        (reputationKnown(r) && parse ? parse(r.sellerReputation) : null) ?? reputations.get(r.userId) ?? null,
      ),
    );
  }

  async function getOwn(id: string): Promise<OwnListing> {
    const row = await findListing(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return (await toViews([row]))[0];
  }

  async function ownedOr404(userId: string, id: string, message: string): Promise<ListingWithSeller> {
    const row = await findListing(db, id);
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', message);
    return row;
  }

  return { toViews, getOwn, ownedOr404 };
}

export type ListingViews = ReturnType<typeof createListingViews>;

/** Whether visitors may open the listing's page: on sale, or sold (its page says so). */
export function isVisible(row: ListingWithSeller, preModeration: boolean): boolean {
  if (row.status === 'expired' || row.holdReason !== null) return false;
  return preModeration ? row.approvalStatus === 'approved' : row.approvalStatus !== 'rejected';
}

/** A photo as the API gives it: the display and thumbnail URLs of its stored files. */
export function toImageView(img: ListingImageRow): ListingImage {
  return {
    id: img.id,
    url: mediaUrl(img.displayKey),
    thumbnailUrl: mediaUrl(img.thumbnailKey),
    width: img.width,
    height: img.height,
  };
}

/** The owner's view: every field, the moderation notes and what deals left of the quantity. */
function toOwnView(
  r: ListingWithSeller,
  images: ListingImageRow[],
  held: number,
  reputation: ReputationSummary | null,
): OwnListing {
  const quantity = Number(r.quantity);
  return {
    id: r.id,
    userId: r.userId,
    type: r.type,
    title: r.title,
    description: r.description,
    category: r.category,
    quantity,
    remainingQuantity: remainingQuantityOf(quantity, held),
    unit: r.unit,
    priceCents: r.priceCents,
    totalCents: r.type === 'sell' ? multiplyCents(r.priceCents, quantity) : null,
    location: r.location,
    availability: r.availability,
    grade: (gradeById(r.grade)?.id ?? null) as OwnListing['grade'],
    incoterm: r.incoterm,
    incotermPlace: r.incotermPlace,
    packing: r.packing,
    supplyFrequency: r.supplyFrequency,
    quantityTonnes: r.quantityTonnes === null ? null : Number(r.quantityTonnes),
    pricePerTonneCents: r.pricePerTonneCents,
    matchRadiusKm: r.matchRadiusKm,
    geocodedPlace: r.geocodedPlace,
    images: images.map(toImageView),
    status: r.status,
    approvalStatus: r.approvalStatus,
    isFeatured: r.isFeatured,
    featuredUntil: r.featuredUntil?.toISOString() ?? null,
    views: r.views,
    inquiries: r.inquiries,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    seller: { id: r.userId, fullName: r.sellerName, company: r.sellerCompany, reputation },
    adminNotes: r.adminNotes,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    heldForReview: r.holdReason !== null && r.approvalStatus === 'pending',
  };
}

/** The public view: the owner's without the moderation notes. */
export function toPublic(view: OwnListing): Listing {
  const { adminNotes: _n, reviewedAt: _r, heldForReview: _h, ...rest } = view;
  return rest;
}
