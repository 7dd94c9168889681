import { randomUUID } from 'node:crypto';
import {
  DEAL_MESSAGES,
  type FundEscrowResult,
  fundingBreakdown,
  paymentMethodsForTotal,
  percentToBps,
} from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { type FundingParties, type FundingTools, fundingHandlerFor } from './deal-funding-methods.ts';
import type { DealMoneyContext, DealMoneyFacts } from './deal-money.ts';
import {
  cancelPendingEscrowPayments,
  insertEscrowPayment,
  type NewEscrowPaymentRow,
} from './escrow-payments.repository.ts';

/**
 * The deals module's side of opening a funding: one transaction that fires 'fund-escrow', records
 * the attempt (`recordAttempt`), stores the provider's transaction id on the deal, and queues the
 * route's emails (`announceFunding`).
 */
export type FundingOpener = (step: {
  escrowTransactionId: string | null;
  recordAttempt(tx: Db): Promise<void>;
  announceFunding(tx: Db): Promise<void>;
}) => Promise<void>;

/** One funding request: the deal's facts and the deals module's part of opening it. */
export type FundDealInput = {
  user: SessionUser;
  deal: DealMoneyFacts;
  body: { method: string; includeCommission?: boolean };
  /** The listing's title, the funding's description everywhere. */
  title: string;
  partiesOf(): Promise<FundingParties>;
  open: FundingOpener;
};

/** POST /api/deals/:id/fund (after the deals module's checks): the buyer pays by the chosen route. */
export async function fund(ctx: DealMoneyContext, input: FundDealInput): Promise<FundEscrowResult> {
  const { user, deal, body } = input;
  const method = await ctx.getPaymentMethod(body.method);
  const includeCommission = body.includeCommission ?? true;
  const breakdown = fundingBreakdown({
    dealValueCents: deal.dealValueCents,
    commissionCents: deal.commissionCents,
    includeCommission,
    methodFeeBps: method ? percentToBps(method.processingFeePercentage) : 0,
  });
  if (!method || paymentMethodsForTotal([method], breakdown.totalCents).length === 0)
    throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
  const handler = fundingHandlerFor(method.type);
  if (!handler) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
  const tools: FundingTools = {
    ctx,
    startFunding: (attempt, announceFunding) => startFunding(ctx, input.open, attempt, announceFunding),
  };
  return handler.start(tools, {
    user,
    deal,
    partiesOf: input.partiesOf,
    method: method.type,
    includeCommission,
    breakdown,
    title: input.title,
    attempt: {
      dealId: deal.id,
      method: method.type,
      amountCents: breakdown.totalCents,
      dealValueCents: breakdown.dealValueCents,
      commissionCents: breakdown.commissionCents,
      feeCents: breakdown.feeCents,
    },
  });
}

/** 'fund-escrow' (the deals module's opener) with the attempt recorded; an earlier open attempt is superseded. */
async function startFunding(
  ctx: Pick<DealMoneyContext, 'clock'>,
  open: FundingOpener,
  attempt: Omit<NewEscrowPaymentRow, 'id'>,
  /** Emails of this route, queued in the same transaction. */
  announceFunding?: (tx: Db) => Promise<void>,
): Promise<void> {
  const { clock } = ctx;
  await open({
    escrowTransactionId: attempt.providerTransactionId ?? null,
    recordAttempt: async (tx) => {
      const now = clock.now();
      await cancelPendingEscrowPayments(tx, attempt.dealId, now);
      await insertEscrowPayment(tx, { id: randomUUID(), ...attempt, createdAt: now, updatedAt: now });
    },
    announceFunding: async (tx) => {
      await announceFunding?.(tx);
    },
  });
}
