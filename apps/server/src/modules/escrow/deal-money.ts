import type { CommissionPayer } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { EscrowProvider } from './escrow-provider.ts';
import type { WireTransfersService } from './wire-transfers.service.ts';

/**
 * What escrow needs to know of a deal to move its money: the deals module hands it in (a deal row
 * has every field), so escrow never reads the deals table.
 */
export type DealMoneyFacts = {
  id: string;
  buyerUserId: string;
  sellerUserId: string;
  dealValueCents: number;
  commissionCents: number;
  commissionRateBps: number;
  commissionIncludedInFunding: boolean;
  commissionSettledAt: Date | null;
  commissionPaidBuyerCents: number;
  commissionPaidSellerCents: number;
  commissionPayer: CommissionPayer | null;
};

/** The deal columns a money movement changes; the deals module writes them in the same transaction. */
export type DealMoneyChanges = {
  escrowSplittable?: boolean;
  commissionIncludedInFunding?: boolean;
  commissionSettledAt?: Date | null;
  commissionDeductedCents?: number;
  commissionPayerProposal?: null;
  commissionProposedBy?: null;
};

/** The transitions that move money: each books its ledger lines in the transition's transaction. */
export const MONEY_TRANSITIONS = [
  'escrow-funded',
  'release-escrow',
  'auto-release',
  'approve-early-release',
  'refund-escrow',
  'settle-claim',
] as const;
export type MoneyTransition = (typeof MONEY_TRANSITIONS)[number];
export const isMoneyTransition = (transition: string): transition is MoneyTransition =>
  (MONEY_TRANSITIONS as readonly string[]).includes(transition);
/** The transitions that pay the held escrow out to the seller. */
export const RELEASES: readonly string[] = ['release-escrow', 'auto-release', 'approve-early-release'];

/** The part of a deal transition's payload that concerns its money. */
export type DealMoneyPayload = {
  /** The funding attempt whose money arrived or failed (escrow-funded, funding-failed). */
  escrowPaymentId?: string;
  source?: 'checkout' | 'wire' | 'escrow_provider';
  /** settle-claim: the deal's open claim and how it splits the held escrow (they add up to it). */
  claimSettlement?: { claimId: string; buyerRefundCents: number; sellerPayoutCents: number };
};

/**
 * Money for a deal arrived (`funded`) or will not (`failed`), inside the transaction that learnt it.
 * The deals module locks the deal, fires `escrow-funded` or `funding-failed`, and replies; a listener
 * that throws rolls the whole transaction back.
 */
export type DealFundingOutcome = {
  tx: Db;
  dealId: string;
  outcome: 'funded' | 'failed';
  source: NonNullable<DealMoneyPayload['source']>;
  /** Who the transition is recorded as: the server (provider, payment) or an administrator (a wire). */
  actor: 'system' | 'admin';
  escrowPaymentId?: string;
  /** False: nothing to record, only whether the deal exists is asked (a charge no attempt asked for). */
  record: boolean;
  /** Asked under the deal's row lock: false when a concurrent notification already recorded it. */
  stillDue?: () => Promise<boolean>;
  /** `recorded`: the transition happened; `refused`: the deal would not take it; `not-due`: see stillDue. */
  reply(answer: 'recorded' | 'refused' | 'not-due' | 'no-deal'): void;
};

/** A commission payment of a party booked (or refunded) inside the payment's booking transaction. */
export type DealCommissionPayment = { tx: Db; dealId: string; userId: string; amountCents: number };

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /** In the transaction that learnt it: money for a deal arrived or will not. */
    'escrow.funding-outcome': DealFundingOutcome;
    /** In the booking transaction: a party's commission payment counts toward the deal's commission. */
    'escrow.commission-paid': DealCommissionPayment;
    /** In the refund's booking transaction: a refunded commission payment no longer counts. */
    'escrow.commission-refunded': DealCommissionPayment;
    /** After the commission payment's booking committed (what was paid beyond the commission goes back). */
    'escrow.commission-booked': { dealId: string };
  }
}

/** A payment method as funding needs it (type, fee, enabled). */
export type FundingMethod = { type: string; name: string; processingFeePercentage: number; enabled: boolean };

/** What the escrow service of deal money is built from. */
export type DealMoneyContext = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  payments: PaymentsService;
  notifications: NotificationsService;
  escrowProvider: EscrowProvider;
  wireTransfers: Pick<WireTransfersService, 'createForDeal' | 'onDealEscrowVerified' | 'onDealEscrowFailed'>;
  getPaymentMethod(type: string): Promise<FundingMethod | null>;
  events: AppEventBus;
  /** The My Deals page, linked from the funding emails. */
  dealsUrl: string;
  logError: (msg: string, err: unknown) => void;
};

/** Asks the deals module to record a funding outcome; `no-deal` when nobody answers. */
export async function announceFundingOutcome(
  events: AppEventBus,
  event: Omit<DealFundingOutcome, 'reply'>,
): Promise<'recorded' | 'refused' | 'not-due' | 'no-deal'> {
  let answer: 'recorded' | 'refused' | 'not-due' | 'no-deal' = 'no-deal';
  await events.emit('escrow.funding-outcome', {
    ...event,
    reply: (a) => {
      answer = a;
    },
  });
  return answer;
}
