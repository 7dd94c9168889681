import type { DealTransition } from '@app/shared/deals/deal-machine';
import type { Db } from '../../db/client.ts';
import { announceCreated, postDealMessage } from './announce-created.ts';
import { announceTransition } from './announce-transition.ts';
import { partiesOf, publishUpdated } from './announcement-parties.ts';
import type { DealContext } from './deal-context.ts';
import type { DealRow, ListingBrief } from './deals.repository.ts';

/**
 * What the parties hear of a deal: the realtime events and emails of its creation and its transitions
 * (written in the change's own transaction, a transactional outbox) and the deal's message in the
 * buyer–seller thread.
 * Each is a use case of its own (announce-transition.ts, announce-created.ts, announcement-parties.ts).
 */
export function createDealAnnouncements(ctx: DealContext) {
  return {
    partiesOf: (deal: DealRow, tx?: Db) => partiesOf(ctx, deal, tx),
    announceTransition: (tx: Db, after: DealRow, transition: DealTransition) =>
      announceTransition(ctx, tx, after, transition),
    publishUpdated: (tx: Db, deal: DealRow) => publishUpdated(ctx, tx, deal),
    announceCreated: (tx: Db, row: DealRow, listing: ListingBrief) => announceCreated(ctx, tx, row, listing),
    postDealMessage: (row: DealRow, listing: ListingBrief) => postDealMessage(ctx, row, listing),
  };
}

export type DealAnnouncements = ReturnType<typeof createDealAnnouncements>;
