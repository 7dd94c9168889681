import type { DealMoneyContext } from './deal-money.ts';
import { listenToCardFunding } from './fund-by-card.ts';
import { listenToWireFunding } from './fund-by-wire.ts';
import { type FundDealInput, fund } from './open-funding.ts';
import { syncProviderTransaction } from './sync-escrow-provider.ts';

export type { FundDealInput, FundingOpener } from './open-funding.ts';

/**
 * Escrow funding: the buyer's choice of method goes to that method's handler (open-funding.ts), and
 * the money's arrival, from whichever route (fund-by-card.ts, fund-by-wire.ts,
 * sync-escrow-provider.ts), is announced to the deals module (`escrow.funding-outcome`), which records
 * it through its transition engine; the postings follow from there.
 */
export function createDealFunding(ctx: DealMoneyContext) {
  listenToCardFunding(ctx);
  listenToWireFunding(ctx);
  return {
    fund: (input: FundDealInput) => fund(ctx, input),
    syncProviderTransaction: (transactionId: string) => syncProviderTransaction(ctx, transactionId),
  };
}

export type DealFunding = ReturnType<typeof createDealFunding>;
