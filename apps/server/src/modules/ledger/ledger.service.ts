import { randomUUID } from 'node:crypto';
import { type Db, inTransaction } from '../../db/client.ts';
import {
  findPostedKeys as findPostedKeysIn,
  findTransactionByKey,
  findUnbalancedTransactions,
  insertEntries,
  insertTransaction,
  type LedgerEntryRow,
  type LedgerTransactionRow,
  listCredits,
  listEntries,
  listTransactionsByReference,
  sumByAccount,
  sumByAccountPrefix,
} from './ledger.repository.ts';

/**
 * Account names. Assets (cash) grow with debits (positive entries); revenue and liabilities (escrow
 * held for a deal, money owed to a seller) grow with credits (negative entries).
 */
export const LEDGER_ACCOUNTS = {
  /** Money the payment provider holds for us. */
  cashProvider: 'cash:provider',
  /** Money received by wire transfer into our bank account. */
  cashBank: 'cash:bank',
  /** Money a third-party escrow provider holds for a deal funded through it. */
  cashEscrowProvider: 'cash:escrow-provider',
  /** Refunds given back (contra-revenue). */
  refunds: 'refunds',
  /** Processing fees the provider or bank keeps. */
  providerFees: 'expense:provider-fees',
  revenueSubscriptions: 'revenue:subscriptions',
  revenueContactFees: 'revenue:contact-fees',
  revenueFeaturedListings: 'revenue:featured-listings',
  revenueCommission: 'revenue:commission',
  revenueWireFees: 'revenue:wire-processing-fees',
  /** Payment-method fees (card 2.9%) the buyer pays on top of an escrow funding. */
  revenueProcessingFees: 'revenue:processing-fees',
  /**
   * Charges that paid no payment (a superseded or expired checkout page, a second page of a paid
   * payment): owed back to the payer until the automatic refund goes out.
   */
  suspensePayments: 'suspense:payments',
  escrowHeld: (dealId: string) => `escrow:held:${dealId}`,
  payableSeller: (userId: string) => `payable:seller:${userId}`,
  /** Money owed back to a buyer (a refunded wire-funded escrow). */
  payableBuyer: (userId: string) => `payable:buyer:${userId}`,
} as const;

export type LedgerLine = { account: string; amountCents: number };
/** The two modules that post to the books (see ledger_transactions.poster). */
export type LedgerPoster = 'escrow' | 'payments';
export type PostTransactionInput = {
  /** The module posting it: escrow (a deal's money) or payments (its own sales). */
  poster: LedgerPoster;
  kind: string;
  description: string;
  reference?: { type: string; id: string };
  /** A key unique to this movement (e.g. `payment:<id>`): posting it twice records it once. */
  idempotencyKey?: string;
  lines: LedgerLine[];
};

/** Movements as balanced lines; callers pick the accounts, these keep the signs right. */
export const ledgerMovements = {
  /** Money in from a payer: cash up, and the credited account (revenue or escrow) up. */
  paymentReceived: (amountCents: number, creditAccount: string): LedgerLine[] => [
    { account: LEDGER_ACCOUNTS.cashProvider, amountCents },
    { account: creditAccount, amountCents: -amountCents },
  ],
  /** Money back to a payer: the debited account (refunds, or the escrow it came from) and cash down. */
  refundIssued: (amountCents: number, debitAccount: string): LedgerLine[] => [
    { account: debitAccount, amountCents },
    { account: LEDGER_ACCOUNTS.cashProvider, amountCents: -amountCents },
  ],
  /** The provider keeps a fee out of cash. */
  providerFee: (amountCents: number): LedgerLine[] => [
    { account: LEDGER_ACCOUNTS.providerFees, amountCents },
    { account: LEDGER_ACCOUNTS.cashProvider, amountCents: -amountCents },
  ],
  /** Escrow released to the seller, minus the commission the platform keeps. */
  escrowRelease: (
    dealId: string,
    sellerId: string,
    amountCents: number,
    commissionCents: number,
  ): LedgerLine[] =>
    [
      { account: LEDGER_ACCOUNTS.escrowHeld(dealId), amountCents },
      { account: LEDGER_ACCOUNTS.payableSeller(sellerId), amountCents: -(amountCents - commissionCents) },
      { account: LEDGER_ACCOUNTS.revenueCommission, amountCents: -commissionCents },
    ].filter((l) => l.amountCents !== 0),
};

export class UnbalancedTransactionError extends Error {
  constructor(message: string) {
    super(`Refused to post a ledger transaction: ${message}`);
    this.name = 'UnbalancedTransactionError';
  }
}

