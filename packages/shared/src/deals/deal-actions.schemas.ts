/** What parties do with deals (offer, Buy Now, the machine's actions) and what the deal card shows. */
import { isInfinite } from '../input-limits.ts';
import { LISTING_LIMITS } from '../listings/listing-rules.ts';
import { AmountSchema } from '../money/money.schemas.ts';
import { hasAtMostDecimals } from '../money/money.ts';
import * as z from '../zod.ts';
import { commissionShare } from './deal-commission.schemas.ts';
import { DEAL_CONSTANTS, DEAL_MESSAGES } from './deal-common.schemas.ts';
import {
  canApplyDealTransition,
  commissionCollectable,
  completedWithoutEscrow,
  type DealGuardContext,
  type DealParty,
  PARTY_DEAL_ACTIONS,
} from './deal-machine.ts';
import { type Deal, machineStateOf } from './deal-views.schemas.ts';

const uuid = (message: string) => z.uuid({ error: message });

/** Deal value in dollars through the shared amount check, and greater than 0. */
export const DealValueSchema = AmountSchema.refine((dollars) => dollars > 0, {
  message: DEAL_MESSAGES.valueAboveZero,
});

/**
 * A deal's quantity in the listing's unit: above zero, finite, at most 1,000,000 (a listing's largest
 * quantity; the listing's own quantity caps it further, on the server) and with at most the 4 decimals
 * a deal keeps (numeric(14, 4)): refused past them, never rounded.
 */
export const DealQuantitySchema = z
  .number({
    error: (issue) =>
      isInfinite(issue.input) ? DEAL_MESSAGES.quantityNotFinite : DEAL_MESSAGES.quantityAboveZero,
  })
  .positive({ message: DEAL_MESSAGES.quantityAboveZero, abort: true })
  .min(10 ** -DEAL_CONSTANTS.quantityDecimals, { message: DEAL_MESSAGES.quantityTooSmall, abort: true })
  .max(LISTING_LIMITS.maxAmount, { message: DEAL_MESSAGES.quantityTooLarge, abort: true })
  .refine((quantity) => hasAtMostDecimals(quantity, DEAL_CONSTANTS.quantityDecimals), {
    message: DEAL_MESSAGES.quantityDecimals,
  });

/** POST /api/deals: Make Offer ("Propose a Deal"). */
export const CreateDealBodySchema = z
  .object({
    listingId: uuid(DEAL_MESSAGES.invalidListingId),
    dealValue: DealValueSchema,
    notes: z.string().trim().max(DEAL_CONSTANTS.notesMax).optional(),
    /** In the listing's unit; defaults to the listing's quantity, never more than it. */
    quantity: DealQuantitySchema.optional(),
  })
  .strict();
export type CreateDealBody = z.input<typeof CreateDealBodySchema>;

/** POST /api/deals/buy-now: a deal for the sell listing's total, notes marking it Buy Now. */
export const BuyNowBodySchema = z
  .object({ listingId: uuid(DEAL_MESSAGES.invalidListingId), quantity: DealQuantitySchema.optional() })
  .strict();
export type BuyNowBody = z.infer<typeof BuyNowBodySchema>;

export const DealIdParamsSchema = z.object({ id: uuid(DEAL_MESSAGES.invalidDealId) });

/** POST /api/deals/:id/actions: one party action of the machine. */
export const DealActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('counter-offer'), dealValue: DealValueSchema }).strict(),
  z
    .object({
      action: z.literal('open-dispute'),
      reason: z
        .string()
        .trim()
        .min(1, DEAL_MESSAGES.disputeReasonRequired)
        .max(DEAL_CONSTANTS.disputeReasonMax),
    })
    .strict(),
  z
    .object({
      action: z.enum(
        PARTY_DEAL_ACTIONS.filter((a) => a !== 'counter-offer' && a !== 'open-dispute') as [
          Exclude<(typeof PARTY_DEAL_ACTIONS)[number], 'counter-offer' | 'open-dispute'>,
          ...Exclude<(typeof PARTY_DEAL_ACTIONS)[number], 'counter-offer' | 'open-dispute'>[],
        ],
      ),
    })
    .strict(),
]);
export type DealActionBody = z.input<typeof DealActionBodySchema>;

// ---------------------------------------------------------------------------------------------------
// What the deal card shows

export const PROGRESS_STEPS = ['Deal Confirmed', 'Escrow Funded', 'Goods Shipped', 'Deal Complete'] as const;
/** The escrow step of a deal created while escrow was not required. */
export const OPTIONAL_ESCROW_STEP = 'Escrow Funded (optional)';

/**
 * The progress checklist of document 001, section 2. A deal that completed without escrow (escrow
 * optional) is complete once shipped.
 */
