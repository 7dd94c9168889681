/**
 * The claim contracts: opening a claim, the seller's answer, the buyer's response to it and an
 * administrator's decision. Amounts are integer cents; what they may be against the escrow is the claim
 * machine's check (claim-machine.ts), which knows what is held.
 */
import { LISTING_UNITS } from '../listings/listings.schemas.ts';
import { hasAtMostDecimals } from '../money/money.ts';
import * as z from '../zod.ts';
import {
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  CLAIM_REASONS,
  CLAIM_STATUSES,
  CLAIM_TRANSITION_TYPES,
  claimEvidenceRequired,
} from './claim-rules.ts';
import { DEAL_CONSTANTS } from './deal-common.schemas.ts';

export * from './claim-rules.ts';

const CentsSchema = z
  .number({ error: CLAIM_MESSAGES.amountCents })
  .int(CLAIM_MESSAGES.amountCents)
  .nonnegative(CLAIM_MESSAGES.amountCents)
  .max(Number.MAX_SAFE_INTEGER, CLAIM_MESSAGES.amountCents);

/** Uploaded photos and documents (images and PDF), by the id the upload returned. */
const EvidenceSchema = z
  .array(z.string().trim().min(1).max(CLAIM_LIMITS.evidenceIdMax))
  .max(CLAIM_LIMITS.evidenceMax, CLAIM_MESSAGES.tooMuchEvidence);

const NoteSchema = z.string().trim().max(CLAIM_LIMITS.noteMax);

/** POST /api/deals/:id/claims: the buyer opens a claim. */
export const OpenClaimBodySchema = z
  .object({
    reason: z.enum(CLAIM_REASONS),
    /** In the deal's unit, with the 4 decimals a deal keeps; at most the deal's quantity (the machine checks). */
    affectedQuantity: z
      .number()
      .positive({ message: CLAIM_MESSAGES.quantityAboveZero, abort: true })
      .max(Number.MAX_SAFE_INTEGER, { message: CLAIM_MESSAGES.quantityAboveDeal, abort: true })
      .refine((quantity) => hasAtMostDecimals(quantity, DEAL_CONSTANTS.quantityDecimals), {
        message: CLAIM_MESSAGES.quantityDecimals,
      }),
    claimedCents: CentsSchema.refine((cents) => cents > 0, CLAIM_MESSAGES.claimedAboveZero),
    evidence: EvidenceSchema.default([]),
    note: NoteSchema.default(''),
  })
  .strict()
  .refine((body) => !claimEvidenceRequired(body.reason) || body.evidence.length > 0, {
    message: CLAIM_MESSAGES.evidenceRequired,
    path: ['evidence'],
  });
export type OpenClaimBody = z.input<typeof OpenClaimBodySchema>;

/** POST /api/deals/:id/claims/:claimId/answer: the seller accepts, offers part, or rejects with evidence. */
export const AnswerClaimBodySchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('accept'), note: NoteSchema.default('') }).strict(),
  z
    .object({
      answer: z.literal('offer'),
      offeredCents: CentsSchema.refine((cents) => cents > 0, CLAIM_MESSAGES.offerAboveZero),
      note: NoteSchema.default(''),
    })
    .strict(),
  z
    .object({
      answer: z.literal('reject'),
      evidence: EvidenceSchema.min(1, CLAIM_MESSAGES.evidenceRequired),
      note: NoteSchema.default(''),
    })
    .strict(),
]);
export type AnswerClaimBody = z.input<typeof AnswerClaimBodySchema>;

/** POST /api/deals/:id/claims/:claimId/respond: the buyer takes the offer, escalates, or withdraws. */
export const RespondClaimBodySchema = z
  .object({ response: z.enum(['accept-offer', 'escalate', 'withdraw']), note: NoteSchema.default('') })
  .strict();
export type RespondClaimBody = z.input<typeof RespondClaimBodySchema>;

