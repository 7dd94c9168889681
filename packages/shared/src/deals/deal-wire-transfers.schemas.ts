/** Plain wire transfers (deal fundings and other payments by wire) as the admin screens see them. */
import * as z from '../zod.ts';
import { DEAL_CONSTANTS, DEAL_MESSAGES } from './deal-common.schemas.ts';
import { BankDetailsSchema } from './deal-funding.schemas.ts';

const uuid = (message: string) => z.uuid({ error: message });

export const WIRE_TRANSFER_STATUSES = ['pending', 'received', 'verified', 'failed'] as const;
export type WireTransferStatus = (typeof WIRE_TRANSFER_STATUSES)[number];

export const WireTransferSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  bankDetails: BankDetailsSchema,
  paymentType: z.string(),
  relatedId: z.string().nullable(),
  /** The part of the amount that is the deal's commission (0 when not paid with the funding). */
  commissionCents: z.number().int(),
  processingFeeCents: z.number().int(),
  status: z.enum(WIRE_TRANSFER_STATUSES),
  verifiedAt: z.string().nullable(),
  verifiedByAdminEmail: z.string().nullable(),
  adminNotes: z.string().nullable(),
  /** Whether the processing fee and the commission transfers have been booked. */
  processingFeeTransferred: z.boolean(),
  commissionTransferred: z.boolean(),
  /** Verified for a deal that no longer needed it: returned to the buyer less the processing fee. */
  returnedToBuyer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WireTransfer = z.infer<typeof WireTransferSchema>;
export const WireTransferListSchema = z.object({ wireTransfers: z.array(WireTransferSchema) });
export type WireTransferList = z.infer<typeof WireTransferListSchema>;

export const WireTransferIdParamsSchema = z.object({ id: uuid(DEAL_MESSAGES.invalidWireTransferId) });
export const ListWireTransfersQuerySchema = z.object({
  status: z.enum([...WIRE_TRANSFER_STATUSES, 'all']).default('all'),
});
export const AdminWireActionBodySchema = z
  .object({ adminNotes: z.string().trim().max(DEAL_CONSTANTS.adminNotesMax).optional() })
  .strict();
