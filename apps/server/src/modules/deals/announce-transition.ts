import { DEFAULT_AUTO_RELEASE_DAYS, type DealTransition } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES, dealTypeOf } from '@app/shared/deals/deals.schemas';
import { formatCents } from '@app/shared/money/money';
import type { Db } from '../../db/client.ts';
import { dealEmail } from '../escrow/index.ts';
import { partiesOf, publishUpdated } from './announcement-parties.ts';
import type { DealContext } from './deal-context.ts';
import type { DealRow } from './deals.repository.ts';

export const dealKindOf = (row: DealRow) =>
  dealTypeOf(row.notes) === 'buy_now' ? 'Buy Now purchase' : 'offer';

/** The emails of the transitions that send one, by transition. */
const TRANSITION_EMAIL: Partial<Record<DealTransition, string>> = {
  'escrow-funded': 'deal-escrow-funded',
  'ship-goods': 'deal-shipped',
  'release-escrow': 'deal-released',
  'auto-release': 'deal-released',
  'approve-early-release': 'deal-released',
  'refund-escrow': 'deal-refunded',
  'open-dispute': 'deal-dispute-opened',
};

/**
 * Whose devices hear of a step by push: the party the deal now waits for, or whom the step pays.
 * The other party learns of it on the page and by email.
 */
const DEAL_STEP_PUSH_TO: Partial<Record<DealTransition, ReadonlyArray<'buyer' | 'seller'>>> = {
  'escrow-funded': ['seller'],
  'ship-goods': ['buyer'],
  'release-escrow': ['seller'],
  'auto-release': ['seller'],
  'approve-early-release': ['seller'],
  'refund-escrow': ['buyer'],
  'open-dispute': ['buyer', 'seller'],
};

/**
 * The realtime event and the emails of a transition, written in its own transaction (a transactional
 * outbox): they go out exactly when the change commits, and never for a change that rolled back or
 * whose process died before committing.
 */
export async function announceTransition(
  deps: Pick<DealContext, 'db' | 'dealsUrl' | 'notifications' | 'push' | 'realtime'>,
  tx: Db,
  after: DealRow,
  transition: DealTransition,
): Promise<void> {
  const { dealsUrl, notifications, push } = deps;
  await publishUpdated(deps, tx, after);
  const kind = TRANSITION_EMAIL[transition];
  if (!kind) return;
  const { listing, buyer, seller } = await partiesOf(deps, after, tx);
  const value = formatCents(after.dealValueCents);
  const title = listing?.title ?? 'your deal';
  const messages: Record<string, { subject: string; heading: string; lines: string[] }> = {
    'deal-escrow-funded': {
      subject: `Escrow funded: ${title}`,
      heading: 'Escrow is funded',
      lines: [
        `The escrow of the deal for ${title} (${value}) is funded.`,
        'The seller can now ship the goods.',
      ],
    },
    'deal-shipped': {
      subject: `Goods shipped: ${title}`,
      heading: 'The goods are on their way',
      lines: [
        `The seller marked the goods of ${title} (${value}) as shipped.`,
        after.escrowStatus === 'held'
          ? `Escrow is released to the seller after ${DEFAULT_AUTO_RELEASE_DAYS} days. Record the delivery on the deal when the goods arrive; if they fall short of the deal, open a claim with photos or a weighbridge slip before then.`
          : 'No escrow was used for this deal: you and the seller settle the payment directly.',
      ],
    },
    'deal-released': {
      subject: `Escrow released: ${title}`,
      heading: DEAL_MESSAGES.released,
      lines: [`The escrow of the deal for ${title} (${value}) was released to the seller.`],
    },
    'deal-refunded': {
      subject: `Escrow refunded: ${title}`,
      heading: DEAL_MESSAGES.refunded,
      lines: [`The escrow of the deal for ${title} (${value}) was refunded to the buyer.`],
    },
    'deal-dispute-opened': {
      subject: `Dispute opened: ${title}`,
      heading: 'A dispute was opened',
      lines: [
        `A dispute was opened on the deal for ${title} (${value}).`,
        `Reason: ${after.disputeReason ?? ''}`,
        'An administrator will resolve it by releasing or refunding the escrow.',
      ],
    },
  };
  const recipients = transition === 'ship-goods' ? [buyer] : [buyer, seller];
  for (const party of DEAL_STEP_PUSH_TO[transition] ?? []) {
    const to = party === 'buyer' ? buyer : seller;
    if (!to) continue;
    await push?.queue(
      to.id,
      'deals',
      {
        title: messages[kind].heading,
        body: messages[kind].lines[0],
        url: '/deals',
        tag: `deal-${after.id}`,
      },
      // Never about a party the recipient blocked.
      { tx, about: party === 'buyer' ? after.sellerUserId : after.buyerUserId },
    );
  }
  for (const to of recipients) {
    if (!to) continue;
    await notifications.queueEmail(
      {
        to: to.email,
        kind,
        meta: { dealId: after.id },
        render: (brand) => dealEmail(brand, { ...messages[kind], url: dealsUrl }),
      },
      { tx },
    );
  }
}
