import {
  BUY_NOW_HOLDING_STATUSES,
  type DealStatus,
  type EscrowStatus,
  QUANTITY_HOLDING_STATUSES,
} from '@app/shared/deals/deal-machine';
import type { ListingUnit } from '@app/shared/listings/listings.schemas';
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { listingFacts } from '../listings/index.ts';
import { dealEvents, deals } from './deals.table.ts';

export type DealRow = typeof deals.$inferSelect;
export type NewDealRow = typeof deals.$inferInsert;
export type DealEventRow = typeof dealEvents.$inferSelect;
export type NewDealEventRow = typeof dealEvents.$inferInsert;
export type UserBrief = { id: string; name: string; email: string; company: string | null };
export type ListingBrief = {
  id: string;
  userId: string;
  title: string;
  type: 'buy' | 'sell';
  priceCents: number;
  quantity: number;
  unit: ListingUnit;
  /** The listing's material grade (a MaterialGradeId), if it names one. */
  grade: string | null;
};

/** Inserts a deal; undefined when the buyer already has an open Buy Now deal for the listing. */
export async function insertDeal(db: Db, row: NewDealRow): Promise<DealRow | undefined> {
  const [inserted] = await db.insert(deals).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The buyer's open Buy Now deal for a listing (at most one, by a partial unique index). */
export async function findOpenBuyNowDeal(
  db: Db,
  buyerUserId: string,
  listingId: string,
): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.buyerUserId, buyerUserId),
        eq(deals.listingId, listingId),
        eq(deals.buyNow, true),
        sql`${deals.status} not in ('completed', 'cancelled')`,
      ),
    );
  return row;
}

/** The SQL form of `dealHoldsQuantity` (packages/shared/src/deals/deal-machine.ts): the same lists. */
const holdsQuantity = or(
  and(eq(deals.buyNow, true), inArray(deals.status, [...BUY_NOW_HOLDING_STATUSES])),
  inArray(deals.status, [...QUANTITY_HOLDING_STATUSES]),
);

/**
 * The quantity deals hold on one listing as a scalar subquery, for a query over listings that reads
 * it per row (the marketplace search's page) instead of asking after it.
 */
export function heldQuantityOf(listingId: AnyPgColumn): SQL<string> {
  return sql<string>`(select coalesce(sum(${deals.quantity}), 0) from ${deals} where ${deals.listingId} = ${listingId} and ${holdsQuantity})`;
}

/**
 * The quantity deals hold on each listing (listings without such deals are absent). Read under the
 * listing's row lock when a deal takes quantity, so the sum counts every committed deal.
 */
export async function sumHeldQuantities(db: Db, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: deals.listingId, held: sql<string>`coalesce(sum(${deals.quantity}), 0)` })
    .from(deals)
    .where(and(inArray(deals.listingId, listingIds), holdsQuantity))
    .groupBy(deals.listingId);
  return new Map(rows.map((r) => [r.listingId, Number(r.held)]));
}

/** Deals whose parties paid more commission than the deal owes (a page of an old share paid late). */
export async function listOverpaidCommissionDeals(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      sql`${deals.commissionPaidBuyerCents} + ${deals.commissionPaidSellerCents} > ${deals.commissionCents}`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findDeal(db: Db, id: string): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row;
}

/** The deal row locked for the rest of the transaction (one transition at a time per deal). */
export async function findDealsByIds(db: Db, ids: string[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(deals).where(inArray(deals.id, ids));
}

export async function findDealForUpdate(db: Db, id: string): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).for('update');
  return row;
}

/**
 * The transition's write: only when the row still has the state the transition was checked
 * against. No row back means somebody else moved the deal first.
 */
export async function updateDealIfState(
  db: Db,
  id: string,
  from: { status: DealStatus; escrowStatus: EscrowStatus },
  values: Partial<NewDealRow>,
): Promise<DealRow | undefined> {
  const [row] = await db
    .update(deals)
    .set(values)
    .where(and(eq(deals.id, id), eq(deals.status, from.status), eq(deals.escrowStatus, from.escrowStatus)))
    .returning();
  return row;
}

export async function updateDeal(
  db: Db,
  id: string,
  values: Partial<NewDealRow>,
): Promise<DealRow | undefined> {
  const [row] = await db.update(deals).set(values).where(eq(deals.id, id)).returning();
  return row;
}

/** A user's deals as buyer or seller, newest first. */
export async function listDealsOf(db: Db, userId: string, limit: number): Promise<DealRow[]> {
  return db
    .select()
    .from(deals)
    .where(or(eq(deals.buyerUserId, userId), eq(deals.sellerUserId, userId)))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(limit);
}

