import { pgView } from 'drizzle-orm/pg-core';
import { listings } from './listings.table.ts';

/**
 * The listings read model other modules join (deals, messaging, matching, the price index): what is offered,
 * by whom, how much at what price, where, and whether it is live.
 */
export const listingFacts = pgView('listing_facts').as((qb) =>
  qb
    .select({
      id: listings.id,
      userId: listings.userId,
      title: listings.title,
      type: listings.type,
      category: listings.category,
      grade: listings.grade,
      unit: listings.unit,
      quantity: listings.quantity,
      quantityTonnes: listings.quantityTonnes,
      priceCents: listings.priceCents,
      location: listings.location,
      pricePerTonneCents: listings.pricePerTonneCents,
      status: listings.status,
      approvalStatus: listings.approvalStatus,
      holdReason: listings.holdReason,
      matchRadiusKm: listings.matchRadiusKm,
      latitude: listings.latitude,
      longitude: listings.longitude,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings),
);
