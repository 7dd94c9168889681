import type { WireTransfer } from '@app/shared/deals/deals.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import {
  DEAL_ESCROW_PAYMENT,
  lockForChange,
  view,
  WIRE_MESSAGES,
  type WireAdmin,
  type WireContext,
} from './wire-context.ts';
import { updateWireTransfer, type WireTransferRow } from './wire-transfers.repository.ts';

type WireFeeDeps = Pick<WireContext, 'db' | 'ledger' | 'clock' | 'audited' | 'hooks'>;

/** The escrow account a wire's money is held in. */
export function heldAccountOf(wire: WireTransferRow): string {
  if (wire.paymentType !== DEAL_ESCROW_PAYMENT || !wire.relatedId)
    throw new Error(`Wire transfer ${wire.id} of type ${wire.paymentType} has no escrow to hold it`);
  return LEDGER_ACCOUNTS.escrowHeld(wire.relatedId);
}

/** Escrow never goes below zero: checked after a posting, inside its transaction, so a refusal rolls it back. */
async function assertEscrowNotNegative(deps: Pick<WireFeeDeps, 'ledger'>, wire: WireTransferRow, tx: Db) {
  const { ledger } = deps;
  const account = heldAccountOf(wire);
  const balance = (await ledger.getBalances([account], tx))[account];
  // Escrow is a liability: what it holds is the negated balance.
  if (-balance < 0) throw new AppError('CONFLICT', WIRE_MESSAGES.escrowShort);
}

/** Books the wire processing fee out of the escrow (idempotent: once per wire). */
export async function transferProcessingFee(
  deps: WireFeeDeps,
  id: string,
  actor?: WireAdmin,
): Promise<WireTransfer> {
  const { db, ledger, clock, audited } = deps;
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
      await assertEscrowNotNegative(deps, wire, tx);
    }
    const now = clock.now();
    await updateWireTransfer(tx, id, { processingFeeTransferredAt: now, updatedAt: now });
  });
  return view(deps.db, id);
}

/**
 * Books the deal's commission out of the escrow. The key is the deal's commission key, so the
 * commission is taken once whichever way it was paid.
 */
export async function transferCommission(
  deps: WireFeeDeps,
  id: string,
  actor?: WireAdmin,
): Promise<WireTransfer> {
  const { db, ledger, clock, audited } = deps;
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
    await assertEscrowNotNegative(deps, wire, tx);
    const now = clock.now();
    const updated = (await updateWireTransfer(tx, id, {
      commissionTransferredAt: now,
      updatedAt: now,
    })) as WireTransferRow;
    for (const handler of deps.hooks.commission) await handler(updated, tx);
  });
  return view(deps.db, id);
}
