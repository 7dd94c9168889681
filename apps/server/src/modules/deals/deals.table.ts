import { DEAL_STATUSES, ESCROW_STATUSES } from '@app/shared/deals/deal-machine';
import { COMMISSION_PAYERS } from '@app/shared/deals/deals.schemas';
import { LISTING_UNITS } from '@app/shared/listings/listings.schemas';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { listings } from '../listings/listings.table.ts';

const PARTIES = ['buyer', 'seller'] as const;

export type EscrowProviderClaim = {
  id: string;
  transition: 'release-escrow' | 'auto-release' | 'approve-early-release' | 'refund-escrow';
  actor: { role: 'buyer' | 'seller' | 'admin' | 'system'; userId: string | null };
  /** The administrator's audit entry, written when the transition is recorded. */
  audit?: { actor: { id: string; email: string }; action: string; targetType: string; targetId: string };
  claimedAt: string;
};
/**
 * A deal between a buyer and the owner of a listing. status and escrow_status move only through
 * the shared machine (`@app/shared/deals/deal-machine`), one conditional update per transition.
 */
export const deals = pgTable(
  'deals',
  {
    id: text().primaryKey(),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    buyerUserId: text()
      .notNull()
      .references(() => users.id),
    sellerUserId: text()
      .notNull()
      .references(() => users.id),
    dealValueCents: integer().notNull(),
    /** The rate at creation (settings `fees.commission_rate_bps`); the deal keeps it. */
    commissionRateBps: integer().notNull(),
    commissionCents: integer().notNull(),
    /**
     * Settings `deals.escrow_required` at creation; the deal keeps it. When false the seller may ship
     * before escrow is funded and the parties settle outside the platform.
     */
    escrowRequired: boolean().notNull().default(true),
    /** Made by Buy Now (one open Buy Now deal per buyer and listing: a repeat click gets the same deal). */
    buyNow: boolean().notNull().default(false),
    status: text({ enum: DEAL_STATUSES }).notNull().default('initiated'),
    escrowStatus: text({ enum: ESCROW_STATUSES }).notNull().default('none'),
    buyerConfirmed: boolean().notNull().default(false),
    sellerConfirmed: boolean().notNull().default(false),
    lastOfferBy: text({ enum: PARTIES }).notNull().default('buyer'),
    earlyReleaseRequestedBy: text({ enum: PARTIES }),
    escrowTransactionId: text(),
    /**
     * A release or refund claimed at the escrow provider and not yet recorded: while set, every other
     * transition is refused, and the reconcile job finishes it if the process died mid-way.
     */
    escrowProviderClaim: jsonb().$type<EscrowProviderClaim>(),
    notes: text(),
    disputeReason: text(),
    /** When the current dispute was opened (the admin screen shows it; updatedAt moves on later changes). */
    disputeOpenedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** When the buyer recorded the goods' arrival: the claim window counts from here. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** The open claim (deal_claims): set and cleared with it under this row's lock; escrow is frozen meanwhile. */
    openClaimId: text(),
    /**
     * Whether a claim can split the held escrow: false once an external escrow service holds the money
     * (it releases or refunds whole transactions), set when the funding arrives.
     */
    escrowSplittable: boolean().notNull().default(true),
    commissionPayer: text({ enum: COMMISSION_PAYERS }),
    commissionPaidBuyerCents: integer().notNull().default(0),
    commissionPaidSellerCents: integer().notNull().default(0),
    /** The unpaid commission taken out of the seller's payout at release. */
    commissionDeductedCents: integer().notNull().default(0),
    /**
     * A payer choice that would shift commission onto the other party waits for them to choose it
     * too: never imposed.
     */
    commissionPayerProposal: text({ enum: COMMISSION_PAYERS }),
    commissionProposedBy: text({ enum: PARTIES }),
    /** The buyer paid the commission with the escrow funding (booked when the money arrived). */
    commissionIncludedInFunding: boolean().notNull().default(false),
    commissionSettledAt: timestamp({ withTimezone: true }),
    /** Snapshot at creation: the offer's quantity, else the listing's, in the listing's unit. */
    quantity: numeric({ precision: 14, scale: 4, mode: 'number' }),
    unit: text({ enum: LISTING_UNITS }),
    /** Recorded with the completing transition: tonnes delivered (null for pieces). */
    deliveredTonnes: numeric({ precision: 14, scale: 4, mode: 'number' }),
    /** The EPA WARM material of the listing's grade, null when no factor applies. */
    warmMaterial: text(),
    /** Estimated kg CO2e avoided by recycling instead of landfilling; null when a factor is missing. */
    co2eAvoidedKg: integer(),
    /** When the impact was recorded: at most once per deal. */
    impactRecordedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deals_buyer_idx').on(t.buyerUserId, t.createdAt.desc()),
    index('deals_seller_idx').on(t.sellerUserId, t.createdAt.desc()),
    index('deals_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('deals_status_idx').on(t.status, t.escrowStatus),
    index('deals_impact_idx').on(t.impactRecordedAt).where(sql`impact_recorded_at is not null`),
    uniqueIndex('deals_one_open_buy_now')
      .on(t.buyerUserId, t.listingId)
      .where(sql`${t.buyNow} and ${t.status} not in ('completed', 'cancelled')`),
    check('deals_two_parties', sql`${t.buyerUserId} <> ${t.sellerUserId}`),
    check('deals_value_positive', sql`${t.dealValueCents} > 0`),
  ],
);

/** The history of a deal: one row per applied transition (who, from, to, with what). */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: text().primaryKey(),
    /** Insertion order: events of one deal are written under its row lock, so this is their order. */
    position: bigserial({ mode: 'number' }).notNull(),
    dealId: text()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    transition: text().notNull(),
    actorRole: text({ enum: ['buyer', 'seller', 'admin', 'system'] }).notNull(),
    actorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    fromStatus: text({ enum: DEAL_STATUSES }).notNull(),
    toStatus: text({ enum: DEAL_STATUSES }).notNull(),
    fromEscrowStatus: text({ enum: ESCROW_STATUSES }).notNull(),
    toEscrowStatus: text({ enum: ESCROW_STATUSES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_events_deal_idx').on(t.dealId, t.position)],
);
