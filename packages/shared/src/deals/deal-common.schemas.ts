/** The deal vocabulary every other deal contract uses: the spec's messages, constants and statuses. */
import { applyRateBps, formatCents } from '../money/money.ts';
import { DEAL_STATUSES, ESCROW_STATUSES } from './deal-machine.ts';

/** The specification's messages, word for word (document 001, sections 5 and 8). */
export const DEAL_MESSAGES = {
  escrowProviderBusy:
    'The escrow service is releasing or refunding this deal right now. Please try again in a moment.',
  escrowMismatch:
    "This deal's escrow does not match the deal, so no money was moved. An administrator has been alerted to reconcile it.",
  signInToView: 'Please sign in to view your deals.',
  signInToCreate: 'Please sign in to create deals',
  authError: 'Authentication error - please sign in again',
  invalidListingId: 'Invalid listing ID format',
  invalidSellerId: 'Invalid seller ID format',
  invalidUserId: 'Invalid user ID format',
  invalidDealId: 'Invalid deal ID format',
  invalidWireTransferId: 'Invalid wire transfer ID format',
  listingMissing: 'This is a demo listing. To create real deals, please create actual listings first.',
  checkListingFailed: 'Error checking listing - please try again',
  unexpected: 'An unexpected error occurred - please try again',
  valueAboveZero: 'Deal value must be greater than 0',
  loadFailed: 'Failed to load deals',
  updateFailed: 'Failed to update deal',
  requestEarlyReleaseFailed: 'Failed to request early escrow release',
  cannotRequestEarlyRelease: 'Cannot request early release - check deal status and permissions',
  approveEarlyReleaseFailed: 'Failed to approve early escrow release',
  cannotApproveEarlyRelease: 'Cannot approve early release - check deal status and permissions',
  completeFailed: 'Failed to complete deal',
  cannotCompleteNotFunded: 'Cannot complete deal - escrow must be funded first',
  cannotCompleteMaybeNotFunded: 'Cannot complete deal - escrow may not be funded',
  /** Escrow-optional deals: shipping waits while the buyer's escrow payment is under way. */
  cannotCompleteFundingPending: "Cannot complete deal - the buyer's escrow payment is still pending",
  shipFailed: 'Failed to mark goods as shipped',
  confirmationFailed: 'Confirmation failed',
  confirmFailed: 'Failed to confirm deal',
  dealNotFound: 'Error: Deal data not found',
  noActions: 'No actions available',
  waitingForFunding: 'Waiting for buyer to fund escrow...',
  // Successes
  confirmed: 'Deal confirmed!',
  completed: 'Deal Completed!',
  released: 'Escrow Released',
  refunded: 'Escrow Refunded',
  refreshed: 'Deals Refreshed',
  // Buy Now
  cannotBuyOwn: 'Cannot buy your own listing',
  cannotBuyOwnDescription: 'You cannot purchase your own listing',
  purchaseInitiated: 'Purchase Initiated!',
  purchaseFailed: 'Failed to create purchase',
  /** Offers and deals on one's own listing are refused with the same wording. */
  cannotDealOwn: 'You cannot make a deal on your own listing',
  buyNowSellOnly: 'Buy Now is only available on sell listings',
  quantityAboveZero: 'The quantity must be greater than 0',
  quantityAboveListing: "The quantity cannot be more than the listing's quantity",
  quantityNotFinite: 'The quantity must be a finite number',
  quantityTooLarge: 'The quantity must be 1,000,000,000 or less',
  quantityTooSmall: 'The quantity must be at least 0.0001',
  // Escrow creation
  sameEmails: 'Buyer and seller must use different email addresses for escrow',
  noEscrowResponse: 'No response from escrow service. Please try again.',
  escrowServiceError: 'Escrow service returned an error...',
  noTransactionId: 'No transaction ID received from escrow service',
  transactionStatusFailed: 'Failed to get transaction status',
  releaseFundsFailed: 'Failed to release funds',
  sellerEmailMissing:
    'Seller contact email not found. Please ensure the seller has completed their company profile.',
  sellerContactFailed: 'Could not retrieve seller contact information',
  // Escrow payment (card)
  dealIdRequired: 'Deal ID is required',
  validAmountRequired: 'Valid amount is required',
  paymentAuthFailed: 'Authentication failed. Please sign in again.',
  signInToPayEscrow: 'Please sign in to create escrow payment',
  noPaymentUrl: 'No payment URL received',
  noPaymentResponse: 'No response from payment service',
  paymentServiceError: 'Payment service returned an error',
  createEscrowPaymentFailed: 'Failed to create escrow payment',
  userNotAuthenticated: 'User not authenticated',
  releaseEscrowFailed: 'Failed to release escrow funds',
  refundEscrowFailed: 'Failed to refund escrow funds',
  escrowStatusFailed: 'Failed to get escrow status',
  unexpectedShort: 'An unexpected error occurred',
  paymentErrorTitle: 'Payment Error',
  escrowPaymentSuccess: 'Escrow payment successful!',
  escrowPaymentSuccessText:
    'Your payment is held in escrow and will be released to the seller when the deal is completed.',
  escrowPaymentCanceled: 'Escrow payment canceled',
  escrowCreatedTitle: 'Escrow transaction created',
  methodNotAvailable: 'This payment method is not available for this deal',
  // Wire and payment methods
  signInToWire: 'Please sign in to create wire transfers',
  wireReferenceFailed: 'Failed to generate wire transfer reference',
  loadWireTransfersFailed: 'Failed to load wire transfers',
  loadPaymentMethodsFailed: 'Failed to load payment methods',
  verifyWireFailed: 'Failed to verify wire transfer',
  authRequired: 'Authentication required',
  adminValidationFailed: 'Admin validation failed',
  adminRequired: 'Admin access required',
  notAuthenticated: 'Not authenticated',
  wireNotFound: 'Wire transfer not found',
  wireAlreadyVerified: 'This wire transfer is already verified',
  // Commission
  commissionPaymentFailedTitle: 'Payment failed',
  commissionPaymentFailed: 'Failed to create commission payment',
  commissionSettled: 'The commission of this deal is already settled',
  commissionAwaitingOther: 'The other party has been asked to pay their share of the commission',
  commissionProposed:
    'Proposal sent. It applies once the other party chooses it too; until then the buyer pays the commission.',
  // Disputes
  disputeReasonRequired: 'Please describe the problem',
} as const;

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