export async function listDealsByStatus(
  db: Db,
  status: DealStatus | null,
  limit: number,
): Promise<DealRow[]> {
  return db
    .select()
    .from(deals)
    .where(status ? eq(deals.status, status) : undefined)
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(limit);
}

/** Completed deals still holding escrow that shipped at or before `shippedBefore` (auto-release). */
export async function listAutoReleasable(db: Db, shippedBefore: Date, limit: number): Promise<DealRow[]> {
  return db
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.status, 'completed'),
        eq(deals.escrowStatus, 'held'),
        lte(deals.shippedAt, shippedBefore),
        // An open claim freezes the escrow until it settles.
        isNull(deals.openClaimId),
      ),
    )
    .orderBy(deals.shippedAt)
    .limit(limit);
}

export async function insertDealEvent(db: Db, row: NewDealEventRow): Promise<void> {
  await db.insert(dealEvents).values(row);
}

export async function listDealEvents(db: Db, dealId: string): Promise<DealEventRow[]> {
  return db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId)).orderBy(dealEvents.position);
}

/** Every other live attempt of the deal is superseded (the buyer chose another route). */
/**
 * A deal's funding attempt: the newest, or with `prefer` the newest in that status first (the attempt
 * that holds the money, not a later abandoned one).
 */
/** Every funding attempt paid through one payment of the payments module, newest first. */
/** Escrow-provider fundings still waiting for their money (the sync job polls them). */
export async function findListingBrief(db: Db, id: string): Promise<ListingBrief | undefined> {
  const [row] = await findListingBriefs(db, [id]);
  return row;
}

export async function findListingBriefs(db: Db, ids: string[]): Promise<ListingBrief[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: listingFacts.id,
      userId: listingFacts.userId,
      title: listingFacts.title,
      type: listingFacts.type,
      priceCents: listingFacts.priceCents,
      quantity: listingFacts.quantity,
      unit: listingFacts.unit,
      grade: listingFacts.grade,
    })
    .from(listingFacts)
    .where(inArray(listingFacts.id, ids));
}

export async function findUserBriefs(db: Db, ids: string[]): Promise<UserBrief[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: userDirectory.id,
      name: userDirectory.name,
      email: userDirectory.email,
      company: userDirectory.company,
    })
    .from(userDirectory)
    .where(inArray(userDirectory.id, ids));
}

/** The company profile a trader deals under: their oldest live company (contact email, name). */
export async function findCompaniesOf(
  db: Db,
  userIds: string[],
): Promise<Array<{ userId: string; companyName: string; contactEmail: string | null }>> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: companyDirectory.userId,
      companyName: companyDirectory.companyName,
      contactEmail: companyDirectory.contactEmail,
    })
    .from(companyDirectory)
    .where(and(inArray(companyDirectory.userId, userIds), sql`${companyDirectory.removedAt} is null`))
    .orderBy(companyDirectory.createdAt);
}

/**
 * Card refunds decided but not yet done at the payment provider (retried by the escrow job): a refund,
 * or the buyer's part of a claim's settlement.
 */
/** How many deals are in one status (the admin dashboard counts open disputes). */
export async function countDealsByStatus(db: Db, status: DealStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deals).where(eq(deals.status, status));
  return row?.n ?? 0;
}

export type EscrowCandidate = {
  dealId: string;
  listingTitle: string | null;
  status: DealStatus;
  escrowStatus: DealRow['escrowStatus'];
  heldCents: number;
};

/**
 * Deals whose escrow should be checked against the ledger: every deal holding escrow, and every deal
 * whose escrow account is not empty, with what that account holds (escrow is a liability, so the
 * amount held is the negated balance). `balances`: the escrow accounts' balances by deal id (the
 * ledger's read).
 */
export async function listEscrowCandidates(
  db: Db,
  balances: Map<string, number>,
): Promise<EscrowCandidate[]> {
  const nonEmpty = [...balances].flatMap(([dealId, balance]) => (balance !== 0 ? [dealId] : []));
  const rows = await db
    .select({
      dealId: deals.id,
      listingTitle: listingFacts.title,
      status: deals.status,
      escrowStatus: deals.escrowStatus,
    })
    .from(deals)
    .leftJoin(listingFacts, eq(listingFacts.id, deals.listingId))
    .where(
      nonEmpty.length > 0
        ? or(eq(deals.escrowStatus, 'held'), inArray(deals.id, nonEmpty))
        : eq(deals.escrowStatus, 'held'),
    )
    .orderBy(desc(deals.updatedAt))
    .limit(1000);
  return rows.map((r) => ({ ...r, heldCents: 0 - (balances.get(r.dealId) ?? 0) }));
}

