import { formatCents } from '@app/shared/money/money';
import type { Db } from '../../db/client.ts';
import { dealEmail } from '../escrow/index.ts';
import { dealKindOf } from './announce-transition.ts';
import type { DealContext } from './deal-context.ts';
import { type DealRow, findUserBriefs, type ListingBrief } from './deals.repository.ts';

/** Both parties hear of a new deal; a failed email or message never stops the deal. */
export async function announceCreated(
  deps: Pick<DealContext, 'dealsUrl' | 'notifications' | 'push' | 'realtime'>,
  tx: Db,
  row: DealRow,
  listing: ListingBrief,
): Promise<void> {
  const { dealsUrl, notifications, push, realtime } = deps;
  const users = await findUserBriefs(tx, [row.buyerUserId, row.sellerUserId]);
  const buyer = users.find((u) => u.id === row.buyerUserId);
  const seller = users.find((u) => u.id === row.sellerUserId);
  const value = formatCents(row.dealValueCents);
  await realtime.publishToUsers(
    [row.buyerUserId, row.sellerUserId],
    {
      type: 'deal.created',
      dealId: row.id,
      listingTitle: listing.title,
      dealValueCents: row.dealValueCents,
      buyerUserId: row.buyerUserId,
      sellerUserId: row.sellerUserId,
    },
    { tx },
  );
  // The seller's answer is what the new deal waits for.
  if (seller)
    await push?.queue(
      seller.id,
      'deals',
      {
        title: `New deal proposed for ${listing.title}`,
        body: `${buyer?.name ?? 'A buyer'} proposed ${value}. Confirm it to proceed with escrow.`,
        url: '/deals',
        tag: `deal-${row.id}`,
      },
      { tx, about: row.buyerUserId },
    );
  for (const [to, heading] of [
    [buyer, `You proposed a deal for ${listing.title}`],
    [seller, `New deal proposed for ${listing.title}`],
  ] as const) {
    if (!to) continue;
    await notifications.queueEmail(
      {
        to: to.email,
        kind: 'deal-created',
        meta: { dealId: row.id },
        render: (brand) =>
          dealEmail(brand, {
            subject: `New deal: ${listing.title} (${value})`,
            heading,
            lines: [
              `Deal value: ${value} (${dealKindOf(row)})`,
              `Buyer: ${buyer?.name ?? ''}`,
              `Seller: ${seller?.name ?? ''}`,
              'Both parties need to confirm to proceed with escrow.',
            ],
            url: dealsUrl,
          }),
      },
      { tx },
    );
  }
}

/** The deal's message in the buyer–seller thread, after the commit (a failure never stops the deal). */
export async function postDealMessage(
  deps: Pick<DealContext, 'logError' | 'messaging'>,
  row: DealRow,
  listing: ListingBrief,
): Promise<void> {
  const { logError, messaging } = deps;
  if (!messaging) return;
  await messaging
    .openConversation({
      starterId: row.buyerUserId,
      recipientId: row.sellerUserId,
      subject: `Deal: ${listing.title}`,
      listingId: listing.id,
      firstMessage: {
        content: `New ${dealKindOf(row)} for ${listing.title}: ${formatCents(row.dealValueCents)}.`,
        messageType: 'deal',
        metadata: { dealId: row.id, dealValueCents: row.dealValueCents },
      },
    })
    .catch((err) => logError('deal message failed', err));
}