/** POST /api/admin/deals/:id/claims/:claimId/decision: an administrator splits the escrow. */
export const DecideClaimBodySchema = z
  .object({
    buyerRefundCents: CentsSchema,
    sellerPayoutCents: CentsSchema,
    /** Why, for both parties and the audit log. */
    note: NoteSchema.min(1, 'Please give the reason for the decision.'),
  })
  .strict();
export type DecideClaimBody = z.input<typeof DecideClaimBodySchema>;

/** A claim as the deal card shows it. */
export const ClaimSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reason: z.enum(CLAIM_REASONS),
  affectedQuantity: z.number(),
  heldCents: z.number().int(),
  claimedCents: z.number().int(),
  offeredCents: z.number().int().nullable(),
  openedAt: z.string(),
  answerDueAt: z.string(),
  answeredAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  split: z.object({ buyerRefundCents: z.number().int(), sellerPayoutCents: z.number().int() }).nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A photo or document attached to a claim step (served only to the deal's parties and administrators). */
export const ClaimEvidenceSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  url: z.string(),
});
export type ClaimEvidence = z.infer<typeof ClaimEvidenceSchema>;

/** One step of a claim's timeline. */
export const ClaimStepSchema = z.object({
  id: z.string(),
  transition: z.enum(CLAIM_TRANSITION_TYPES),
  actorRole: z.enum(['buyer', 'seller', 'admin', 'system']),
  fromStatus: z.string(),
  toStatus: z.enum(CLAIM_STATUSES),
  /** The amount the step named: claimed, offered, or the buyer's refund of a settlement. */
  amountCents: z.number().int().nullable(),
  note: z.string().nullable(),
  evidence: z.array(ClaimEvidenceSchema),
  createdAt: z.string(),
});
export type ClaimStep = z.infer<typeof ClaimStepSchema>;

/**
 * A claim with its timeline, as both parties and administrators see it. `actions` are the steps the
 * asking user may take now (the claim machine with the server's clock and windows); `payouts` is what a
 * settlement paid, commission included.
 */
export const ClaimDetailSchema = ClaimSchema.extend({
  buyerNote: z.string().nullable(),
  sellerNote: z.string().nullable(),
  decisionNote: z.string().nullable(),
  steps: z.array(ClaimStepSchema),
  actions: z.array(z.enum(CLAIM_TRANSITION_TYPES)),
  payouts: z
    .object({
      sellerReceivesCents: z.number().int(),
      buyerReceivesCents: z.number().int(),
      commissionCents: z.number().int(),
    })
    .nullable(),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

/** GET /api/deals/:id/claims: the deal's claims, newest first (at most one open). */
export const ClaimListSchema = z.object({ claims: z.array(ClaimDetailSchema) });
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** GET /api/admin/claims: claims that wait for an administrator (escalated, or unanswered past the window). */
export const AdminClaimSchema = ClaimDetailSchema.extend({
  listingId: z.string(),
  listingTitle: z.string(),
  /** The deal's quantity and the unit the claim's affected quantity is in (null for deals made before quantities were kept). */
  quantity: z.number().nullable(),
  unit: z.enum(LISTING_UNITS).nullable(),
  buyer: z.object({ userId: z.string(), name: z.string().nullable(), companyName: z.string().nullable() }),
  seller: z.object({ userId: z.string(), name: z.string().nullable(), companyName: z.string().nullable() }),
  dealValueCents: z.number().int(),
  currency: z.literal('USD'),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
/** Claims per page of the administrators' queue. */
export const ADMIN_CLAIMS_PAGE_SIZE = 20;
export const AdminClaimsQuerySchema = z.object({
  /** `waiting`: escalated, or unanswered past the seller's window (oldest first); `all`: newest first. */
  status: z.enum(['waiting', 'all']).default('waiting'),
  page: z.pageNumber(),
});
export type AdminClaimsQuery = z.infer<typeof AdminClaimsQuerySchema>;
export const AdminClaimListSchema = z.object({
  claims: z.array(AdminClaimSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClaimList = z.infer<typeof AdminClaimListSchema>;