export function dealProgress(deal: Pick<Deal, 'status' | 'escrowStatus' | 'escrowRequired' | 'milestones'>) {
  // Each step says what happened (the deal's events), so no step is ever unticked again, and an early
  // release completes the deal without claiming anything was shipped.
  const { milestones } = deal;
  return [
    { label: PROGRESS_STEPS[0], done: milestones.agreedAt !== null },
    {
      label: deal.escrowRequired ? PROGRESS_STEPS[1] : OPTIONAL_ESCROW_STEP,
      done: milestones.fundedAt !== null,
    },
    { label: PROGRESS_STEPS[2], done: milestones.shippedAt !== null },
    { label: PROGRESS_STEPS[3], done: milestones.releasedAt !== null || completedWithoutEscrow(deal) },
  ];
}

/** Whether the commission is still owed (and by whom, once a payer is chosen). */
export function commissionOutstandingFor(deal: Deal, party: DealParty): number {
  if (deal.commission.settled || deal.commissionCents === 0) return 0;
  // Nobody chose another payer: the buyer pays, as the specification adds it to the buyer's total.
  if (deal.commission.payer === null)
    return Math.max(
      0,
      commissionShare(deal.commissionCents, 'buyer', party) - deal.commission.paidCents[party],
    );
  return Math.max(
    0,
    commissionShare(deal.commissionCents, deal.commission.payer, party) - deal.commission.paidCents[party],
  );
}

export type DealCardAction =
  | (typeof PARTY_DEAL_ACTIONS)[number]
  | 'fund-escrow'
  | 'waiting-for-funding'
  | 'pay-commission';

/**
 * The card's actions for the viewing party, from the shared machine plus the spec's display rules
 * (the waiting message, Fund Escrow, Pay Commission). Empty means "No actions available".
 */
export function dealCardActions(deal: Deal, party: DealParty, ctx: DealGuardContext = {}): DealCardAction[] {
  const state = machineStateOf(deal);
  const actions: DealCardAction[] = [];
  for (const action of PARTY_DEAL_ACTIONS) {
    if (canApplyDealTransition(state, action, party, ctx)) actions.push(action);
  }
  if (canApplyDealTransition(state, 'fund-escrow', party, ctx)) actions.push('fund-escrow');
  // An escrow-optional seller who may ship is not waiting for anything.
  if (
    party === 'seller' &&
    (deal.status === 'agreed' || deal.status === 'escrow_created') &&
    (deal.escrowStatus === 'none' || deal.escrowStatus === 'pending') &&
    !actions.includes('ship-goods')
  ) {
    actions.push('waiting-for-funding');
  }
  // While unsettled: whoever owes a share; and, until a payer is agreed, the other party too (to offer
  // to take a share), as well as a party the other one sent a proposal to.
  const proposal = deal.commission.proposal;
  if (
    commissionCollectable(state) &&
    !deal.commission.settled &&
    deal.commissionCents > 0 &&
    (commissionOutstandingFor(deal, party) > 0 ||
      deal.commission.payer === null ||
      (proposal !== null && proposal.by !== party))
  ) {
    actions.push('pay-commission');
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------------
// My Deals: where a deal belongs and in what order

export const DEAL_FOLDERS = ['all', 'action', 'active', 'completed', 'cancelled'] as const;
export type DealFolder = (typeof DEAL_FOLDERS)[number];
export const DEAL_FOLDER_LABELS: Record<DealFolder, string> = {
  all: 'All',
  action: 'Needs my action',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Whom an open claim waits for: the seller's answer, or the buyer's response to it. */
export function claimWaitsFor(deal: Pick<Deal, 'latestClaim'>): DealParty | null {
  const status = deal.latestClaim?.status;
  if (status === 'awaiting_seller') return 'seller';
  if (status === 'offered' || status === 'rejected') return 'buyer';
  return null;
}

/** Whether the viewing party has something to do on the deal now (not merely waiting). */
export function dealNeedsActionFrom(deal: Deal, party: DealParty): boolean {
  if (claimWaitsFor(deal) === party) return true;
  return dealCardActions(deal, party).some((a) => a !== 'waiting-for-funding');
}

/** The folder a deal lives in: open until it is cancelled, or completed with no escrow left to settle. */
export function dealFolderOf(deal: Deal): 'active' | 'completed' | 'cancelled' {
  if (deal.status === 'cancelled' && deal.escrowStatus !== 'held') return 'cancelled';
  if (deal.status === 'completed' && deal.escrowStatus !== 'held') return 'completed';
  return 'active';
}

export function dealInFolder(deal: Deal, party: DealParty, folder: DealFolder): boolean {
  if (folder === 'all') return true;
  if (folder === 'action') return dealNeedsActionFrom(deal, party);
  return dealFolderOf(deal) === folder;
}

/** My Deals' order: what needs the viewer first, then open deals, then closed ones; newest activity first. */
export function sortDealsForParty(deals: Deal[], partyOf: (deal: Deal) => DealParty): Deal[] {
  const rank = (deal: Deal) =>
    dealNeedsActionFrom(deal, partyOf(deal)) ? 0 : dealFolderOf(deal) === 'active' ? 1 : 2;
  return [...deals].sort((a, b) => rank(a) - rank(b) || b.updatedAt.localeCompare(a.updatedAt));
}
