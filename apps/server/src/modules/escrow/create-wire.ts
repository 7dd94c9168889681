import { randomUUID } from 'node:crypto';
import {
  DEAL_MESSAGES,
  type FundingBreakdown,
  type WireTransfer,
  wireProcessingFee,
} from '@app/shared/deals/deals.schemas';
import { bpsToPercent, formatCents } from '@app/shared/money/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  DEAL_ESCROW_PAYMENT,
  REFERENCE_ATTEMPTS,
  toWireTransfer,
  WIRE_INSTRUCTIONS_EMAIL,
  type WireContext,
} from './wire-context.ts';
import { wireInstructionsEmail } from './wire-transfers.emails.ts';
import {
  findPendingWireTransfer,
  insertWireTransfer,
  type WireTransferRow,
} from './wire-transfers.repository.ts';

type CreateWireDeps = Pick<
  WireContext,
  'db' | 'settings' | 'clock' | 'bankDetails' | 'logger' | 'generateReference' | 'notifications' | 'appUrl'
>;

/**
 * A wire funding a deal's escrow: stores it with a fresh reference and the configured bank details,
 * then emails the instructions. A pending wire for the same deal and amount is returned instead of
 * a second one (double clicks, retries). Pass `tx` to make the insert part of the caller's work.
 */
export async function createForDeal(
  deps: CreateWireDeps,
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
  const { db, settings, clock, bankDetails, logger, generateReference } = deps;
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
    logger.error({ event: 'wire.reference_failed', dealId: input.dealId }, DEAL_MESSAGES.wireReferenceFailed);
    throw new AppError('INTERNAL', DEAL_MESSAGES.wireReferenceFailed);
  }
  if (created) await sendInstructions(deps, row, input, feeBps);
  return toWireTransfer({ ...row, userEmail: input.user.email });
}

async function sendInstructions(
  deps: Pick<CreateWireDeps, 'notifications' | 'bankDetails' | 'logger' | 'appUrl'>,
  wire: WireTransferRow,
  input: {
    user: { email: string; name: string | null };
    breakdown: FundingBreakdown;
    listingTitle: string;
  },
  feeBps: number,
) {
  const { notifications, bankDetails, logger, appUrl } = deps;
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
