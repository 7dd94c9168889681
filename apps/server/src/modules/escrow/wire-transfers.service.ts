import { randomInt, randomUUID } from 'node:crypto';
import {
  type BankDetails,
  DEAL_MESSAGES,
  type FundingBreakdown,
  type WireTransfer,
  type WireTransferStatus,
  wireProcessingFee,
} from '@app/shared/deals/deals.schemas';
import { bpsToPercent, formatCents } from '@app/shared/money/money';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErrorReporter } from '../../lib/error-reporter.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { wireInstructionsEmail } from './wire-transfers.emails.ts';
import {
  countAwaitingVerification as countWiresAwaitingVerification,
  findPendingWireTransfer,
  findWireTransferForUpdate,
  findWireTransferWithUser,
  insertWireTransfer,
  listWireTransfers,
  updateWireTransfer,
  type WireTransferRow,
  type WireTransferWithUser,
} from './wire-transfers.repository.ts';

export type { WireTransferRow } from './wire-transfers.repository.ts';

/** Messages of rules the specification leaves unworded. */
export const WIRE_MESSAGES = {
  failed: 'This wire transfer has been marked as failed',
  notVerified: 'The wire transfer must be verified first',
  noCommission: 'This wire transfer carries no commission to transfer',
  escrowShort: 'The escrow no longer holds enough money for this transfer',
  returnedToBuyer: 'This wire transfer was returned to the buyer: it carries no commission',
} as const;

export const DEAL_ESCROW_PAYMENT = 'deal_escrow';
export const WIRE_INSTRUCTIONS_EMAIL = 'send-wire-instructions';
/** How many fresh references to try when one is already taken. */
const REFERENCE_ATTEMPTS = 5;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** generate_wire_reference: `WT-YYYYMMDD-XXXXXX` (UTC date, six characters without look-alikes). */
export function generateWireReference(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `WT-${date}-${suffix}`;
}

export type WireLogger = {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
};
/** Runs inside the transaction that changed the wire; throwing rolls that change back. */
export type WireTransferHandler = (wire: WireTransferRow, tx: Db) => Promise<void>;
/**
 * What the deal made of a verified wire: 'funded' (its escrow takes the money) or 'return-to-buyer'
 * (the deal was funded another way or is over, so the money is owed back to the buyer).
 */