/** Deals whose escrow-provider release or refund was claimed before `cutoff` and never recorded. */
export async function listStaleEscrowClaims(db: Db, cutoff: Date, limit: number): Promise<DealRow[]> {
  return db
    .select()
    .from(deals)
    .where(
      and(
        isNotNull(deals.escrowProviderClaim),
        sql`(${deals.escrowProviderClaim}->>'claimedAt')::timestamptz < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit);
}

/** Drops a claim, only if it is still the one given (a newer claim is left alone). */
export async function clearEscrowClaim(db: Db, dealId: string, claimId: string): Promise<void> {
  await db
    .update(deals)
    .set({ escrowProviderClaim: null })
    .where(and(eq(deals.id, dealId), sql`${deals.escrowProviderClaim}->>'id' = ${claimId}`));
}

/** A deal that is not cancelled between a user and someone else, and whether its seller has engaged. */
export type LiveDealBetween = { buyerUserId: string; sellerUserId: string; sellerEngaged: boolean };

/**
 * Deals between `userId` and any of `otherUserIds` (either direction) that are not cancelled. The
 * seller has engaged when they confirmed, made the offer on the table, the deal went past agreement,
 * or they ever confirmed or countered (a later counter-offer by the buyer resets the flags).
 */
export async function listLiveDealsBetween(
  db: Db,
  userId: string,
  otherUserIds: string[],
): Promise<LiveDealBetween[]> {
  if (otherUserIds.length === 0) return [];
  return db
    .select({
      buyerUserId: deals.buyerUserId,
      sellerUserId: deals.sellerUserId,
      sellerEngaged: sql<boolean>`(${deals.sellerConfirmed}
        or ${deals.lastOfferBy} = 'seller'
        or ${deals.status} in ('agreed', 'escrow_created', 'completed', 'disputed')
        or exists (select 1 from ${dealEvents} as e
                    where e.deal_id = "deals"."id" and e.actor_role = 'seller'
                      and e.transition in ('confirm', 'counter-offer')))`,
    })
    .from(deals)
    .where(
      and(
        sql`${deals.status} <> 'cancelled'`,
        or(
          and(eq(deals.buyerUserId, userId), inArray(deals.sellerUserId, otherUserIds)),
          and(eq(deals.sellerUserId, userId), inArray(deals.buyerUserId, otherUserIds)),
        ),
      ),
    );
}

/** The transitions that mark the progress checklist's steps, for a page of deals (oldest first). */
export async function findMilestoneEvents(
  db: Db,
  dealIds: string[],
): Promise<Array<{ dealId: string; transition: string; toStatus: DealStatus; createdAt: Date }>> {
  if (dealIds.length === 0) return [];
  return db
    .select({
      dealId: dealEvents.dealId,
      transition: dealEvents.transition,
      toStatus: dealEvents.toStatus,
      createdAt: dealEvents.createdAt,
    })
    .from(dealEvents)
    .where(
      and(
        inArray(dealEvents.dealId, dealIds),
        or(
          eq(dealEvents.toStatus, 'agreed'),
          inArray(dealEvents.transition, [
            'escrow-funded',
            'ship-goods',
            'release-escrow',
            'auto-release',
            'approve-early-release',
            'settle-claim',
          ]),
        ),
      ),
    )
    .orderBy(dealEvents.position);
}

/** Deals by id with their listing's title (null once the listing is gone): the payout statement's rows. */
export async function findDealsWithListingTitles(
  db: Db,
  ids: string[],
): Promise<
  Array<{
    id: string;
    listingTitle: string | null;
    buyerUserId: string;
    dealValueCents: number;
    commissionDeductedCents: number;
  }>
> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: deals.id,
      listingTitle: listingFacts.title,
      buyerUserId: deals.buyerUserId,
      dealValueCents: deals.dealValueCents,
      commissionDeductedCents: deals.commissionDeductedCents,
    })
    .from(deals)
    .leftJoin(listingFacts, eq(listingFacts.id, deals.listingId))
    .where(inArray(deals.id, ids));
}

/** How many deals the user completed, as buyer or seller (a new trader's track record). */
export async function countCompletedDeals(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deals)
    .where(
      and(eq(deals.status, 'completed'), or(eq(deals.buyerUserId, userId), eq(deals.sellerUserId, userId))),
    );
  return row?.n ?? 0;
}
