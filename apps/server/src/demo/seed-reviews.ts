import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dealOutcomes, dealReviews, users } from '../db/schema.ts';
import type { ReputationService, ReviewsService } from '../modules/reviews/index.ts';

/** What each side says, in turn: the buyer of the seller, then the seller of the buyer. */
const WORDS: Array<{ buyer: [number, number, number, string]; seller: [number, number, number, string] }> = [
  {
    buyer: [
      5,
      4,
      5,
      'Bales as described, weighbridge slip matched within 0.3%. Loading photos sent the same day.',
    ],
    seller: [5, 5, 4, 'Paid into escrow the day we agreed. Clear delivery instructions.'],
  },
  {
    buyer: [4, 5, 4, 'Good material, a little more moisture than the sample but within the agreed 2%.'],
    seller: [5, 4, 5, 'Straightforward buyer, released escrow as soon as the trucks arrived.'],
  },
  {
    buyer: [5, 5, 5, 'Best copper wire lot we bought this year. Will order again.'],
    seller: [4, 4, 4, 'Collection was a day late, otherwise smooth.'],
  },
  {
    buyer: [4, 4, 3, 'Clean PET, but the shipment left three days after the date we agreed.'],
    seller: [5, 5, 5, 'Quick answers and quick payment.'],
  },
  {
    buyer: [5, 5, 4, 'Consistent quality across both loads.'],
    seller: [5, 4, 5, 'Reliable partner for monthly lots.'],
  },
];

/**
 * Reviews of the demo's concluded deals, written through the reviews service as the two parties
 * would: most deals reviewed by both (published at once), the newest by its buyer only (waiting,
 * double-blind, for the seller's review or the end of the window). Then every demo trader's reputation
 * is computed, so company pages show real figures. Does nothing once any review exists.
 */
export async function seedDemoReviews(
  db: Db,
  services: { reviews: ReviewsService; reputation: ReputationService },
): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(dealReviews);
  if (n > 0) return { seeded: false };
  const people = await db.select({ id: users.id, email: users.email, name: users.name }).from(users);
  const byId = new Map(people.map((p) => [p.id, p]));
  const concluded = await db
    .select({ id: dealOutcomes.id, buyer: dealOutcomes.buyerUserId, seller: dealOutcomes.sellerUserId })
    .from(dealOutcomes)
    .where(and(eq(dealOutcomes.status, 'completed'), eq(dealOutcomes.escrowStatus, 'released')))
    .orderBy(asc(dealOutcomes.completedAt), asc(dealOutcomes.id));
  for (const [i, deal] of concluded.entries()) {
    const buyer = byId.get(deal.buyer);
    const seller = byId.get(deal.seller);
    if (!buyer || !seller) continue;
    const words = WORDS[i % WORDS.length];
    const body = ([asAgreed, communication, timeliness, comment]: [number, number, number, string]) => ({
      stars: { asAgreed, communication, timeliness },
      comment,
    });
    await services.reviews.submitReview(buyer, deal.id, body(words.buyer));
    if (i < concluded.length - 1) await services.reviews.submitReview(seller, deal.id, body(words.seller));
  }
  await services.reputation.recomputeReputation(people.map((p) => p.id));
  return { seeded: concluded.length > 0 };
}
