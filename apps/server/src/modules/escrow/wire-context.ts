import { randomInt } from 'node:crypto';
import { type BankDetails, DEAL_MESSAGES, type WireTransfer } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErrorReporter } from '../../lib/error-reporter.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  findWireTransferForUpdate,
  findWireTransferWithUser,
  type WireTransferRow,
  type WireTransferWithUser,
} from './wire-transfers.repository.ts';

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
export const REFERENCE_ATTEMPTS = 5;
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

/** What the wire-transfer service is built from. */
export type WireTransfersDeps = {
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
};

/**
 * What the wire use cases are built from (create-wire.ts, verify-wire.ts, wire-status.ts,
 * wire-fees.ts, wire-admin-guard.ts); each names the part it uses.
 */
export type WireContext = Omit<WireTransfersDeps, 'audit' | 'generateReference'> & {
  generateReference: (now: Date) => string;
  /** Records the administrator's action inside the action's own transaction. */
  audited(tx: Db, admin: WireAdmin, action: string, id: string, notes?: string): Promise<void>;
  /** The deal's hooks, run inside the transaction that changed the wire. */
  hooks: {
    verified: WireVerifiedHandler[];
    failed: WireTransferHandler[];
    commission: WireTransferHandler[];
  };
};

/** The wire under its row lock, for a change; 404 when there is none. */
export async function lockForChange(tx: Db, id: string): Promise<WireTransferRow> {
  const wire = await findWireTransferForUpdate(tx, id);
  if (!wire) throw new AppError('NOT_FOUND', DEAL_MESSAGES.wireNotFound);
  return wire;
}

/** Locks a wire an administrator may still act on: 409 once it is verified or failed. */
export async function lockOpenWire(tx: Db, id: string): Promise<WireTransferRow> {
  const wire = await lockForChange(tx, id);
  if (wire.status === 'verified') throw new AppError('CONFLICT', DEAL_MESSAGES.wireAlreadyVerified);
  if (wire.status === 'failed') throw new AppError('CONFLICT', WIRE_MESSAGES.failed);
  return wire;
}

/** A wire as the API shows it; 404 when there is none. */
export async function view(db: Db, id: string): Promise<WireTransfer> {
  const row = await findWireTransferWithUser(db, id);
  if (!row) throw new AppError('NOT_FOUND', DEAL_MESSAGES.wireNotFound);
  return toWireTransfer(row);
}
