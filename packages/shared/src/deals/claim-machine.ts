/**
 * A deal's claim as data, beside the deal machine: statuses, the events that move a claim, who may
 * fire each from which status, and the guards on the clock and on the amounts. The server applies
 * `transitionClaim` (it is authoritative); the deal card reads `availableClaimTransitions` to decide
 * which buttons to show. Money is integer cents; the split of a settlement always adds up to what
 * the escrow held when the claim opened.
 */
import type { ErrorCode } from '../errors/error-codes.ts';
import { applyRateBps } from '../money/money.ts';
import {
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  type ClaimReason,
  type ClaimStatus,
  type ClaimWindows,
  claimEvidenceRequired,
  DEFAULT_CLAIM_WINDOWS,
  isOpenClaimStatus,
} from './claim-rules.ts';
import type { DealActor, DealStatus, EscrowStatus } from './deal-machine.ts';

/** 'none': the deal has no open claim, so one may be opened. Never stored. */
export type ClaimMachineStatus = ClaimStatus | 'none';
export type ClaimActor = DealActor;

/** What the deal says when a claim is opened; later steps read only the claim's own snapshot. */
export type ClaimDealFacts = {
  status: DealStatus;
  escrowStatus: EscrowStatus;
  /** What the deal's escrow account holds now. */
  escrowHeldCents: number;
  /** The deal's quantity in the listing's unit. */
  quantity: number;
  shippedAt: string | Date | null;
  /** When the buyer recorded delivery; null until they do. */
  deliveredAt: string | Date | null;
};

/** How a settled claim splits the escrow: the two always add up to `heldCents`. */
export type ClaimSplit = { buyerRefundCents: number; sellerPayoutCents: number };

export type ClaimMachineState = {
  status: ClaimMachineStatus;
  deal: ClaimDealFacts;
  reason: ClaimReason | null;
  affectedQuantity: number | null;
  /** The escrow held when the claim opened: the ceiling of every amount and the sum of the split. */
  heldCents: number;
  claimedCents: number | null;
  offeredCents: number | null;
  openedAt: string | Date | null;
  /** The end of the seller's answer window, fixed when the claim opens. */
  answerDueAt: string | Date | null;
  answeredAt: string | Date | null;
  escalatedAt: string | Date | null;
  closedAt: string | Date | null;
  split: ClaimSplit | null;
};

export type ClaimEvent =
  | {
      type: 'open';
      reason: ClaimReason;
      affectedQuantity: number;
      claimedCents: number;
      evidence: readonly string[];
    }
  | { type: 'accept-claim' }
  | { type: 'offer-partial'; offeredCents: number }
  | { type: 'reject-claim'; evidence: readonly string[] }
  | { type: 'accept-offer' }
  | { type: 'escalate' }
  | { type: 'decide'; buyerRefundCents: number; sellerPayoutCents: number }
  | { type: 'withdraw' };
export type ClaimTransition = ClaimEvent['type'];

export type ClaimGuardContext = { now: Date; windows: ClaimWindows };

/** A condition on the state and the clock: why it refuses, or null. */
export type ClaimGuard = (s: ClaimMachineState, actor: ClaimActor, ctx: ClaimGuardContext) => string | null;

export type ClaimTransitionRule<E extends ClaimEvent = ClaimEvent> = {
  /** Statuses the event may be fired from. */
  from: readonly ClaimMachineStatus[];
  /** Who may fire it. */
  actors: readonly ClaimActor[];
  /** Condition on the state and the clock (windows, the deal); says why it refuses, or null. */
  guard?: ClaimGuard;
  /** Checks on what the event carries (amounts, evidence); says why it refuses, or null. */
  check?: (s: ClaimMachineState, event: E) => string | null;
  /** What a human reads when the step is refused or logged. */
  description: string;
};

const DAY_MS = 86_400_000;
const time = (at: string | Date) => new Date(at).getTime();
const addDays = (at: string | Date, days: number) => new Date(time(at) + days * DAY_MS);

/** A whole, non-negative number of cents that stays exact in a double. */
export const isCents = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

/**
 * When the buyer can no longer open a claim: the claim window after recorded delivery, and never
 * after auto-release (so before delivery is recorded, auto-release alone closes it). Null before shipping.
 */
export function claimWindowClosesAt(deal: ClaimDealFacts, windows: ClaimWindows): Date | null {
  if (!deal.shippedAt) return null;
  const autoRelease = addDays(deal.shippedAt, windows.autoReleaseDays);
  if (!deal.deliveredAt) return autoRelease;
  const afterDelivery = addDays(deal.deliveredAt, windows.claimWindowDays);
  return new Date(Math.min(afterDelivery.getTime(), autoRelease.getTime()));
}

