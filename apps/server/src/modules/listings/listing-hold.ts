import type { ListingCategory } from '@app/shared/listings/categories';
import type { ListingUnit } from '@app/shared/listings/listing-rules';
import { gradeById, type MaterialGradeId } from '@app/shared/market/grades';
import { pricePerTonneCents } from '@app/shared/market/units';
import { formatCents } from '@app/shared/money/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { userDirectory } from '../accounts/index.ts';

/** An account is new while younger than this, or until it has completed a deal (docs/DECISIONS.md). */
export const NEW_ACCOUNT_DAYS = 30;
/** A new account's sell listing priced below this share of its grade's price index is held for review. */
export const HOLD_BELOW_INDEX_SHARE = 0.5;

const DAY_MS = 86_400_000;

export type PricedListing = {
  type: 'buy' | 'sell';
  category: ListingCategory;
  grade: string | null;
  unit: ListingUnit;
  priceCents: number;
};

export type ListingHoldDeps = {
  db: Db;
  clock: Clock;
  /** The 30-day index of the listing's grade (else its family), cents per tonne; null: none. */
  priceIndexOf?: (listing: {
    category: ListingCategory;
    grade?: MaterialGradeId;
    unit: ListingUnit;
    priceCents: number;
  }) => Promise<number | null>;
  /** How many deals the user completed, as either party. */
  completedDealCount?: (userId: string) => Promise<number>;
};

/**
 * The moderation hold of bait listings: a sell listing of a new account (younger than 30 days, or
 * with no completed deal) priced below half of the price index for its grade is kept from the public
 * until an administrator approves it, whatever the moderation setting. Returns the reason the
 * administrator reads, or null when the listing is not held. Without an index nothing is held.
 */
export function createListingHold(deps: ListingHoldDeps) {
  const { db, clock, priceIndexOf, completedDealCount } = deps;

  async function holdReasonFor(userId: string, listing: PricedListing): Promise<string | null> {
    if (listing.type !== 'sell' || !priceIndexOf || !completedDealCount) return null;
    const perTonne = pricePerTonneCents(listing.priceCents, listing.unit);
    if (perTonne === null) return null;
    const index = await priceIndexOf({
      category: listing.category,
      grade: (gradeById(listing.grade)?.id as MaterialGradeId | undefined) ?? undefined,
      unit: listing.unit,
      priceCents: listing.priceCents,
    });
    if (index === null || index <= 0 || perTonne >= index * HOLD_BELOW_INDEX_SHARE) return null;
    const [account] = await db
      .select({ createdAt: userDirectory.createdAt })
      .from(userDirectory)
      .where(eq(userDirectory.id, userId));
    const ageDays = account ? Math.floor((clock.now().getTime() - account.createdAt.getTime()) / DAY_MS) : 0;
    const completed = await completedDealCount(userId);
    if (ageDays >= NEW_ACCOUNT_DAYS && completed > 0) return null;
    const grade = gradeById(listing.grade)?.name ?? `${listing.category} without a grade`;
    const share = Math.round((perTonne / index) * 100);
    const account_ =
      completed === 0
        ? `an account ${ageDays} ${ageDays === 1 ? 'day' : 'days'} old with no completed deal`
        : `an account ${ageDays} ${ageDays === 1 ? 'day' : 'days'} old`;
    return `New account's price far below the market: ${formatCents(perTonne)} per tonne is ${share}% of the 30-day index for ${grade} (${formatCents(index)} per tonne), listed by ${account_}.`;
  }

  return { holdReasonFor };
}

export type ListingHold = ReturnType<typeof createListingHold>;
