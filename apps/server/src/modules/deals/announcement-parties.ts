import type { Db } from '../../db/client.ts';
import type { DealContext } from './deal-context.ts';
import { type DealRow, findListingBrief, findUserBriefs } from './deals.repository.ts';

/** The deal's listing and its two parties, as the emails and messages name them. */
export async function partiesOf(deps: Pick<DealContext, 'db'>, deal: DealRow, tx: Db = deps.db) {
  const listing = await findListingBrief(tx, deal.listingId);
  const users = await findUserBriefs(tx, [deal.buyerUserId, deal.sellerUserId]);
  return {
    listing,
    buyer: users.find((u) => u.id === deal.buyerUserId),
    seller: users.find((u) => u.id === deal.sellerUserId),
  };
}

/** `deal.updated` to both parties, delivered when `tx` commits: their open deal cards refetch. */
export async function publishUpdated(
  deps: Pick<DealContext, 'realtime'>,
  tx: Db,
  deal: DealRow,
): Promise<void> {
  const { realtime } = deps;
  await realtime.publishToUsers(
    [deal.buyerUserId, deal.sellerUserId],
    { type: 'deal.updated', deal: { id: deal.id, status: deal.status, escrowStatus: deal.escrowStatus } },
    { tx },
  );
}