/** Whether the seller's answer window has closed (an administrator may then decide). */
const answerWindowClosed = (s: ClaimMachineState, now: Date) =>
  s.answerDueAt !== null && now.getTime() >= time(s.answerDueAt);

function checkEvidence(evidence: readonly string[], required: boolean): string | null {
  if (required && evidence.length === 0) return CLAIM_MESSAGES.evidenceRequired;
  if (evidence.length > CLAIM_LIMITS.evidenceMax) return CLAIM_MESSAGES.tooMuchEvidence;
  return null;
}

/** The seller's three answers share one condition: within the answer window. */
const withinAnswerWindow: ClaimGuard = (s, _actor, { now }) =>
  answerWindowClosed(s, now) ? CLAIM_MESSAGES.answerWindowClosed : null;

/** Escalating, or deciding, a claim the seller has not answered waits for the answer window to close. */
const unansweredOnlyAfterWindow: ClaimGuard = (s, _actor, { now }) =>
  s.status === 'awaiting_seller' && !answerWindowClosed(s, now) ? CLAIM_MESSAGES.answerWindowOpen : null;

/**
 * Every step of a claim. What each does to the claim is in `nextClaimState`; money, events and
 * emails belong to the server.
 */
export const CLAIM_TRANSITIONS = {
  /** The buyer claims part or all of the escrow after shipping, within the claim window. */
  open: {
    from: ['none'],
    actors: ['buyer'],
    guard: (s, _actor, { now, windows }) => {
      if (s.deal.status !== 'completed' || !s.deal.shippedAt) return CLAIM_MESSAGES.notShipped;
      if (s.deal.escrowStatus !== 'held' || s.deal.escrowHeldCents <= 0) return CLAIM_MESSAGES.escrowNotHeld;
      const closesAt = claimWindowClosesAt(s.deal, windows);
      return closesAt && now < closesAt ? null : CLAIM_MESSAGES.claimWindowClosed;
    },
    check: (s, e) => {
      if (!isCents(e.claimedCents)) return CLAIM_MESSAGES.amountCents;
      if (e.claimedCents === 0) return CLAIM_MESSAGES.claimedAboveZero;
      if (e.claimedCents > s.deal.escrowHeldCents) return CLAIM_MESSAGES.claimedAboveHeld;
      if (!(e.affectedQuantity > 0)) return CLAIM_MESSAGES.quantityAboveZero;
      if (e.affectedQuantity > s.deal.quantity) return CLAIM_MESSAGES.quantityAboveDeal;
      return checkEvidence(e.evidence, claimEvidenceRequired(e.reason));
    },
    description: 'Open a claim',
  },
  /** The seller accepts the claim in full: the buyer gets the amount claimed. */
  'accept-claim': {
    from: ['awaiting_seller'],
    actors: ['seller'],
    guard: withinAnswerWindow,
    description: 'Accept the claim',
  },
  /** The seller offers part of the amount claimed; the buyer accepts it or escalates. */
  'offer-partial': {
    from: ['awaiting_seller'],
    actors: ['seller'],
    guard: withinAnswerWindow,
    check: (s, e) => {
      if (!isCents(e.offeredCents)) return CLAIM_MESSAGES.amountCents;
      if (e.offeredCents === 0) return CLAIM_MESSAGES.offerAboveZero;
      return e.offeredCents < (s.claimedCents ?? 0) ? null : CLAIM_MESSAGES.offerBelowClaimed;
    },
    description: 'Offer a partial amount',
  },
  /** The seller rejects the claim with their own evidence; the buyer escalates or withdraws. */
  'reject-claim': {
    from: ['awaiting_seller'],
    actors: ['seller'],
    guard: withinAnswerWindow,
    check: (_s, e) => checkEvidence(e.evidence, true),
    description: 'Reject the claim',
  },
  /** The buyer takes the seller's offer. */
  'accept-offer': {
    from: ['offered'],
    actors: ['buyer'],
    description: 'Accept the offer',
  },
  /**
   * The buyer turns to an administrator after an offer or a rejection; a claim the seller left
   * unanswered goes there too once the answer window closes (the buyer, or the server's timed job).
   */
  escalate: {
    from: ['awaiting_seller', 'offered', 'rejected'],
    actors: ['buyer', 'system'],
    guard: (s, actor, ctx) =>
      actor === 'system' && s.status !== 'awaiting_seller'
        ? CLAIM_MESSAGES.notNow
        : unansweredOnlyAfterWindow(s, actor, ctx),
    description: 'Escalate the claim',
  },
  /** An administrator splits the escrow any way between buyer and seller. */
  decide: {
    from: ['escalated', 'awaiting_seller'],
    actors: ['admin'],
    guard: unansweredOnlyAfterWindow,
    check: (s, e) => {
      if (!isCents(e.buyerRefundCents) || !isCents(e.sellerPayoutCents)) return CLAIM_MESSAGES.amountCents;
      return e.buyerRefundCents + e.sellerPayoutCents === s.heldCents
        ? null
        : CLAIM_MESSAGES.splitMustMatchHeld;
    },
    description: 'Decide the claim',
  },
  /** The buyer gives the claim up; escrow follows the deal again. */
  withdraw: {
    from: ['awaiting_seller', 'offered', 'rejected', 'escalated'],
    actors: ['buyer'],
    description: 'Withdraw the claim',
  },
} as const satisfies { [T in ClaimTransition]: ClaimTransitionRule<Extract<ClaimEvent, { type: T }>> };

