import type { WireTransfer } from '@app/shared/deals/deals.schemas';
import { inTransaction } from '../../db/client.ts';
import { DEAL_ESCROW_PAYMENT, lockOpenWire, view, type WireAdmin, type WireContext } from './wire-context.ts';
import { updateWireTransfer, type WireTransferRow } from './wire-transfers.repository.ts';

type WireStatusDeps = Pick<WireContext, 'db' | 'clock' | 'logger' | 'audited' | 'hooks'>;

/** The administrator saw the money on the bank statement but has not verified it yet. */
export async function markReceived(
  deps: WireStatusDeps,
  admin: WireAdmin,
  id: string,
  notes?: string,
): Promise<WireTransfer> {
  const { db, clock, logger, audited } = deps;
  await inTransaction(db, async (tx) => {
    const wire = await lockOpenWire(tx, id);
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
  return view(deps.db, id);
}

/** The money never arrived (or bounced): the deal's funding failed. */
export async function markFailed(
  deps: WireStatusDeps,
  admin: WireAdmin,
  id: string,
  notes?: string,
): Promise<WireTransfer> {
  const { db, clock, logger, audited } = deps;
  await inTransaction(db, async (tx) => {
    const wire = await lockOpenWire(tx, id);
    await audited(tx, admin, 'fail', id, notes);
    const updated = (await updateWireTransfer(tx, id, {
      status: 'failed',
      adminNotes: notes ?? wire.adminNotes,
      updatedAt: clock.now(),
    })) as WireTransferRow;
    if (wire.paymentType === DEAL_ESCROW_PAYMENT)
      for (const handler of deps.hooks.failed) await handler(updated, tx);
    logger.info(
      { event: 'wire.failed', wireTransferId: id, adminEmail: admin.email },
      'Wire transfer marked failed',
    );
  });
  return view(deps.db, id);
}
