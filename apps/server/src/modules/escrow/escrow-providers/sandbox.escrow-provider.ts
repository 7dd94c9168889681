import { randomBytes } from 'node:crypto';
import { formatCents } from '@app/shared/money/money';
import { type Db, inTransaction } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  type CreateEscrowTransactionInput,
  type EscrowProvider,
  EscrowProviderError,
  type EscrowProviderStatus,
  type EscrowTransaction,
} from '../escrow-provider.ts';
import type { EscrowEvents } from './escrow-events.ts';
import {
  findSandboxEscrow,
  findSandboxEscrowForUpdate,
  insertSandboxEscrow,
  type SandboxEscrowRow,
  updateSandboxEscrow,
} from './sandbox-escrow.repository.ts';

/** The sandbox's own (fictional) receiving account, shown in its wire instructions. */
export const SANDBOX_ESCROW_BANK = {
  bankName: 'Sandbox Escrow Trust Bank (not a real bank)',
  accountName: 'Sandbox Escrow Services',
  accountNumber: 'SBX-ESCROW-0001',
  swiftCode: 'SBXEUS00XXX',
} as const;

export type SandboxEscrowAction = 'fund' | 'cancel';
export type SandboxEscrowActionResult =
  | { ok: true; notice: string }
  | { ok: false; status: number; message: string };

export type SandboxEscrowProvider = ReturnType<typeof createSandboxEscrowProvider>;

export const isSandboxEscrowProvider = (p: EscrowProvider): p is SandboxEscrowProvider =>
  p.name === 'sandbox';

/**
 * The built-in escrow service: a real implementation of EscrowProvider with its own table and a
 * hosted page (GET /sandbox/escrow/:id) where "Simulate wire received" funds the transaction.
 */
export function createSandboxEscrowProvider(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  events: EscrowEvents;
}) {
  const { db, clock, appUrl, events } = deps;

  const pageUrl = (id: string) => `${appUrl}/sandbox/escrow/${encodeURIComponent(id)}`;

  function instructionsFor(row: Pick<SandboxEscrowRow, 'id' | 'amountCents'>): string {
    return [
      `Send ${formatCents(row.amountCents)} (USD) by wire transfer to the escrow service:`,
      `Bank: ${SANDBOX_ESCROW_BANK.bankName}`,
      `Account name: ${SANDBOX_ESCROW_BANK.accountName}`,
      `Account number: ${SANDBOX_ESCROW_BANK.accountNumber}`,
      `SWIFT code: ${SANDBOX_ESCROW_BANK.swiftCode}`,
      `Reference: ${row.id}`,
      'The escrow service holds the money and pays the seller once you release it.',
    ].join('\n');
  }

  const toTransaction = (row: SandboxEscrowRow): EscrowTransaction => ({
    transactionId: row.id,
    status: row.status,
    amountCents: row.amountCents,
    escrowUrl: pageUrl(row.id),
    instructions: instructionsFor(row),
  });

  async function createTransaction(input: CreateEscrowTransactionInput): Promise<EscrowTransaction> {
    // The checks a real escrow service makes, with errors worded the way escrowErrorMeaning reads them.
    if (!Number.isSafeInteger(input.totalCents) || input.totalCents <= 0)
      throw new EscrowProviderError('400: Invalid amount: the transaction amount must be positive', 400);
    if (!input.buyerEmail || !input.sellerEmail)
      throw new EscrowProviderError('400: Buyer and seller email addresses are required', 400);
    if (input.buyerEmail.trim().toLowerCase() === input.sellerEmail.trim().toLowerCase())
      throw new EscrowProviderError('400: Buyer and seller email addresses must differ', 400);
    const now = clock.now();
    const row = await insertSandboxEscrow(db, {
      id: `esc_sbx_${randomBytes(12).toString('hex')}`,
      dealId: input.dealId,
      buyerEmail: input.buyerEmail,
      sellerEmail: input.sellerEmail,
      itemDescription: input.itemDescription,
      dealValueCents: input.dealValueCents,
      commissionCents: input.commissionCents,
      amountCents: input.totalCents,
      currency: input.currency,
      testMode: input.testMode ?? false,
      createdAt: now,
      updatedAt: now,
    });
    return toTransaction(row);
  }

  async function getTransaction(transactionId: string): Promise<EscrowTransaction | null> {
    const row = await findSandboxEscrow(db, transactionId);
    return row ? toTransaction(row) : null;
  }

  /** Moves a transaction along; `allowed` maps the current status to what happens. */
  async function move(
    transactionId: string,
    to: EscrowProviderStatus,
    allowedFrom: (row: SandboxEscrowRow) => boolean,
  ): Promise<{ changed: boolean; row: SandboxEscrowRow }> {
    return inTransaction(db, async (tx) => {
      const row = await findSandboxEscrowForUpdate(tx, transactionId);
      if (!row) throw new EscrowProviderError(`404: Transaction ${transactionId} not found`, 404);
      if (row.status === to) return { changed: false, row };
      if (!allowedFrom(row))
        throw new EscrowProviderError(
          `409: Transaction is ${row.status.replace('_', ' ')} and cannot become ${to}`,
          409,
        );
      const now = clock.now();
      const updated = await updateSandboxEscrow(tx, transactionId, {
        status: to,
        updatedAt: now,
        ...(to === 'funded' ? { fundedAt: now } : { closedAt: now }),
      });
      return { changed: true, row: updated };
    });
  }

  /** Pays the seller. Test-mode transactions may be released unfunded (the integration test). */
  async function releaseFunds(transactionId: string): Promise<void> {
    await move(
      transactionId,
      'released',
      (r) => r.status === 'funded' || (r.testMode && r.status === 'awaiting_payment'),
    );
  }

  /** Returns a funded transaction's money to the buyer, or cancels one that was never funded. */
  async function refundFunds(transactionId: string): Promise<void> {
    const row = await findSandboxEscrow(db, transactionId);
    if (row?.status === 'awaiting_payment' || row?.status === 'cancelled') {
      await move(transactionId, 'cancelled', (r) => r.status === 'awaiting_payment');
      return;
    }
    await move(transactionId, 'refunded', (r) => r.status === 'funded');
  }

  /** The hosted page's buttons: the wire arrived, or the buyer cancels. Listeners are told after commit. */
  async function applyPageAction(
    transactionId: string,
    action: SandboxEscrowAction,
  ): Promise<SandboxEscrowActionResult> {
    try {
      const result =
        action === 'fund'
          ? await move(transactionId, 'funded', (r) => r.status === 'awaiting_payment')
          : await move(transactionId, 'cancelled', (r) => r.status === 'awaiting_payment');
      if (result.changed) await events.notifyTransactionChanged(transactionId);
      return {
        ok: true,
        notice: action === 'fund' ? 'Wire received: the escrow is funded.' : 'The transaction was cancelled.',
      };
    } catch (err) {
      if (err instanceof EscrowProviderError)
        return { ok: false, status: err.status ?? 400, message: err.message.replace(/^\d+: /, '') };
      throw err;
    }
  }

  async function getPageView(transactionId: string) {
    const row = await findSandboxEscrow(db, transactionId);
    return row ? { row, instructions: instructionsFor(row), returnUrl: `${appUrl}/deals` } : null;
  }

  return {
    name: 'sandbox' as const,
    host: 'Sandbox Escrow',
    createTransaction,
    getTransaction,
    releaseFunds,
    refundFunds,
    applyPageAction,
    getPageView,
  };
}