export const CLAIM_TRANSITION_NAMES = Object.keys(CLAIM_TRANSITIONS) as ClaimTransition[];

/** Steps a party takes from the deal card. */
export const PARTY_CLAIM_ACTIONS = [
  'open',
  'accept-claim',
  'offer-partial',
  'reject-claim',
  'accept-offer',
  'escalate',
  'withdraw',
] as const satisfies readonly ClaimTransition[];

export type ClaimRefusal = { ok: false; code: ErrorCode; message: string };
export type ClaimTransitionResult = { ok: true; state: ClaimMachineState } | ClaimRefusal;

const refuse = (code: ErrorCode, message: string): ClaimRefusal => ({ ok: false, code, message });

const ACTOR_NAMES: Record<ClaimActor, string> = {
  buyer: 'the buyer',
  seller: 'the seller',
  admin: 'an administrator',
  system: 'the platform',
};

/** The refusal for a status, actor or window, before anything the event carries is looked at. */
function refusalOf(
  state: ClaimMachineState,
  transition: ClaimTransition,
  actor: ClaimActor,
  ctx: ClaimGuardContext,
): ClaimRefusal | null {
  const rule: ClaimTransitionRule = CLAIM_TRANSITIONS[transition] as ClaimTransitionRule;
  if (!rule.from.includes(state.status)) {
    const message =
      state.status === 'settled' || state.status === 'withdrawn'
        ? CLAIM_MESSAGES.claimClosed
        : transition === 'open'
          ? CLAIM_MESSAGES.claimAlreadyOpen
          : CLAIM_MESSAGES.notNow;
    return refuse('CLAIM_TRANSITION_NOT_ALLOWED', message);
  }
  if (!rule.actors.includes(actor)) {
    const who = rule.actors.filter((a) => a !== 'system').map((a) => ACTOR_NAMES[a]);
    return refuse(
      'CLAIM_TRANSITION_NOT_ALLOWED',
      `Only ${who.join(' or ')} can ${rule.description.toLowerCase()}.`,
    );
  }
  const why = rule.guard?.(state, actor, ctx);
  return why ? refuse('CLAIM_TRANSITION_NOT_ALLOWED', why) : null;
}

const contextOf = (now: Date, windows?: Partial<ClaimWindows>): ClaimGuardContext => ({
  now,
  windows: { ...DEFAULT_CLAIM_WINDOWS, ...windows },
});

/**
 * The claim after `event` fired by `actor` at `now`, or why it is refused: 409
 * CLAIM_TRANSITION_NOT_ALLOWED for the status, the actor or a window; 400 VALIDATION_FAILED for what
 * the event carries (amounts, quantity, evidence). Pure: the server stores the state it returns.
 */
export function transitionClaim(
  state: ClaimMachineState,
  event: ClaimEvent,
  actor: ClaimActor,
  now: Date,
  windows?: Partial<ClaimWindows>,
): ClaimTransitionResult {
  const ctx = contextOf(now, windows);
  const refusal = refusalOf(state, event.type, actor, ctx);
  if (refusal) return refusal;
  const rule = CLAIM_TRANSITIONS[event.type] as ClaimTransitionRule;
  const invalid = rule.check?.(state, event);
  if (invalid) return refuse('VALIDATION_FAILED', invalid);
  return { ok: true, state: nextClaimState(state, event, ctx) };
}

/** Whether `actor` may fire `transition` now, before knowing what the event will carry. */
export function canApplyClaimTransition(
  state: ClaimMachineState,
  transition: ClaimTransition,
  actor: ClaimActor,
  now: Date,
  windows?: Partial<ClaimWindows>,
): boolean {
  return refusalOf(state, transition, actor, contextOf(now, windows)) === null;
}