/** Throws unless the lines are whole cents, non-zero, on named accounts, and sum to zero. */
export function assertBalanced(lines: LedgerLine[]): void {
  if (lines.length < 2) throw new UnbalancedTransactionError('a transaction needs at least two entries');
  let sum = 0;
  for (const line of lines) {
    if (!line.account) throw new UnbalancedTransactionError('every entry needs an account');
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
      throw new UnbalancedTransactionError(
        `entry on ${line.account} is not a non-zero whole number of cents`,
      );
    sum += line.amountCents;
  }
  if (sum !== 0) throw new UnbalancedTransactionError(`entries sum to ${sum} cents, not zero`);
}

export type LedgerService = ReturnType<typeof createLedgerService>;

export function createLedgerService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * Posts one balanced transaction. Pass the caller's `tx` to make the posting part of its
   * transaction; without one the header and entries are written in a transaction of their own.
   */
  async function postTransaction(
    input: PostTransactionInput,
    tx?: Db,
  ): Promise<{ transactionId: string; created: boolean }> {
    assertBalanced(input.lines);
    const write = async (t: Db) => {
      const id = `ltx_${randomUUID()}`;
      const created = await insertTransaction(t, {
        id,
        kind: input.kind,
        poster: input.poster,
        description: input.description,
        referenceType: input.reference?.type,
        referenceId: input.reference?.id,
        idempotencyKey: input.idempotencyKey,
      });
      if (!created) {
        const existing = input.idempotencyKey
          ? await findTransactionByKey(t, input.idempotencyKey)
          : undefined;
        if (!existing) throw new Error('Ledger transaction vanished after a conflicting insert');
        return { transactionId: existing.id, created: false };
      }
      await insertEntries(
        t,
        input.lines.map((l) => ({ transactionId: id, account: l.account, amountCents: l.amountCents })),
      );
      return { transactionId: id, created: true };
    };
    return tx ? write(tx) : inTransaction(db, write);
  }

  /**
   * Balances of the given accounts (0 for accounts with no entries), or of every account. Pass `tx`
   * to read inside a transaction (e.g. what an escrow still holds before moving money out of it).
   */
  async function getBalances(accounts?: string[], tx?: Db): Promise<Record<string, number>> {
    const rows = await sumByAccount(tx ?? db, accounts);
    const out: Record<string, number> = Object.fromEntries((accounts ?? []).map((a) => [a, 0]));
    for (const r of rows) out[r.account] = r.balance;
    return out;
  }

  async function getBalance(account: string): Promise<number> {
    return (await getBalances([account]))[account];
  }

  /**
   * Balances of every account named `<prefix><suffix>` that has entries, keyed by the suffix (e.g.
   * the deal id of `escrow:held:<dealId>`); accounts never posted to are absent.
   */
  async function getBalancesByPrefix(prefix: string, tx?: Db): Promise<Map<string, number>> {
    const rows = await sumByAccountPrefix(tx ?? db, prefix);
    return new Map(rows.map((r) => [r.account.slice(prefix.length), r.balance]));
  }

  /** Which of these idempotency keys have been posted (as `tx` sees it): the movements already made. */
  async function findPostedKeys(keys: string[], tx?: Db): Promise<Set<string>> {
    return findPostedKeysIn(tx ?? db, keys);
  }

  /**
   * What was credited to an account in a period (UTC, `to` exclusive), oldest first, with the
   * record each crediting transaction names (e.g. the deal a payout was released from).
   */
  async function listCreditsTo(
    account: string,
    period: { from: Date; toExclusive: Date },
  ): Promise<
    Array<{ referenceType: string | null; referenceId: string | null; createdAt: Date; amountCents: number }>
  > {
    return listCredits(db, account, period.from, period.toExclusive);
  }

  /** The books check: every transaction sums to zero, and so does the whole ledger. */
  async function checkBooks(): Promise<{
    balanced: boolean;
    unbalancedTransactions: string[];
    totalCents: number;
  }> {
    const [unbalanced, balances] = await Promise.all([findUnbalancedTransactions(db), sumByAccount(db)]);
    const totalCents = balances.reduce((s, b) => s + b.balance, 0);
    return {
      balanced: unbalanced.length === 0 && totalCents === 0,
      unbalancedTransactions: unbalanced.map((u) => u.transactionId),
      totalCents,
    };
  }

  /** The transactions (with entries) recorded for a payment, refund or deal (or several, in one read). */
  async function listForReference(
    type: string,
    id: string | string[],
  ): Promise<Array<LedgerTransactionRow & { entries: LedgerEntryRow[] }>> {
    const txs = await listTransactionsByReference(db, type, id);
    const entries = await listEntries(
      db,
      txs.map((t) => t.id),
    );
    return txs.map((t) => ({ ...t, entries: entries.filter((e) => e.transactionId === t.id) }));
  }

  return {
    postTransaction,
    getBalances,
    getBalance,
    getBalancesByPrefix,
    findPostedKeys,
    listCreditsTo,
    checkBooks,
    listForReference,
  };
}
