/**
 * The deal lifecycle as data: statuses, escrow statuses, every transition with who may fire it,
 * from which statuses, and the guard it needs. The server applies transitions (it is authoritative);
 * the web reads the same table to decide which actions to offer, so the two never disagree.
 */

export const DEAL_STATUSES = [
  'initiated',
  'negotiating',
  'agreed',
  'escrow_created',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const ESCROW_STATUSES = ['none', 'pending', 'held', 'released', 'refunded'] as const;
export type EscrowStatus = (typeof ESCROW_STATUSES)[number];

/** Who fires a transition: the two parties, an administrator, or the server itself (jobs, payments). */
export const DEAL_ACTORS = ['buyer', 'seller', 'admin', 'system'] as const;
export type DealActor = (typeof DEAL_ACTORS)[number];
export type DealParty = 'buyer' | 'seller';

/** The state a transition is checked against: what the deals row holds. */
export type DealMachineState = {
  status: DealStatus;
  escrowStatus: EscrowStatus;
  buyerConfirmed: boolean;
  sellerConfirmed: boolean;
  /** The party whose value is on the table: the buyer at creation, then whoever countered last. */
  lastOfferBy: DealParty;
  /** The party that asked to release escrow before the normal release, if one has. */
  earlyReleaseRequestedBy: DealParty | null;
  /** When the seller shipped (the deal completed); auto-release counts from here. */
  shippedAt: string | Date | null;
  /**
   * The settings' "escrow required" at the deal's creation (the deal keeps it). When false the seller
   * may also ship before any money is held, and the parties settle outside the platform.
   */
  escrowRequired: boolean;
  /** When the buyer recorded the goods' arrival (the claim window counts from here); null until then. */
  deliveredAt: string | Date | null;
  /** A claim is open (`claim-machine.ts`): the escrow moves only by its settlement meanwhile. */
  claimOpen: boolean;
  /**
   * Whether a claim can split the held escrow between the parties: true for card, Klarna and plain
   * wire fundings; false for money an external escrow service holds (it releases or refunds a whole
   * transaction), where a shipped deal's disagreement stays a dispute.
   */
  escrowSplittable: boolean;
};

/** Context some guards need besides the state. */
export type DealGuardContext = {
  now?: Date;
  autoReleaseDays?: number;
  /** settle-claim: whether the seller receives part of the escrow (released) or none of it (refunded). */
  claimSettlement?: 'released' | 'refunded';
};

export type DealGuard = (state: DealMachineState, actor: DealActor, ctx: DealGuardContext) => boolean;

export type DealTransitionRule = {
  /** Statuses the transition may start from. */
  from: readonly DealStatus[];
  /** Who may fire it. */
  actors: readonly DealActor[];
  /** Extra condition on the state (escrow, confirmations, who proposed). */
  guard?: DealGuard;
  /** What a human reads when the transition is refused or logged. */
  description: string;
};

const partyOf = (actor: DealActor): DealParty | null =>
  actor === 'buyer' || actor === 'seller' ? actor : null;
const otherParty = (party: DealParty): DealParty => (party === 'buyer' ? 'seller' : 'buyer');
const noMoneyHeld = (s: DealMachineState) => s.escrowStatus === 'none' || s.escrowStatus === 'pending';
const escrowHeld = (s: DealMachineState) => s.escrowStatus === 'held';
/** Held escrow no open claim has frozen: release, refund and disputes need it. */
const escrowHeldUnclaimed = (s: DealMachineState) => escrowHeld(s) && !s.claimOpen;
/** An escrow-optional deal nobody has started funding: the seller may ship and settle outside escrow. */
const shippableWithoutEscrow = (s: DealMachineState) =>
  !s.escrowRequired && s.status === 'agreed' && s.escrowStatus === 'none';

export const DEFAULT_AUTO_RELEASE_DAYS = 7;

/**
 * Every transition. Status changes and escrow changes each transition makes are applied by
 * `nextDealState`; side effects (money, emails, events) belong to the server.
 */
export const DEAL_TRANSITIONS = {
  /** A party accepts the value on the table; the deal is agreed once both have. */
  confirm: {
    from: ['initiated', 'negotiating'],
    actors: ['buyer', 'seller'],
    guard: (s, actor) => !(actor === 'buyer' ? s.buyerConfirmed : s.sellerConfirmed),
    description: 'Confirm the deal',
  },
  /** A party proposes a new value: both confirmations reset. */
  'counter-offer': {
    from: ['initiated', 'negotiating'],
    actors: ['buyer', 'seller'],
    description: 'Propose a new deal value',
  },
  /** The party receiving the current offer turns it down. */
  reject: {
    from: ['initiated', 'negotiating', 'agreed'],
    actors: ['buyer', 'seller'],
    guard: (s, actor) => noMoneyHeld(s) && (s.status === 'agreed' || s.lastOfferBy !== partyOf(actor)),
    description: 'Reject the deal',
  },
  /** The party that made the current offer withdraws it; either party once agreed, before funding. */
  cancel: {
    from: ['initiated', 'negotiating', 'agreed'],
    actors: ['buyer', 'seller'],
    guard: (s, actor) => noMoneyHeld(s) && (s.status === 'agreed' || s.lastOfferBy === partyOf(actor)),
    description: 'Cancel the deal',
  },
  /** The buyer starts paying into escrow (card checkout, Klarna, escrow-provider wire or plain wire). */
  'fund-escrow': {
    from: ['agreed'],
    actors: ['buyer'],
    guard: (s) => noMoneyHeld(s),
    description: 'Fund escrow',
  },
  /** The money arrived (payment succeeded, wire verified, provider reported funds). Also after a cancel: then it is refunded. */
  'escrow-funded': {
    from: ['agreed', 'cancelled'],
    actors: ['system', 'admin'],
    guard: (s) => noMoneyHeld(s),
    description: 'Record escrow as funded',
  },
  /** A funding attempt failed or expired (wire marked failed, provider cancelled): back to unfunded. */
  'funding-failed': {
    from: ['agreed', 'cancelled'],
    actors: ['system', 'admin'],
    guard: (s) => s.escrowStatus === 'pending',
    description: 'Record a failed escrow funding',
  },
  /**
   * The seller ships: the deal completes, through the escrow check. An escrow-optional deal may also
   * ship unfunded (not while a funding attempt is pending: its money would arrive after completion).
   */
  'ship-goods': {
    from: ['agreed', 'escrow_created'],
    actors: ['seller'],
    guard: (s) => escrowHeld(s) || shippableWithoutEscrow(s),
    description: 'Mark goods as shipped',
  },
  /** Funds go to the seller: by the buyer once completed, or an administrator resolving a dispute. */
  'release-escrow': {
    from: ['completed', 'disputed'],
    actors: ['buyer', 'admin'],
    guard: (s, actor) => escrowHeldUnclaimed(s) && (actor === 'admin' ? s.status === 'disputed' : true),
    description: 'Release escrow to the seller',
  },
  /** Funds go to the buyer: on a cancelled deal, or a dispute the seller concedes or an administrator decides. */
  'refund-escrow': {
    from: ['cancelled', 'disputed'],
    actors: ['buyer', 'seller', 'admin'],
    guard: (s, actor) => escrowHeldUnclaimed(s) && !(actor === 'buyer' && s.status === 'disputed'),
    description: 'Refund escrow to the buyer',
  },
  /** Released automatically a number of days after shipping when no dispute is open. */
  'auto-release': {
    from: ['completed'],
    actors: ['system'],
    guard: (s, _actor, ctx) => {
      if (!escrowHeldUnclaimed(s) || !s.shippedAt || !ctx.now) return false;
      const days = ctx.autoReleaseDays ?? DEFAULT_AUTO_RELEASE_DAYS;
      return ctx.now.getTime() - new Date(s.shippedAt).getTime() >= days * 86_400_000;
    },
    description: 'Release escrow automatically after shipping',
  },
  /** Either party asks to release escrow before the usual release. */
  'request-early-release': {
    from: ['escrow_created', 'completed'],
    actors: ['buyer', 'seller'],
    guard: (s) => escrowHeldUnclaimed(s) && s.earlyReleaseRequestedBy === null,
    description: 'Request early escrow release',
  },
  /** The other party approves: funds go to the seller and the deal completes. */
  'approve-early-release': {
    from: ['escrow_created', 'completed'],
    actors: ['buyer', 'seller'],
    guard: (s, actor) =>
      escrowHeldUnclaimed(s) &&
      s.earlyReleaseRequestedBy !== null &&
      s.earlyReleaseRequestedBy === otherParty(partyOf(actor) ?? 'buyer') &&
      partyOf(actor) !== null,
    description: 'Approve early escrow release',
  },
  /**
   * Either party disputes while money is held; an administrator resolves by release or refund. Once
   * shipped, the buyer's complaint is a claim (with its windows and evidence) where the escrow can be
   * split, so a dispute cannot dodge the claim window; it stays for escrow an external service holds,
   * and for the seller.
   */
  'open-dispute': {
    from: ['escrow_created', 'completed'],
    actors: ['buyer', 'seller'],
    guard: (s, actor) =>
      escrowHeldUnclaimed(s) && (s.status === 'escrow_created' || !s.escrowSplittable || actor === 'seller'),
    description: 'Open a dispute',
  },
  /** The buyer records that the goods arrived: the claim window starts. */
  'record-delivery': {
    from: ['completed'],
    actors: ['buyer'],
    guard: (s) => escrowHeld(s) && s.shippedAt !== null && s.deliveredAt === null,
    description: 'Record the delivery',
  },
  /**
   * A claim settled (accepted, an offer taken, or an administrator's decision): the escrow is split as
   * the claim says. Fired only by the claims service, in the claim step's transaction.
   */
  'settle-claim': {
    from: ['completed'],
    actors: ['system'],
    guard: (s) => escrowHeld(s) && s.claimOpen,
    description: 'Settle the claim',
  },
} as const satisfies Record<string, DealTransitionRule>;

export type DealTransition = keyof typeof DEAL_TRANSITIONS;
export const DEAL_TRANSITION_NAMES = Object.keys(DEAL_TRANSITIONS) as DealTransition[];

/** Transitions a person fires from the deal card (the rest are fired by the server or an administrator). */
export const PARTY_DEAL_ACTIONS = [
  'confirm',
  'counter-offer',
  'reject',
  'cancel',
  'ship-goods',
  'release-escrow',
  'refund-escrow',
  'request-early-release',
  'approve-early-release',
  'open-dispute',
  'record-delivery',
] as const satisfies readonly DealTransition[];
export type PartyDealAction = (typeof PARTY_DEAL_ACTIONS)[number];

/** Transitions an administrator fires from the back office. */
export const ADMIN_DEAL_ACTIONS = [
  'release-escrow',
  'refund-escrow',
] as const satisfies readonly DealTransition[];

/** Whether `actor` may fire `transition` from `state` (status, actor and guard all hold). */
export function canApplyDealTransition(
  state: DealMachineState,
  transition: DealTransition,
  actor: DealActor,
  ctx: DealGuardContext = {},
): boolean {
  const rule: DealTransitionRule = DEAL_TRANSITIONS[transition];
  if (!rule.from.includes(state.status)) return false;
  if (!rule.actors.includes(actor)) return false;
  return rule.guard ? rule.guard(state, actor, ctx) : true;
}

/** Every transition `actor` may fire now, in table order. */
export function availableDealTransitions(
  state: DealMachineState,
  actor: DealActor,
  ctx: DealGuardContext = {},
): DealTransition[] {
  return DEAL_TRANSITION_NAMES.filter((t) => canApplyDealTransition(state, t, actor, ctx));
}

export type DealTransitionPayload = { valueCents?: number };

/**
 * The state after a transition (pure). Callers check `canApplyDealTransition` first; this does not.
 * Status and escrow changes only: the server adds timestamps, money and events.
 */
export function nextDealState(
  state: DealMachineState,
  transition: DealTransition,
  actor: DealActor,
  ctx: DealGuardContext = {},
): DealMachineState {
  const party = partyOf(actor);
  switch (transition) {
    case 'confirm': {
      const buyerConfirmed = state.buyerConfirmed || party === 'buyer';
      const sellerConfirmed = state.sellerConfirmed || party === 'seller';
      return {
        ...state,
        buyerConfirmed,
        sellerConfirmed,
        status: buyerConfirmed && sellerConfirmed ? 'agreed' : state.status,
      };
    }
    case 'counter-offer':
      return {
        ...state,
        status: 'negotiating',
        buyerConfirmed: false,
        sellerConfirmed: false,
        lastOfferBy: party ?? state.lastOfferBy,
      };
    case 'reject':
    case 'cancel':
      return { ...state, status: 'cancelled' };
    case 'fund-escrow':
      return { ...state, escrowStatus: 'pending' };
    case 'escrow-funded':
      return {
        ...state,
        escrowStatus: 'held',
        status: state.status === 'agreed' ? 'escrow_created' : state.status,
      };
    case 'funding-failed':
      return { ...state, escrowStatus: 'none' };
    case 'ship-goods':
      return { ...state, status: 'completed', shippedAt: ctx.now ?? new Date() };
    case 'release-escrow':
    case 'auto-release':
      return { ...state, status: 'completed', escrowStatus: 'released' };
    case 'approve-early-release':
      return { ...state, status: 'completed', escrowStatus: 'released' };
    case 'refund-escrow':
      return { ...state, status: 'cancelled', escrowStatus: 'refunded' };
    case 'request-early-release':
      return { ...state, earlyReleaseRequestedBy: party };
    case 'open-dispute':
      return { ...state, status: 'disputed' };
    case 'record-delivery':
      return { ...state, deliveredAt: ctx.now ?? new Date() };
    case 'settle-claim':
      return {
        ...state,
        status: 'completed',
        escrowStatus: ctx.claimSettlement ?? 'released',
        claimOpen: false,
      };
  }
}

/**
 * Statuses in which a deal holds its quantity of the listing: agreed, funded, shipped, disputed or
 * completed. A cancelled deal (rejected, withdrawn, refunded) gives it back. An offer under negotiation
 * holds nothing (several may compete); a Buy Now deal holds from its creation, since the buyer took the
 * listed price (docs/DECISIONS.md).
 */
export const QUANTITY_HOLDING_STATUSES = [
  'agreed',
  'escrow_created',
  'completed',
  'disputed',
] as const satisfies readonly DealStatus[];
/** Statuses in which a Buy Now deal holds its quantity: every status but cancelled. */
export const BUY_NOW_HOLDING_STATUSES = [
  'initiated',
  'negotiating',
  ...QUANTITY_HOLDING_STATUSES,
] as const satisfies readonly DealStatus[];

/** Whether a deal takes its quantity out of what its listing has left. */
export function dealHoldsQuantity(deal: { status: DealStatus; buyNow: boolean }): boolean {
  const holding: readonly DealStatus[] = deal.buyNow ? BUY_NOW_HOLDING_STATUSES : QUANTITY_HOLDING_STATUSES;
  return holding.includes(deal.status);
}

type SettlementState = Pick<DealMachineState, 'status' | 'escrowStatus' | 'escrowRequired'>;

/** An escrow-optional deal the seller shipped with no escrow: the parties settled outside the platform. */
export const completedWithoutEscrow = (s: SettlementState): boolean =>
  !s.escrowRequired && s.status === 'completed' && s.escrowStatus === 'none';

/**
 * Whether the deal is over with no escrow left to pay the commission from, so an unsettled commission
 * is collected by Pay Commission: escrow released, or completed without escrow.
 */
export const commissionCollectable = (s: SettlementState): boolean =>
  (s.status === 'completed' && s.escrowStatus === 'released') || completedWithoutEscrow(s);

/** The role of a user in a deal: the spec compares the user id with buyer_user_id. */
export function dealRoleOf(
  deal: { buyerUserId: string; sellerUserId: string },
  userId: string | null | undefined,
): DealParty | null {
  if (!userId) return null;
  if (userId === deal.buyerUserId) return 'buyer';
  if (userId === deal.sellerUserId) return 'seller';
  return null;
}