/** Every step `actor` may take now, in table order: the deal card's buttons. */
export function availableClaimTransitions(
  state: ClaimMachineState,
  actor: ClaimActor,
  now: Date,
  windows?: Partial<ClaimWindows>,
): ClaimTransition[] {
  return CLAIM_TRANSITION_NAMES.filter((t) => canApplyClaimTransition(state, t, actor, now, windows));
}

/** Split of a settlement: the buyer's share, the rest of what was held to the seller. */
const settle = (s: ClaimMachineState, buyerRefundCents: number, now: Date): ClaimMachineState => ({
  ...s,
  status: 'settled',
  split: { buyerRefundCents, sellerPayoutCents: s.heldCents - buyerRefundCents },
  closedAt: now,
});

/** The claim after an event (pure). `transitionClaim` checks first; this does not. */
function nextClaimState(s: ClaimMachineState, event: ClaimEvent, { now, windows }: ClaimGuardContext) {
  switch (event.type) {
    case 'open':
      return {
        ...s,
        status: 'awaiting_seller',
        reason: event.reason,
        affectedQuantity: event.affectedQuantity,
        heldCents: s.deal.escrowHeldCents,
        claimedCents: event.claimedCents,
        openedAt: now,
        answerDueAt: addDays(now, windows.answerWindowDays),
      } satisfies ClaimMachineState;
    case 'accept-claim':
      return settle({ ...s, answeredAt: now }, s.claimedCents ?? 0, now);
    case 'offer-partial':
      return {
        ...s,
        status: 'offered',
        offeredCents: event.offeredCents,
        answeredAt: now,
      } satisfies ClaimMachineState;
    case 'reject-claim':
      return { ...s, status: 'rejected', answeredAt: now } satisfies ClaimMachineState;
    case 'accept-offer':
      return settle(s, s.offeredCents ?? 0, now);
    case 'escalate':
      return { ...s, status: 'escalated', escalatedAt: now } satisfies ClaimMachineState;
    case 'decide':
      return settle(s, event.buyerRefundCents, now);
    case 'withdraw':
      return { ...s, status: 'withdrawn', closedAt: now } satisfies ClaimMachineState;
  }
}

/** A deal with no open claim: the state `open` starts from. */
export function newClaimState(deal: ClaimDealFacts): ClaimMachineState {
  return {
    status: 'none',
    deal,
    reason: null,
    affectedQuantity: null,
    heldCents: 0,
    claimedCents: null,
    offeredCents: null,
    openedAt: null,
    answerDueAt: null,
    answeredAt: null,
    escalatedAt: null,
    closedAt: null,
    split: null,
  };
}

/** The deal's open claim, if any: one deal has at most one (a partial unique index on the server). */
export function findOpenClaim<C extends { status: string }>(claims: readonly C[]): C | null {
  return claims.find((c) => isOpenClaimStatus(c.status)) ?? null;
}

/** Whether the buyer may open a new claim as far as other claims go: none of the deal's claims is open. */
export const hasOpenClaim = (claims: readonly { status: string }[]): boolean =>
  findOpenClaim(claims) !== null;

/**
 * What a settled claim pays, commission included (docs/DECISIONS.md, "Commission on a claim
 * settlement"): the commission is the deal's rate on the seller's payout, rounded as at creation.
 * Commission not paid yet is deducted from the seller's payout; commission the buyer paid with the
 * funding above that figure goes back to the buyer with the refund.
 */
export function claimSettlementPayouts(input: {
  split: ClaimSplit;
  commissionRateBps: number;
  /** Commission already in the platform's revenue for this deal (paid with the funding). */
  commissionPaidCents: number;
}) {
  const { buyerRefundCents, sellerPayoutCents } = input.split;
  const commissionCents = applyRateBps(sellerPayoutCents, input.commissionRateBps);
  const deductedCents = Math.min(sellerPayoutCents, Math.max(0, commissionCents - input.commissionPaidCents));
  const commissionReturnedCents = Math.max(0, input.commissionPaidCents - commissionCents);
  return {
    commissionCents,
    /** Taken out of the seller's payout into revenue. */
    commissionDeductedCents: deductedCents,
    /** Commission paid with the funding that the smaller payout no longer owes, back to the buyer. */
    commissionReturnedCents,
    sellerReceivesCents: sellerPayoutCents - deductedCents,
    buyerReceivesCents: buyerRefundCents + commissionReturnedCents,
  };
}
