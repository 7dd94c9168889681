import type { WireTransfer } from '@app/shared/deals/deals.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import {
  DEAL_ESCROW_PAYMENT,
  type DealEscrowVerdict,
  lockOpenWire,
  view,
  type WireAdmin,
  type WireContext,
} from './wire-context.ts';
import { heldAccountOf, transferCommission, transferProcessingFee } from './wire-fees.ts';
import { updateWireTransfer, type WireTransferRow } from './wire-transfers.repository.ts';

type VerifyWireDeps = Pick<
  WireContext,
  'db' | 'ledger' | 'clock' | 'logger' | 'reporter' | 'audited' | 'hooks'
>;

/**
 * Verification: in one transaction the wire becomes verified (time, admin email, notes), the deal
 * decides whether the money funds its escrow, and the money is booked. Then, each on its own and
 * never undoing the verification, the processing fee and the commission move out of the escrow.
 * A wire the deal no longer needs never touches its escrow: in the same transaction the bank's
 * money is owed back to the buyer less the processing fee, and no commission is taken.
 */
export async function verify(
  deps: VerifyWireDeps,
  admin: WireAdmin,
  id: string,
  notes?: string,
): Promise<WireTransfer> {
  const { db, ledger, clock, logger, audited } = deps;
  const verified = await inTransaction(db, async (tx) => {
    const wire = await lockOpenWire(tx, id);
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
      for (const handler of deps.hooks.verified) verdicts.push(await handler(updated, tx));
    if (verdicts.includes('return-to-buyer')) return returnToBuyer(deps, tx, updated);
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
  if (!verified.returnedToBuyerAt) await runAfterVerification(deps, verified);
  return view(deps.db, id);
}

/**
 * The bank received money the deal no longer needs: one posting owes it back to the buyer and keeps
 * the processing fee (the wire was handled all the same). The escrow and the commission are untouched.
 */
async function returnToBuyer(
  deps: Pick<VerifyWireDeps, 'ledger' | 'clock'>,
  tx: Db,
  wire: WireTransferRow,
): Promise<WireTransferRow> {
  const { ledger, clock } = deps;
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
async function runAfterVerification(deps: VerifyWireDeps, wire: WireTransferRow) {
  const { logger, reporter, clock } = deps;
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['processing-fee', () => transferProcessingFee(deps, wire.id)],
  ];
  if (wire.paymentType === DEAL_ESCROW_PAYMENT && wire.commissionCents > 0)
    steps.push(['commission', () => transferCommission(deps, wire.id)]);
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
