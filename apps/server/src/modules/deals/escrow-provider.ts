/**
 * The escrow provider seam: an Escrow.com-style REST service holds the buyer's wire transfer and pays
 * the seller on release. The built-in sandbox is used by default (ESCROW_API_KEY unset). Amounts are
 * integer cents; the adapters convert to what their service wants at the edge.
 */
export type EscrowProviderName = 'sandbox' | 'escrow.com';

/** A provider transaction's state, normalised. */
export type EscrowProviderStatus = 'awaiting_payment' | 'funded' | 'released' | 'refunded' | 'cancelled';

export type CreateEscrowTransactionInput = {
  dealId: string;
  dealValueCents: number;
  commissionCents: number;
  totalCents: number;
  buyerEmail: string;
  sellerEmail: string;
  itemDescription: string;
  currency: 'USD';
  /** Marks the transaction as a test (the /escrow-test run); the sandbox and provider test modes honour it. */
  testMode?: boolean;
};

export type EscrowTransaction = {
  transactionId: string;
  status: EscrowProviderStatus;
  amountCents: number;
  /** The provider's page where the buyer sees wire instructions and funds the transaction. */
  escrowUrl: string;
  /** Human-readable payment instructions (bank details and reference) for the buyer. */
  instructions: string;
};

export interface EscrowProvider {
  readonly name: EscrowProviderName;
  /** The host shown in error toasts ("{host} Error"). */
  readonly host: string;
  createTransaction(input: CreateEscrowTransactionInput): Promise<EscrowTransaction>;
  getTransaction(transactionId: string): Promise<EscrowTransaction | null>;
  /** Pays the seller. Idempotent: releasing a released transaction is a no-op. */
  releaseFunds(transactionId: string): Promise<void>;
  /** Returns the money to the buyer. Idempotent like release. */
  refundFunds(transactionId: string): Promise<void>;
}

/** Thrown by adapters with the provider's error text; the deals service maps it to the spec's messages. */
export class EscrowProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'EscrowProviderError';
    this.status = status;
  }
}

/**
 * The spec's mapping from provider error text to what the user reads (document 001, section 8),
 * first match wins.
 */
export function escrowErrorMeaning(errorText: string): string {
  const t = errorText.toLowerCase();
  if (t.includes('api key')) return 'Escrow service configuration issue. Please contact support.';
  if (t.includes('email')) return 'Invalid email addresses for the escrow transaction.';
  if (t.includes('amount')) return 'Invalid transaction amount.';
  if (t.includes('authentication') || t.includes('401'))
    return 'Authentication with the escrow service failed.';
  if (t.includes('400')) return 'Invalid transaction data.';
  return errorText;
}
