import type { WireTransfer, WireTransferStatus } from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { noAudit } from '../access/index.ts';
import { createForDeal } from './create-wire.ts';
import { verify } from './verify-wire.ts';
import { requireAdmin } from './wire-admin-guard.ts';
import {
  generateWireReference,
  toWireTransfer,
  view,
  type WireAdmin,
  type WireContext,
  type WireTransferHandler,
  type WireTransfersDeps,
  type WireVerifiedHandler,
} from './wire-context.ts';
import { transferCommission, transferProcessingFee } from './wire-fees.ts';
import { markFailed, markReceived } from './wire-status.ts';
import {
  countAwaitingVerification as countWiresAwaitingVerification,
  listWireTransfers,
} from './wire-transfers.repository.ts';

export {
  DEAL_ESCROW_PAYMENT,
  type DealEscrowVerdict,
  generateWireReference,
  toWireTransfer,
  WIRE_INSTRUCTIONS_EMAIL,
  WIRE_MESSAGES,
  type WireAdmin,
  type WireAdminAction,
  type WireLogger,
  type WireTransferHandler,
  type WireVerifiedHandler,
} from './wire-context.ts';
export type { WireTransferRow } from './wire-transfers.repository.ts';

export type WireTransfersService = ReturnType<typeof createWireTransfersService>;

/**
 * Plain wire transfers into our bank account: created for a deal's funding, verified (or failed) by an
 * administrator, and the fee and commission moved out of the escrow after. Each step is a use case of
 * its own (create-wire.ts, verify-wire.ts, wire-status.ts, wire-fees.ts, wire-admin-guard.ts).
 */
export function createWireTransfersService(deps: WireTransfersDeps) {
  const { db } = deps;
  const audit = deps.audit ?? noAudit;
  const ctx: WireContext = {
    ...deps,
    generateReference: deps.generateReference ?? generateWireReference,
    audited: (tx, admin, action, id, notes) =>
      audit(
        {
          actor: admin,
          action: `wire_transfer.${action}`,
          targetType: 'wire_transfer',
          targetId: id,
          details: notes === undefined ? {} : { notes },
        },
        tx,
      ),
    hooks: { verified: [], failed: [], commission: [] },
  };

  return {
    requireAdmin: (user: Parameters<typeof requireAdmin>[1], attempt: Parameters<typeof requireAdmin>[2]) =>
      requireAdmin(ctx, user, attempt),
    createForDeal: (input: Parameters<typeof createForDeal>[1], tx?: Db) => createForDeal(ctx, input, tx),
    /** The signed-in user's wire transfers, newest first. */
    listForUser: async (userId: string): Promise<WireTransfer[]> =>
      (await listWireTransfers(db, { userId })).map(toWireTransfer),
    /** Every wire transfer (or those of one status), newest first, for the admin screen. */
    adminList: async (status: WireTransferStatus | 'all' = 'all'): Promise<WireTransfer[]> =>
      (await listWireTransfers(db, status === 'all' ? {} : { status })).map(toWireTransfer),
    /** Wires pending or received, still waiting for an administrator (the admin dashboard count). */
    countAwaitingVerification: (): Promise<number> => countWiresAwaitingVerification(db),
    get: (id: string) => view(db, id),
    markReceived: (admin: WireAdmin, id: string, notes?: string) => markReceived(ctx, admin, id, notes),
    verify: (admin: WireAdmin, id: string, notes?: string) => verify(ctx, admin, id, notes),
    markFailed: (admin: WireAdmin, id: string, notes?: string) => markFailed(ctx, admin, id, notes),
    transferProcessingFee: (id: string, actor?: WireAdmin) => transferProcessingFee(ctx, id, actor),
    transferCommission: (id: string, actor?: WireAdmin) => transferCommission(ctx, id, actor),
    /** A deal_escrow wire is being verified (inside the verifying transaction, before booking). */
    onDealEscrowVerified: (handler: WireVerifiedHandler) => void ctx.hooks.verified.push(handler),
    /** A deal_escrow wire was marked failed (inside that transaction). */
    onDealEscrowFailed: (handler: WireTransferHandler) => void ctx.hooks.failed.push(handler),
    /** A wire's commission was booked (inside that transaction). */
    onCommissionTransferred: (handler: WireTransferHandler) => void ctx.hooks.commission.push(handler),
  };
}
