import { sql } from 'drizzle-orm';
import { boolean, numeric, pgView, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How each deal ended, for the modules that judge traders by it (reviews and reputation): when its
 * escrow was released (the newest event that moved the escrow to released), when a claim on it was
 * settled, and whether a settled claim gave the buyer money back (the seller lost it). Its columns are
 * named explicitly: drizzle's snake_case casing does not reach a view declared with raw SQL.
 */
export const dealOutcomes = pgView('deal_outcomes', {
  id: text('id').notNull(),
  listingId: text('listing_id').notNull(),
  buyerUserId: text('buyer_user_id').notNull(),
  sellerUserId: text('seller_user_id').notNull(),
  status: text('status').notNull(),
  escrowStatus: text('escrow_status').notNull(),
  escrowRequired: boolean('escrow_required').notNull(),
  deliveredTonnes: numeric('delivered_tonnes', { precision: 14, scale: 4, mode: 'number' }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  commissionSettledAt: timestamp('commission_settled_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  claimSettledAt: timestamp('claim_settled_at', { withTimezone: true }),
  claimLostBySeller: boolean('claim_lost_by_seller').notNull(),
}).as(sql`
  select d.id, d.listing_id, d.buyer_user_id, d.seller_user_id, d.status, d.escrow_status,
    d.escrow_required, d.delivered_tonnes, d.completed_at, d.commission_settled_at,
    (select max(e.created_at) from deal_events e
      where e.deal_id = d.id and e.to_escrow_status = 'released' and e.from_escrow_status <> 'released')
      as released_at,
    c.settled_at as claim_settled_at,
    coalesce(c.lost, false) as claim_lost_by_seller
  from deals d
  left join lateral (
    select max(coalesce(dc.closed_at, dc.updated_at)) as settled_at, bool_or(dc.buyer_refund_cents > 0) as lost
    from deal_claims dc where dc.deal_id = d.id and dc.status = 'settled'
  ) c on true
`);
