/** The deal vocabulary every other deal contract uses: the spec's messages, constants and statuses. */
import { applyRateBps, formatCents } from '../money/money.ts';
import { DEAL_STATUSES, ESCROW_STATUSES } from './deal-machine.ts';

export { DEAL_MESSAGES } from './deal-messages.ts';

/** Business constants of document 001, section 9 (fees that administrators can change live in settings). */
export const DEAL_CONSTANTS = {
  /** Totals at or below this many cents may only be paid by card. */
  cardOnlyMaxCents: 5_000,
  /** The screen rechecks an initiated deal both sides confirmed after this long. */
  confirmRecheckMs: 2_000,
  /** After a card payment the payment state resets and deals refresh after this long. */
  cardRefreshMs: 3_000,
  /** The escrow provider's page opens this long after the "Escrow transaction created" dialog. */
  escrowUrlOpenDelayMs: 500,
  copiedResetMs: 2_000,
  buyNowClickGuardMs: 1_000,
  autoReleaseDays: 7,
  notesMax: 2_000,
  disputeReasonMax: 2_000,
  adminNotesMax: 2_000,
  /** A deal keeps its quantity to 4 decimals (numeric(14, 4)). */
  quantityDecimals: 4,
} as const;

export type { DealStatus, EscrowStatus } from './deal-machine.ts';
export { DEAL_STATUSES, ESCROW_STATUSES };

/** Notes containing "Buy Now" mark a buy_now deal; any other deal is make_offer. */
export const BUY_NOW_NOTE = 'Buy Now';
export type DealType = 'buy_now' | 'make_offer';
export const dealTypeOf = (notes: string | null | undefined): DealType =>
  notes?.includes(BUY_NOW_NOTE) ? 'buy_now' : 'make_offer';

/** "Deal created for $X. Both parties need to confirm to proceed with escrow." */
export const purchaseInitiatedDescription = (valueCents: number) =>
  `Deal created for ${formatCents(valueCents)}. Both parties need to confirm to proceed with escrow.`;

/** "Missing required data: dealId, sellerEmail" */
export const missingDataMessage = (fields: string[]) => `Missing required data: ${fields.join(', ')}`;

/** The commission on a value in cents at the deal's rate (basis points; 300 = 3%). */
export const commissionFor = (valueCents: number, rateBps: number) => applyRateBps(valueCents, rateBps);
