import type { Db } from '../../db/client.ts';
import { LEDGER_ACCOUNTS, type LedgerLine, type LedgerService } from '../ledger/index.ts';
import type { PaymentBooking, PaymentBooks, PaymentRow } from '../payments/index.ts';

/** Ledger accounts of the deal flow: the deals module is the only one that posts to them. */
export const DEAL_ACCOUNTS = {
  escrowHeld: LEDGER_ACCOUNTS.escrowHeld,
  /** Money the payment provider holds: card and Klarna charges arrive there. */
  cashProvider: LEDGER_ACCOUNTS.cashProvider,
  /** Money received by plain wire into our bank account. */
  cashBank: LEDGER_ACCOUNTS.cashBank,
  /** Money the escrow provider holds for a deal funded by escrow-protected wire. */
  cashEscrowProvider: LEDGER_ACCOUNTS.cashEscrowProvider,
  /** Card and Klarna processing fees charged to the buyer on top of the funding. */
  revenueProcessingFees: LEDGER_ACCOUNTS.revenueProcessingFees,
  revenueCommission: LEDGER_ACCOUNTS.revenueCommission,
  /** Refunds of commission payments (contra-revenue). */
  refunds: LEDGER_ACCOUNTS.refunds,
  payableSeller: LEDGER_ACCOUNTS.payableSeller,
  payableBuyer: LEDGER_ACCOUNTS.payableBuyer,
} as const;

/** The common prefix of every deal's escrow account (`escrow:held:<dealId>`). */
export const ESCROW_ACCOUNT_PREFIX = DEAL_ACCOUNTS.escrowHeld('');

/** Idempotency keys of the deal's ledger movements: each happens at most once per deal. */
export const dealLedgerKeys = {
  commission: (dealId: string) => `deal:${dealId}:commission`,
  commissionReversal: (dealId: string) => `deal:${dealId}:commission-reversal`,
  release: (dealId: string) => `deal:${dealId}:release`,
  refund: (dealId: string) => `deal:${dealId}:refund`,
  fundingFee: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:fee`,
  fundingFeeReversal: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:fee-reversal`,
  providerFunded: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:funded`,
  /** A card or Klarna charge that arrived for a deal already funded: owed to the buyer until refunded. */
  strayChargeSetAside: (paymentId: string) => `payment:${paymentId}:set-aside`,
  /** The one balanced transaction of a claim's settlement. */
  claimSettlement: (claimId: string) => `claim:${claimId}:settlement`,
};

/** Money from one account to another, as balanced lines. */
export const move = (from: string, to: string, amountCents: number): LedgerLine[] => [
  { account: from, amountCents },
  { account: to, amountCents: -amountCents },
];

/**
 * The payment-succeeded and payment-refunded hooks of a purpose this module books itself: each posts
 * the lines `movements` names, with the wording, reference and key the payments module fixed.
 */
export function paymentBooks(
  ledger: Pick<LedgerService, 'postTransaction'>,
  receivedKind: string,
  movements: {
    received(payment: PaymentRow, amountCents: number): LedgerLine[];
    refunded(payment: PaymentRow, amountCents: number): LedgerLine[];
  },
): PaymentBooks {
  async function post(kind: string, booking: PaymentBooking, lines: LedgerLine[], tx: Db): Promise<void> {
    await ledger.postTransaction({ poster: 'escrow', kind, ...booking.posting, lines }, tx);
  }
  return {
    paymentReceived: (booking, tx) =>
      post(receivedKind, booking, movements.received(booking.payment, booking.amountCents), tx),
    paymentRefunded: (booking, tx) =>
      post('refund', booking, movements.refunded(booking.payment, booking.amountCents), tx),
  };
}
