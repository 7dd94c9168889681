/**
 * The claim vocabulary without zod: statuses, reasons and their labels, windows, limits and messages.
 * The deal card imports them from here; deal-claims.schemas.ts re-exports them for the forms and routes.
 */

/**
 * A claim's statuses. awaiting_seller: opened, the seller has not answered; offered: the seller offered
 * part of the amount; rejected: the seller refused with evidence; escalated: an administrator decides;
 * settled and withdrawn end it. Every status but the last two is open: escrow stays frozen.
 */
export const CLAIM_STATUSES = [
  'awaiting_seller',
  'offered',
  'rejected',
  'escalated',
  'settled',
  'withdrawn',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Statuses in which a claim is open: a deal has at most one, and its escrow moves only by the claim. */
export const OPEN_CLAIM_STATUSES = [
  'awaiting_seller',
  'offered',
  'rejected',
  'escalated',
] as const satisfies readonly ClaimStatus[];

export const isOpenClaimStatus = (status: string): boolean =>
  (OPEN_CLAIM_STATUSES as readonly string[]).includes(status);

/** The claim machine's steps (claim-machine.ts), as the API names them in a claim's timeline. */
export const CLAIM_TRANSITION_TYPES = [
  'open',
  'accept-claim',
  'offer-partial',
  'reject-claim',
  'accept-offer',
  'escalate',
  'decide',
  'withdraw',
] as const;

export const CLAIM_REASONS = [
  'weight_shortfall',
  'grade_mismatch',
  'contamination',
  'moisture',
  'not_delivered',
  'other',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  weight_shortfall: 'Weight shortfall',
  grade_mismatch: 'Grade or quality mismatch',
  contamination: 'Contamination',
  moisture: 'Moisture',
  not_delivered: 'Not delivered',
  other: 'Other',
};

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  awaiting_seller: 'Waiting for the seller',
  offered: 'Seller offered a partial amount',
  rejected: 'Seller rejected the claim',
  escalated: 'With an administrator',
  settled: 'Settled',
  withdrawn: 'Withdrawn',
};

/**
 * Evidence a claim must carry: photos or documents for every reason but "not delivered", where the
 * missing goods are the point and nothing can be photographed.
 */
export const claimEvidenceRequired = (reason: ClaimReason): boolean => reason !== 'not_delivered';

/** The windows' defaults; administrators change them in the settings. */
export const DEFAULT_CLAIM_WINDOWS = {
  /** Days after the buyer records delivery during which a claim may be opened (never after auto-release). */
  claimWindowDays: 2,
  /** Days the seller has to answer an opened claim; after that an administrator decides. */
  answerWindowDays: 3,
  /** Days after shipping when escrow is released automatically (the deal machine's default). */
  autoReleaseDays: 7,
} as const;
export type ClaimWindows = { claimWindowDays: number; answerWindowDays: number; autoReleaseDays: number };

export const CLAIM_LIMITS = {
  /** Photos and documents per step (opening, or a seller's rejection). */
  evidenceMax: 10,
  noteMax: 2_000,
  evidenceIdMax: 100,
} as const;

/** What a refused claim step says. */
export const CLAIM_MESSAGES = {
  notShipped: 'A claim can be opened once the seller has shipped.',
  escrowNotHeld: 'A claim can be opened only while escrow holds the payment.',
  claimAlreadyOpen: 'This deal already has an open claim.',
  claimWindowClosed: 'The time to open a claim on this deal has passed.',
  answerWindowClosed: 'The time to answer this claim has passed; an administrator will decide it.',
  answerWindowOpen: 'The seller still has time to answer this claim.',
  claimClosed: 'This claim is closed.',
  notNow: 'This claim cannot take that step now.',
  amountCents: 'Amounts must be whole cents.',
  claimedAboveZero: 'The amount claimed must be greater than 0.',
  claimedAboveHeld: 'The amount claimed cannot be more than the escrow holds.',
  offerAboveZero: 'An offer must be greater than 0.',
  offerBelowClaimed: 'An offer must be less than the amount claimed; accept the claim to pay it in full.',
  splitMustMatchHeld: 'The buyer’s refund and the seller’s payout must add up to what the escrow holds.',
  quantityAboveZero: 'The affected quantity must be greater than 0.',
  quantityAboveDeal: 'The affected quantity cannot be more than the deal’s quantity.',
  quantityDecimals: 'The affected quantity can have at most 4 decimals.',
  evidenceRequired: 'Please attach at least one photo or document.',
  tooMuchEvidence: `Please attach at most ${CLAIM_LIMITS.evidenceMax} files.`,
  buyerOnly: 'Only the buyer can open a claim.',
  notSplittable:
    'The escrow service holds this deal’s money and can only release or refund it whole: please open a dispute instead.',
  changedMeanwhile: 'This claim changed meanwhile. Please reload and try again.',
  claimNotFound: 'Claim not found',
} as const;
