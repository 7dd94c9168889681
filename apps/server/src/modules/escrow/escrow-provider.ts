import { DEAL_MESSAGES, type EscrowErrorDetails } from '@app/shared/deals/deals.schemas';
import { AppError } from '../../lib/app-error.ts';

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

/**
 * Runs an escrow provider call. A failure is 502 with the spec's message (`message` when the service
 * answered with an error, "No response…" when it did not answer, "No transaction ID…" when it answered
 * without one) and, for the web's "{host} Error" toast, the provider's host and what the error means.
 */
export async function callEscrowProvider<T>(
  provider: EscrowProvider,
  message: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (!(err instanceof EscrowProviderError))
      throw escrowProviderFailure(provider, message, err instanceof Error ? err.message : String(err));
    if (err.message === DEAL_MESSAGES.noTransactionId)
      throw escrowProviderFailure(provider, DEAL_MESSAGES.noTransactionId, err.message);
    // No answer at all: the socket error means nothing to the user, the spec's message does.
    if (err.status === null)
      throw escrowProviderFailure(provider, DEAL_MESSAGES.noEscrowResponse, DEAL_MESSAGES.noEscrowResponse);
    throw escrowProviderFailure(provider, message, err.message);
  }
}

export function escrowProviderFailure(
  provider: EscrowProvider,
  message: string,
  errorText: string,
): AppError {
  const details: EscrowErrorDetails = { host: provider.host, meaning: escrowErrorMeaning(errorText) };
  return new AppError('PAYMENT_PROVIDER_ERROR', message, details, { expose: true });
}
