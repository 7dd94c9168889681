import { pgView } from 'drizzle-orm/pg-core';
import { deals } from './deals.table.ts';

/**
 * The deals read model the market joins (price index, environmental impact): who traded which listing,
 * for how much, how much was delivered, and where the deal and its escrow stand.
 */
export const dealFacts = pgView('deal_facts').as((qb) =>
  qb
    .select({
      id: deals.id,
      listingId: deals.listingId,
      buyerUserId: deals.buyerUserId,
      sellerUserId: deals.sellerUserId,
      status: deals.status,
      escrowStatus: deals.escrowStatus,
      escrowRequired: deals.escrowRequired,
      quantity: deals.quantity,
      dealValueCents: deals.dealValueCents,
      deliveredTonnes: deals.deliveredTonnes,
      warmMaterial: deals.warmMaterial,
      co2eAvoidedKg: deals.co2eAvoidedKg,
      impactRecordedAt: deals.impactRecordedAt,
      completedAt: deals.completedAt,
    })
    .from(deals),
);
