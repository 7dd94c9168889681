import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import {
  type CreateEscrowTransactionInput,
  type EscrowProvider,
  EscrowProviderError,
  type EscrowProviderStatus,
  type EscrowTransaction,
} from '../escrow-provider.ts';

/** What the adapter reads of an Escrow.com transaction (API version 2017-09-01). */
type EscrowComTransaction = {
  id: number | string;
  currency?: string;
  items?: Array<{
    type?: string;
    status?: Partial<
      Record<'canceled' | 'rejected_returned' | 'shipped_returned' | 'accepted' | 'received', boolean>
    >;
    schedule?: Array<{
      amount?: number;
      status?: Partial<Record<'secured' | 'disbursed_to_beneficiary', boolean>>;
    }>;
  }>;
};

const REQUEST_TIMEOUT_MS = 15_000;
/** Three days for the buyer to inspect the goods, Escrow.com's default. */
const INSPECTION_PERIOD_SECONDS = 259_200;

const toDollars = (cents: number) => Math.round(cents) / 100;

/** The provider's transaction state, normalised: cancel and refund win, then release, then funding. */
export function mapEscrowComStatus(tx: EscrowComTransaction): EscrowProviderStatus {
  const items = tx.items ?? [];
  const schedules = items.flatMap((i) => i.schedule ?? []);
  if (items.some((i) => i.status?.canceled)) return 'cancelled';
  if (items.some((i) => i.status?.rejected_returned || i.status?.shipped_returned)) return 'refunded';
  if (schedules.length > 0 && schedules.every((s) => s.status?.disbursed_to_beneficiary)) return 'released';
  if (schedules.some((s) => s.status?.secured)) return 'funded';
  return 'awaiting_payment';
}

/** The buyer-facing page of a transaction: www.<domain> next to api.<domain>. */
export function escrowComWebUrl(apiUrl: string, transactionId: string): string {
  const host = new URL(apiUrl).host.replace(/^api\./, 'www.');
  return `https://${host}/transactions/${encodeURIComponent(transactionId)}`;
}

/**
 * The Escrow.com-style REST adapter: basic auth with the account email and API key, amounts in
 * dollars at this edge. Errors become EscrowProviderError carrying the HTTP status and the provider's text.
 */
export function createEscrowComProvider(config: {
  apiUrl: string;
  email: string;
  apiKey: string;
  fetch?: typeof fetch;
}): EscrowProvider {
  const base = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;
  const doFetch = config.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${config.email}:${config.apiKey}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(new URL(path, base), {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new EscrowProviderError(
        `No response from escrow service: ${err instanceof Error ? err.message : String(err)}`,
        null,
      );
    }
    const text = await res.text();
    if (!res.ok)
      throw new EscrowProviderError(`${res.status}: ${errorText(text) || res.statusText}`, res.status);
    try {
      return (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new EscrowProviderError(
        `${res.status}: the escrow service answered with invalid JSON`,
        res.status,
      );
    }
  }

  function toTransaction(tx: EscrowComTransaction, amountCents?: number): EscrowTransaction {
    const transactionId = String(tx.id);
    const cents =
      amountCents ??
      Math.round(
        (tx.items ?? []).flatMap((i) => i.schedule ?? []).reduce((sum, s) => sum + (s.amount ?? 0), 0) * 100,
      );
    const escrowUrl = escrowComWebUrl(base, transactionId);
    return {
      transactionId,
      status: mapEscrowComStatus(tx),
      amountCents: cents,
      escrowUrl,
      instructions: `Open ${escrowUrl} to see the wire instructions of Escrow.com transaction ${transactionId} and send $${(cents / 100).toFixed(2)} (USD). Escrow.com holds the money until the goods are accepted.`,
    };
  }

  async function createTransaction(input: CreateEscrowTransactionInput): Promise<EscrowTransaction> {
    const title = `${input.testMode ? '[TEST] ' : ''}${input.itemDescription}`.slice(0, 200);
    const items: unknown[] = [
      {
        title,
        description: `Deal ${input.dealId}`,
        type: 'general_merchandise',
        inspection_period: INSPECTION_PERIOD_SECONDS,
        quantity: 1,
        schedule: [
          {
            amount: toDollars(input.dealValueCents),
            payer_customer: input.buyerEmail,
            beneficiary_customer: input.sellerEmail,
          },
        ],
      },
    ];
    // The platform's commission is a broker fee paid by the buyer to the API account ("me").
    if (input.commissionCents > 0)
      items.push({
        title: 'Platform commission',
        type: 'broker_fee',
        schedule: [
          {
            amount: toDollars(input.commissionCents),
            payer_customer: input.buyerEmail,
            beneficiary_customer: 'me',
          },
        ],
      });
    const tx = await call<EscrowComTransaction>('POST', 'transaction', {
      parties: [
        { role: 'buyer', customer: input.buyerEmail },
        { role: 'seller', customer: input.sellerEmail },
      ],
      currency: input.currency.toLowerCase(),
      description: title,
      items,
    });
    if (tx.id === undefined || tx.id === null || tx.id === '')
      throw new EscrowProviderError(DEAL_MESSAGES.noTransactionId, null);
    return toTransaction(tx, input.totalCents);
  }

  async function getTransaction(transactionId: string): Promise<EscrowTransaction | null> {
    try {
      return toTransaction(
        await call<EscrowComTransaction>('GET', `transaction/${encodeURIComponent(transactionId)}`),
      );
    } catch (err) {
      if (err instanceof EscrowProviderError && err.status === 404) return null;
      throw err;
    }
  }

  async function requireTransaction(transactionId: string): Promise<EscrowTransaction> {
    const tx = await getTransaction(transactionId);
    if (!tx) throw new EscrowProviderError(`404: Transaction ${transactionId} not found`, 404);
    return tx;
  }

  const act = (transactionId: string, action: 'accept' | 'cancel') =>
    call('PATCH', `transaction/${encodeURIComponent(transactionId)}`, { action });

  /** The buyer accepts the goods, which disburses the money to the seller. */
  async function releaseFunds(transactionId: string): Promise<void> {
    if ((await requireTransaction(transactionId)).status === 'released') return;
    await act(transactionId, 'accept');
  }

  /** Cancels the transaction; Escrow.com returns any secured money to the buyer. */
  async function refundFunds(transactionId: string): Promise<void> {
    const { status } = await requireTransaction(transactionId);
    if (status === 'refunded' || status === 'cancelled') return;
    await act(transactionId, 'cancel');
  }

  return {
    name: 'escrow.com',
    host: 'Escrow.com',
    createTransaction,
    getTransaction,
    releaseFunds,
    refundFunds,
  };
}

/** The provider's error text from a JSON body ({message} or {error}) or the raw text. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown; errors?: unknown };
    const message = parsed.message ?? parsed.error ?? parsed.errors;
    return typeof message === 'string' ? message : JSON.stringify(message ?? parsed);
  } catch {
    return body.slice(0, 500);
  }
}