export type DealEscrowVerdict = 'funded' | 'return-to-buyer';
/** Runs inside the verifying transaction, before any money is booked. */
export type WireVerifiedHandler = (wire: WireTransferRow, tx: Db) => Promise<DealEscrowVerdict>;
export type WireAdmin = { id: string; email: string };
export type WireAdminAction =
  | 'list'
  | 'received'
  | 'verify'
  | 'fail'
  | 'transfer-processing-fee'
  | 'transfer-commission';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toWireTransfer = (row: WireTransferWithUser): WireTransfer => ({
  id: row.id,
  referenceNumber: row.referenceNumber,
  userId: row.userId,
  userEmail: row.userEmail,
  amountCents: row.amountCents,
  currency: row.currency,
  bankDetails: {
    bankName: row.recipientBankName,
    accountName: row.recipientAccountName,
    accountNumber: row.recipientAccountNumber,
    swiftCode: row.recipientSwiftCode,
  },
  paymentType: row.paymentType,
  relatedId: row.relatedId,
  commissionCents: row.commissionCents,
  processingFeeCents: row.processingFeeCents,
  status: row.status,
  verifiedAt: iso(row.verifiedAt),
  verifiedByAdminEmail: row.verifiedByAdminEmail,
  adminNotes: row.adminNotes,
  processingFeeTransferred: row.processingFeeTransferredAt !== null,
  commissionTransferred: row.commissionTransferredAt !== null,
  returnedToBuyer: row.returnedToBuyerAt !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type WireTransfersService = ReturnType<typeof createWireTransfersService>;

export function createWireTransfersService(deps: {
  db: Db;
  ledger: LedgerService;
  notifications: NotificationsService;
  settings: SettingsService;
  clock: Clock;
  logger: WireLogger;
  reporter: ErrorReporter;
  appUrl: string;
  /** Where buyers wire the money (WIRE_* configuration). */
  bankDetails: BankDetails;
  isAdmin(userId: string): Promise<boolean>;
  /** The admin audit log. */
  audit?: AuditRecorder;
  /** Replaced in tests to force reference collisions. */
  generateReference?: (now: Date) => string;
}) {
  const { db, ledger, notifications, settings, clock, logger, reporter, appUrl, bankDetails, isAdmin } = deps;
  const generateReference = deps.generateReference ?? generateWireReference;
  const audit = deps.audit ?? noAudit;
  /** Records the administrator's action inside the action's own transaction. */
  const audited = (tx: Db, admin: WireAdmin, action: string, id: string, notes?: string) =>
    audit(
      {
        actor: admin,
        action: `wire_transfer.${action}`,
        targetType: 'wire_transfer',
        targetId: id,
        details: notes === undefined ? {} : { notes },
      },
      tx,
    );
  const verifiedHandlers: WireVerifiedHandler[] = [];
  const failedHandlers: WireTransferHandler[] = [];
  const commissionHandlers: WireTransferHandler[] = [];

  /** The escrow account a wire's money is held in. */
  function heldAccountOf(wire: WireTransferRow): string {
    if (wire.paymentType !== DEAL_ESCROW_PAYMENT || !wire.relatedId)
      throw new Error(`Wire transfer ${wire.id} of type ${wire.paymentType} has no escrow to hold it`);
    return LEDGER_ACCOUNTS.escrowHeld(wire.relatedId);
  }

  /** Escrow never goes below zero: checked after a posting, inside its transaction, so a refusal rolls it back. */
  async function assertEscrowNotNegative(wire: WireTransferRow, tx: Db) {
    const account = heldAccountOf(wire);
    const balance = (await ledger.getBalances([account], tx))[account];
    // Escrow is a liability: what it holds is the negated balance.
    if (-balance < 0) throw new AppError('CONFLICT', WIRE_MESSAGES.escrowShort);
  }

  async function lockForChange(tx: Db, id: string): Promise<WireTransferRow> {
    const wire = await findWireTransferForUpdate(tx, id);
    if (!wire) throw new AppError('NOT_FOUND', DEAL_MESSAGES.wireNotFound);
    return wire;
  }

  async function view(id: string): Promise<WireTransfer> {
    const row = await findWireTransferWithUser(db, id);
    if (!row) throw new AppError('NOT_FOUND', DEAL_MESSAGES.wireNotFound);
    return toWireTransfer(row);
  }

  /**
   * The guard of every administrator wire route: 401 signed out, 403 for non-administrators. Refused
   * attempts to change a transfer are logged as security warnings (and reported).
   */
  async function requireAdmin(
    user: { id: string; email: string } | null,
    attempt: { action: WireAdminAction; wireTransferId?: string; ip?: string },
  ): Promise<WireAdmin> {
    const refuse = (code: 'UNAUTHENTICATED' | 'FORBIDDEN', message: string) => {
      if (attempt.action !== 'list') {
        const details = {
          action: attempt.action,
          wireTransferId: attempt.wireTransferId ?? null,
          userId: user?.id ?? null,
          userEmail: user?.email ?? null,
          ip: attempt.ip ?? null,
        };
        logger.warn(
          { event: 'security.unauthorized_wire_transfer_action', ...details },
          'Unauthorized wire transfer admin attempt',
        );
        reporter.report({
          context: `wire-transfers.${attempt.action}`,
          code: 'UNAUTHORIZED_ADMIN_ACTION',
          message: message,
          timestamp: clock.now().toISOString(),
          details,
        });
      }
      return new AppError(code, message);
    };
    if (!user) throw refuse('UNAUTHENTICATED', DEAL_MESSAGES.authRequired);
    let admin: boolean;
    try {
      admin = await isAdmin(user.id);
    } catch (err) {
      logger.error(
        { event: 'wire.admin_check_failed', userId: user.id, err },
        DEAL_MESSAGES.adminValidationFailed,
      );
      throw new AppError('INTERNAL', DEAL_MESSAGES.adminValidationFailed);
    }
    if (!admin) throw refuse('FORBIDDEN', DEAL_MESSAGES.adminRequired);
    return { id: user.id, email: user.email };
  }

  /**
   * A wire funding a deal's escrow: stores it with a fresh reference and the configured bank details,
   * then emails the instructions. A pending wire for the same deal and amount is returned instead of
   * a second one (double clicks, retries). Pass `tx` to make the insert part of the caller's work.
   */
  async function createForDeal(
    input: {
      user: { id: string; email: string; name: string | null };
      dealId: string;
      amountCents: number;
      commissionCents: number;
      breakdown: FundingBreakdown;
      listingTitle: string;
    },
    tx?: Db,
  ): Promise<WireTransfer> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.validAmountRequired);
    const key = { paymentType: DEAL_ESCROW_PAYMENT, relatedId: input.dealId, amountCents: input.amountCents };
    const t = tx ?? db;
    const feeBps = await settings.get('fees.wire_processing_fee_bps');
    let row = await findPendingWireTransfer(t, key);
    let created = false;
    for (let attempt = 0; !row && attempt < REFERENCE_ATTEMPTS; attempt++) {
      const now = clock.now();
      row = await insertWireTransfer(t, {
        id: randomUUID(),
        referenceNumber: generateReference(now),
        userId: input.user.id,
        amountCents: input.amountCents,
        currency: 'usd',
        recipientBankName: bankDetails.bankName,
        recipientAccountName: bankDetails.accountName,
        recipientAccountNumber: bankDetails.accountNumber,
        recipientSwiftCode: bankDetails.swiftCode,
        paymentType: DEAL_ESCROW_PAYMENT,
        relatedId: input.dealId,
        commissionCents: input.commissionCents,
        processingFeeCents: wireProcessingFee(input.amountCents, feeBps),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      if (row) created = true;
      // Nothing inserted: the reference was taken, or a concurrent request created this very wire.
      else row = await findPendingWireTransfer(t, key);
    }
    if (!row) {
      logger.error(
        { event: 'wire.reference_failed', dealId: input.dealId },
        DEAL_MESSAGES.wireReferenceFailed,
      );
      throw new AppError('INTERNAL', DEAL_MESSAGES.wireReferenceFailed);
    }
    if (created) await sendInstructions(row, input, feeBps);
    return toWireTransfer({ ...row, userEmail: input.user.email });
  }

  async function sendInstructions(
    wire: WireTransferRow,
    input: {
      user: { email: string; name: string | null };
      breakdown: FundingBreakdown;
      listingTitle: string;
    },
    feeBps: number,
  ) {
    const { breakdown } = input;
    const lines = [
      { label: 'Deal value', value: formatCents(breakdown.dealValueCents) },
      ...(breakdown.commissionCents > 0
        ? [{ label: 'Commission', value: formatCents(breakdown.commissionCents) }]
        : []),
      ...(breakdown.feeCents > 0
        ? [{ label: 'Payment method fee', value: formatCents(breakdown.feeCents) }]
        : []),
      { label: 'Total', value: formatCents(breakdown.totalCents) },
    ];
    const details = {
      wireTransferId: wire.id,
      referenceNumber: wire.referenceNumber,
      amount: wire.amountCents,
      currency: wire.currency,
      userEmail: input.user.email,
      bankDetails,
      paymentBreakdown: breakdown,
    };
    try {
      await notifications.queueEmail({
        to: input.user.email,
        kind: WIRE_INSTRUCTIONS_EMAIL,
        meta: details,
        render: (brand) =>
          wireInstructionsEmail(brand, {
            name: input.user.name ?? input.user.email,
            listingTitle: input.listingTitle,
            referenceNumber: wire.referenceNumber,
            amount: formatCents(wire.amountCents),
            currency: wire.currency,
            bankDetails,
            breakdown: lines,
            processingFeePercent: bpsToPercent(feeBps),
            url: `${appUrl}/deals`,
          }),
      });
    } catch (err) {
      // The wire and its reference stand; the buyer also sees the instructions on screen.
      logger.error(
        { event: 'wire.instructions_email_failed', wireTransferId: wire.id, err },
        'Wire instructions email failed',
      );
    }
  }

  /** The signed-in user's wire transfers, newest first. */
  async function listForUser(userId: string): Promise<WireTransfer[]> {
    return (await listWireTransfers(db, { userId })).map(toWireTransfer);
  }

  /** Every wire transfer (or those of one status), newest first, for the admin screen. */
  async function adminList(status: WireTransferStatus | 'all' = 'all'): Promise<WireTransfer[]> {
    return (await listWireTransfers(db, status === 'all' ? {} : { status })).map(toWireTransfer);
  }

  /** The administrator saw the money on the bank statement but has not verified it yet. */
  async function markReceived(admin: WireAdmin, id: string, notes?: string): Promise<WireTransfer> {
    await inTransaction(db, async (tx) => {
      const wire = await lockForChange(tx, id);
      if (wire.status === 'verified') throw new AppError('CONFLICT', DEAL_MESSAGES.wireAlreadyVerified);
      if (wire.status === 'failed') throw new AppError('CONFLICT', WIRE_MESSAGES.failed);
      await audited(tx, admin, 'received', id, notes);
      if (wire.status === 'received' && notes === undefined) return;
      await updateWireTransfer(tx, id, {
        status: 'received',
        adminNotes: notes ?? wire.adminNotes,
        updatedAt: clock.now(),
      });
      logger.info(
        { event: 'wire.received', wireTransferId: id, adminEmail: admin.email },
        'Wire transfer received',
      );
    });
    return view(id);
  }

  /**
   * Verification: in one transaction the wire becomes verified (time, admin email, notes), the deal
   * decides whether the money funds its escrow, and the money is booked. Then, each on its own and
   * never undoing the verification, the processing fee and the commission move out of the escrow.
   * A wire the deal no longer needs never touches its escrow: in the same transaction the bank's
   * money is owed back to the buyer less the processing fee, and no commission is taken.
   */
  async function verify(admin: WireAdmin, id: string, notes?: string): Promise<WireTransfer> {
    const verified = await inTransaction(db, async (tx) => {
      const wire = await lockForChange(tx, id);
      if (wire.status === 'verified') throw new AppError('CONFLICT', DEAL_MESSAGES.wireAlreadyVerified);
      if (wire.status === 'failed') throw new AppError('CONFLICT', WIRE_MESSAGES.failed);
      await audited(tx, admin, 'verify', id, notes);
      const now = clock.now();
      const updated = (await updateWireTransfer(tx, id, {
        status: 'verified',
        verifiedAt: now,
        verifiedByAdminEmail: admin.email,
        adminNotes: notes ?? wire.adminNotes,
        updatedAt: now,
      })) as WireTransferRow;
      const verdicts: DealEscrowVerdict[] = [];
      if (wire.paymentType === DEAL_ESCROW_PAYMENT)
        for (const handler of verifiedHandlers) verdicts.push(await handler(updated, tx));
      if (verdicts.includes('return-to-buyer')) return returnToBuyer(tx, updated);
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'escrow_hold',
          description: `Wire transfer ${wire.referenceNumber} received`,
          reference: { type: 'wire_transfer', id: wire.id },
          idempotencyKey: `wire:${wire.id}:received`,
          lines: [
            { account: LEDGER_ACCOUNTS.cashBank, amountCents: wire.amountCents },
            { account: heldAccountOf(wire), amountCents: -wire.amountCents },
          ],
        },
        tx,
      );
      return updated;
    });
    logger.info(
      { event: 'wire.verified', wireTransferId: id, adminEmail: admin.email },
      verified.returnedToBuyerAt
        ? 'Wire transfer verified and returned to the buyer'
        : 'Wire transfer verified',
    );
    if (!verified.returnedToBuyerAt) await runAfterVerification(verified);
    return view(id);
  }

  /**
   * The bank received money the deal no longer needs: one posting owes it back to the buyer and keeps
   * the processing fee (the wire was handled all the same). The escrow and the commission are untouched.
   */
  async function returnToBuyer(tx: Db, wire: WireTransferRow): Promise<WireTransferRow> {
    const feeCents = Math.min(wire.processingFeeCents, wire.amountCents);
    await ledger.postTransaction(
      {
        poster: 'escrow',
        kind: 'escrow_refund',
        description: `Wire transfer ${wire.referenceNumber} returned to the buyer: the deal no longer needed it`,
        reference: { type: 'wire_transfer', id: wire.id },
        idempotencyKey: `wire:${wire.id}:returned`,
        lines: [
          { account: LEDGER_ACCOUNTS.cashBank, amountCents: wire.amountCents },
          { account: LEDGER_ACCOUNTS.payableBuyer(wire.userId), amountCents: -(wire.amountCents - feeCents) },
          ...(feeCents > 0 ? [{ account: LEDGER_ACCOUNTS.revenueWireFees, amountCents: -feeCents }] : []),
        ],
      },
      tx,
    );
    const now = clock.now();
    return (await updateWireTransfer(tx, wire.id, {
      returnedToBuyerAt: now,
      processingFeeTransferredAt: now,
      updatedAt: now,
    })) as WireTransferRow;
  }

  /** The follow-up transfers; a failure is logged and reported, and left for a retry from the admin screen. */
  async function runAfterVerification(wire: WireTransferRow) {
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['processing-fee', () => transferProcessingFee(wire.id)],
    ];
    if (wire.paymentType === DEAL_ESCROW_PAYMENT && wire.commissionCents > 0)
      steps.push(['commission', () => transferCommission(wire.id)]);
    for (const [step, run] of steps) {
      try {
        await run();
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        logger.error(
          { event: `wire.${step}_transfer_failed`, wireTransferId: wire.id, err },
          `Wire ${step} transfer failed; retry it from the admin screen`,
        );
        reporter.report({
          context: `wire-transfers.transfer-${step}`,
          code: err instanceof AppError ? err.code : 'UNKNOWN',
          message,
          timestamp: clock.now().toISOString(),
          details: { wireTransferId: wire.id },
        });
      }
    }
  }

  /** The money never arrived (or bounced): the deal's funding failed. */
  async function markFailed(admin: WireAdmin, id: string, notes?: string): Promise<WireTransfer> {
    await inTransaction(db, async (tx) => {
      const wire = await lockForChange(tx, id);
      if (wire.status === 'verified') throw new AppError('CONFLICT', DEAL_MESSAGES.wireAlreadyVerified);
      if (wire.status === 'failed') throw new AppError('CONFLICT', WIRE_MESSAGES.failed);
      await audited(tx, admin, 'fail', id, notes);
      const updated = (await updateWireTransfer(tx, id, {
        status: 'failed',
        adminNotes: notes ?? wire.adminNotes,
        updatedAt: clock.now(),
      })) as WireTransferRow;
      if (wire.paymentType === DEAL_ESCROW_PAYMENT)
        for (const handler of failedHandlers) await handler(updated, tx);
      logger.info(
        { event: 'wire.failed', wireTransferId: id, adminEmail: admin.email },
        'Wire transfer marked failed',
      );
    });
    return view(id);
  }

  /** Books the wire processing fee out of the escrow (idempotent: once per wire). */
  async function transferProcessingFee(id: string, actor?: WireAdmin): Promise<WireTransfer> {
    await inTransaction(db, async (tx) => {
      const wire = await lockForChange(tx, id);
      if (wire.status !== 'verified') throw new AppError('CONFLICT', WIRE_MESSAGES.notVerified);
      if (actor) await audited(tx, actor, 'transfer_processing_fee', id);
      // A returned wire kept its fee when it was returned.
      if (wire.processingFeeTransferredAt) return;
      if (wire.processingFeeCents > 0) {
        await ledger.postTransaction(
          {
            poster: 'escrow',
            kind: 'wire_processing_fee',
            description: `Wire processing fee of ${wire.referenceNumber}`,
            reference: { type: 'wire_transfer', id: wire.id },
            idempotencyKey: `wire:${wire.id}:processing-fee`,
            lines: [
              { account: heldAccountOf(wire), amountCents: wire.processingFeeCents },
              { account: LEDGER_ACCOUNTS.revenueWireFees, amountCents: -wire.processingFeeCents },
            ],
          },
          tx,
        );
        await assertEscrowNotNegative(wire, tx);
      }
      const now = clock.now();
      await updateWireTransfer(tx, id, { processingFeeTransferredAt: now, updatedAt: now });
    });
    return view(id);
  }

  /**
   * Books the deal's commission out of the escrow. The key is the deal's commission key, so the
   * commission is taken once whichever way it was paid.
   */
  async function transferCommission(id: string, actor?: WireAdmin): Promise<WireTransfer> {
    await inTransaction(db, async (tx) => {
      const wire = await lockForChange(tx, id);
      if (wire.status !== 'verified') throw new AppError('CONFLICT', WIRE_MESSAGES.notVerified);
      if (wire.paymentType !== DEAL_ESCROW_PAYMENT || !wire.relatedId || wire.commissionCents <= 0)
        throw new AppError('CONFLICT', WIRE_MESSAGES.noCommission);
      if (wire.returnedToBuyerAt) throw new AppError('CONFLICT', WIRE_MESSAGES.returnedToBuyer);
      if (actor) await audited(tx, actor, 'transfer_commission', id);
      if (wire.commissionTransferredAt) return;
      await ledger.postTransaction(
        {
          poster: 'escrow',
          kind: 'commission',
          description: `Commission of deal ${wire.relatedId} (wire ${wire.referenceNumber})`,
          reference: { type: 'deal', id: wire.relatedId },
          idempotencyKey: `deal:${wire.relatedId}:commission`,
          lines: [
            { account: heldAccountOf(wire), amountCents: wire.commissionCents },
            { account: LEDGER_ACCOUNTS.revenueCommission, amountCents: -wire.commissionCents },
          ],
        },
        tx,
      );
      await assertEscrowNotNegative(wire, tx);
      const now = clock.now();
      const updated = (await updateWireTransfer(tx, id, {
        commissionTransferredAt: now,
        updatedAt: now,
      })) as WireTransferRow;
      for (const handler of commissionHandlers) await handler(updated, tx);
    });
    return view(id);
  }

  /** Wires pending or received, still waiting for an administrator (the admin dashboard count). */
  async function countAwaitingVerification(): Promise<number> {
    return countWiresAwaitingVerification(db);
  }

  return {
    requireAdmin,
    createForDeal,
    listForUser,
    adminList,
    countAwaitingVerification,
    get: view,
    markReceived,
    verify,
    markFailed,
    transferProcessingFee,
    transferCommission,
    /** A deal_escrow wire is being verified (inside the verifying transaction, before booking). */
    onDealEscrowVerified: (handler: WireVerifiedHandler) => void verifiedHandlers.push(handler),
    /** A deal_escrow wire was marked failed (inside that transaction). */
    onDealEscrowFailed: (handler: WireTransferHandler) => void failedHandlers.push(handler),
    /** A wire's commission was booked (inside that transaction). */
    onCommissionTransferred: (handler: WireTransferHandler) => void commissionHandlers.push(handler),
  };
}
