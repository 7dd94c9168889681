import { CLAIM_REASONS, CLAIM_STATUSES } from '@app/shared/deals/claim-rules';
import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { deals } from './deals.table.ts';

/**
 * A buyer's claim against a shipped deal (`@app/shared/deals/claim-machine`). The status moves only
 * through the shared claim machine, one conditional update per step; a deal has at most one open
 * claim, and while it is open the deal's escrow moves only by the claim's settlement.
 */
export const dealClaims = pgTable(
  'deal_claims',
  {
    id: text().primaryKey(),
    dealId: text()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: text({ enum: CLAIM_STATUSES }).notNull().default('awaiting_seller'),
    reason: text({ enum: CLAIM_REASONS }).notNull(),
    /** In the deal's unit. */
    affectedQuantity: numeric({ precision: 14, scale: 4, mode: 'number' }).notNull(),
    /** What the escrow held when the claim opened: the ceiling of every amount and the sum of the split. */
    heldCents: integer().notNull(),
    claimedCents: integer().notNull(),
    /** The seller's partial offer, while one stands or after the buyer took it. */
    offeredCents: integer(),
    buyerNote: text(),
    sellerNote: text(),
    openedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The end of the seller's answer window, fixed when the claim opens. */
    answerDueAt: timestamp({ withTimezone: true }).notNull(),
    answeredAt: timestamp({ withTimezone: true }),
    escalatedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** The settlement, once settled: the two add up to held_cents. */
    buyerRefundCents: integer(),
    sellerPayoutCents: integer(),
    /** The administrator who decided an escalated claim, and why. */
    decidedByAdminEmail: text(),
    decisionNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_claims_one_open')
      .on(t.dealId)
      .where(sql`${t.status} in ('awaiting_seller', 'offered', 'rejected', 'escalated')`),
    index('deal_claims_deal_idx').on(t.dealId, t.openedAt.desc()),
    index('deal_claims_status_idx').on(t.status, t.answerDueAt),
    check(
      'deal_claims_claimed_within_held',
      sql`${t.claimedCents} > 0 and ${t.claimedCents} <= ${t.heldCents}`,
    ),
    check(
      'deal_claims_split_adds_up',
      sql`(${t.buyerRefundCents} is null and ${t.sellerPayoutCents} is null) or (${t.buyerRefundCents} >= 0 and ${t.sellerPayoutCents} >= 0 and ${t.buyerRefundCents} + ${t.sellerPayoutCents} = ${t.heldCents})`,
    ),
  ],
);

/** A claim's timeline: one row per step (who, what, with which amount, note and evidence). */
export const dealClaimEvents = pgTable(
  'deal_claim_events',
  {
    id: text().primaryKey(),
    /** Insertion order: a claim's steps are written under its deal's row lock. */
    position: bigserial({ mode: 'number' }).notNull(),
    claimId: text()
      .notNull()
      .references(() => dealClaims.id, { onDelete: 'cascade' }),
    transition: text().notNull(),
    actorRole: text({ enum: ['buyer', 'seller', 'admin', 'system'] }).notNull(),
    actorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    amountCents: integer(),
    note: text(),
    /** private_files ids (photos, weighbridge slips, inspection reports). */
    evidenceFileIds: text().array().notNull().default(sql`'{}'::text[]`),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_claim_events_claim_idx').on(t.claimId, t.position)],
);
