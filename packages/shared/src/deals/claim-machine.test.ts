import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableClaimTransitions,
  CLAIM_TRANSITION_NAMES,
  type ClaimActor,
  type ClaimDealFacts,
  type ClaimEvent,
  type ClaimMachineState,
  type ClaimMachineStatus,
  type ClaimTransition,
  claimSettlementPayouts,
  claimWindowClosesAt,
  findOpenClaim,
  hasOpenClaim,
  newClaimState,
  transitionClaim,
} from './claim-machine.ts';
import { CLAIM_MESSAGES, CLAIM_STATUSES } from './claim-rules.ts';
import { AnswerClaimBodySchema, DecideClaimBodySchema, OpenClaimBodySchema } from './deal-claims.schemas.ts';
import { DEAL_ACTORS } from './deal-machine.ts';

const DAY = 86_400_000;
const SHIPPED = new Date('2026-06-01T12:00:00Z');
const DELIVERED = new Date(SHIPPED.getTime() + 2 * DAY);
const at = (fromShipped: number) => new Date(SHIPPED.getTime() + fromShipped);
const HELD = 1_000_000;

const deal: ClaimDealFacts = {
  status: 'completed',
  escrowStatus: 'held',
  escrowHeldCents: HELD,
  quantity: 20,
  shippedAt: SHIPPED,
  deliveredAt: DELIVERED,
};

const OPEN: ClaimEvent = {
  type: 'open',
  reason: 'weight_shortfall',
  affectedQuantity: 2,
  claimedCents: 100_000,
  evidence: ['upl_weighbridge'],
};

/** A valid event of each kind, against a claim of 100,000 claimed out of HELD. */
const EVENTS: Record<ClaimTransition, ClaimEvent> = {
  open: OPEN,
  'accept-claim': { type: 'accept-claim' },
  'offer-partial': { type: 'offer-partial', offeredCents: 40_000 },
  'reject-claim': { type: 'reject-claim', evidence: ['upl_inspection'] },
  'accept-offer': { type: 'accept-offer' },
  escalate: { type: 'escalate' },
  decide: { type: 'decide', buyerRefundCents: 250_000, sellerPayoutCents: HELD - 250_000 },
  withdraw: { type: 'withdraw' },
};

/** Fires events in order, each by its actor, failing the test on a refusal. */
function run(steps: Array<[ClaimEvent, ClaimActor, Date]>, start = newClaimState(deal)): ClaimMachineState {
  let state = start;
  for (const [event, actor, now] of steps) {
    const result = transitionClaim(state, event, actor, now);
    if (!result.ok) throw new Error(`${event.type} by ${actor} refused: ${result.message}`);
    state = result.state;
  }
  return state;
}

const OPENED_AT = at(2.5 * DAY);
/** A claim in each status, reached through the machine, the seller's answer window still open at NOW. */
const NOW = at(3 * DAY);
const opened = run([[OPEN, 'buyer', OPENED_AT]]);
const STATES: Record<ClaimMachineStatus, ClaimMachineState> = {
  none: newClaimState(deal),
  awaiting_seller: opened,
  offered: run([[EVENTS['offer-partial'], 'seller', NOW]], opened),
  rejected: run([[EVENTS['reject-claim'], 'seller', NOW]], opened),
  escalated: run(
    [
      [EVENTS['reject-claim'], 'seller', NOW],
      [EVENTS.escalate, 'buyer', NOW],
    ],
    opened,
  ),
  settled: run([[EVENTS['accept-claim'], 'seller', NOW]], opened),
  withdrawn: run([[EVENTS.withdraw, 'buyer', NOW]], opened),
};

/**
 * Every (status, step, actor) allowed within the windows; every other combination is refused. After
 * the answer window the seller's answers close and escalation and decision of an unanswered claim open.
 */
const ALLOWED_WITHIN_WINDOWS = new Set([
  'none:open:buyer',
  'awaiting_seller:accept-claim:seller',
  'awaiting_seller:offer-partial:seller',
  'awaiting_seller:reject-claim:seller',
  'awaiting_seller:withdraw:buyer',
  'offered:accept-offer:buyer',
  'offered:escalate:buyer',
  'offered:withdraw:buyer',
  'rejected:escalate:buyer',
  'rejected:withdraw:buyer',
  'escalated:decide:admin',
  'escalated:withdraw:buyer',
]);

const STATUSES: ClaimMachineStatus[] = ['none', ...CLAIM_STATUSES];
const combinations = STATUSES.flatMap((status) =>
  CLAIM_TRANSITION_NAMES.flatMap((transition) =>
    DEAL_ACTORS.map((actor) => ({ status, transition, actor, key: `${status}:${transition}:${actor}` })),
  ),
);

describe('the claim machine, every status, step and actor', () => {
  it.each(combinations)('$key', ({ status, transition, actor, key }) => {
    const result = transitionClaim(STATES[status], EVENTS[transition], actor, NOW);
    if (ALLOWED_WITHIN_WINDOWS.has(key)) {
      expect(result).toMatchObject({ ok: true });
    } else {
      expect(result).toMatchObject({ ok: false, code: 'CLAIM_TRANSITION_NOT_ALLOWED' });
    }
  });

  it('offers each party the buttons the table allows', () => {
    expect(availableClaimTransitions(STATES.awaiting_seller, 'seller', NOW)).toEqual([
      'accept-claim',
      'offer-partial',
      'reject-claim',
    ]);
    expect(availableClaimTransitions(STATES.awaiting_seller, 'buyer', NOW)).toEqual(['withdraw']);
    expect(availableClaimTransitions(STATES.offered, 'buyer', NOW)).toEqual([
      'accept-offer',
      'escalate',
      'withdraw',
    ]);
    expect(availableClaimTransitions(STATES.escalated, 'admin', NOW)).toEqual(['decide']);
    expect(availableClaimTransitions(STATES.settled, 'buyer', NOW)).toEqual([]);
  });
});

describe('the claim machine, what each step does', () => {
  it('opens a claim with the escrow held as its ceiling and the answer window from now', () => {
    expect(STATES.awaiting_seller).toMatchObject({
      status: 'awaiting_seller',
      reason: 'weight_shortfall',
      affectedQuantity: 2,
      heldCents: HELD,
      claimedCents: 100_000,
      openedAt: OPENED_AT,
      answerDueAt: new Date(OPENED_AT.getTime() + 3 * DAY),
    });
  });

  it('settles an accepted claim at the amount claimed, the rest to the seller', () => {
    expect(STATES.settled.split).toEqual({ buyerRefundCents: 100_000, sellerPayoutCents: HELD - 100_000 });
    expect(STATES.settled.closedAt).toEqual(NOW);
  });

  it('settles an accepted offer at the amount offered', () => {
    const settled = run([[EVENTS['accept-offer'], 'buyer', NOW]], STATES.offered);
    expect(settled).toMatchObject({ status: 'settled', offeredCents: 40_000 });
    expect(settled.split).toEqual({ buyerRefundCents: 40_000, sellerPayoutCents: HELD - 40_000 });
  });

  it("settles an administrator's decision at the split given", () => {
    const settled = run([[EVENTS.decide, 'admin', NOW]], STATES.escalated);
    expect(settled.split).toEqual({ buyerRefundCents: 250_000, sellerPayoutCents: 750_000 });
  });

  it('lets an administrator give the whole escrow to either side', () => {
    for (const buyerRefundCents of [0, HELD]) {
      const event: ClaimEvent = {
        type: 'decide',
        buyerRefundCents,
        sellerPayoutCents: HELD - buyerRefundCents,
      };
      expect(transitionClaim(STATES.escalated, event, 'admin', NOW)).toMatchObject({ ok: true });
    }
  });

  it('ends a withdrawn claim with no split', () => {
    expect(STATES.withdrawn).toMatchObject({ status: 'withdrawn', split: null, closedAt: NOW });
  });

  it('names who may take a step when someone else tries', () => {
    expect(transitionClaim(STATES.none, OPEN, 'seller', NOW)).toEqual({
      ok: false,
      code: 'CLAIM_TRANSITION_NOT_ALLOWED',
      message: 'Only the buyer can open a claim.',
    });
    expect(transitionClaim(STATES.escalated, EVENTS.decide, 'buyer', NOW)).toMatchObject({
      message: 'Only an administrator can decide the claim.',
    });
    expect(transitionClaim(STATES.awaiting_seller, EVENTS['offer-partial'], 'buyer', NOW)).toMatchObject({
      message: 'Only the seller can offer a partial amount.',
    });
  });

  it('refuses a second claim while one is open, and any step on a closed claim', () => {
    expect(transitionClaim(STATES.offered, OPEN, 'buyer', NOW)).toMatchObject({
      message: CLAIM_MESSAGES.claimAlreadyOpen,
    });
    expect(transitionClaim(STATES.settled, EVENTS.withdraw, 'buyer', NOW)).toMatchObject({
      message: CLAIM_MESSAGES.claimClosed,
    });
  });
});

describe('the claim window', () => {
  type Row = { name: string; deal: Partial<ClaimDealFacts>; now: Date; message: string | null };
  const rows: Row[] = [
    { name: 'just after delivery', deal: {}, now: at(2 * DAY + 1), message: null },
    { name: 'a moment before the window closes', deal: {}, now: at(4 * DAY - 1), message: null },
    { name: 'when the window closes', deal: {}, now: at(4 * DAY), message: CLAIM_MESSAGES.claimWindowClosed },
    { name: 'a day after it closed', deal: {}, now: at(5 * DAY), message: CLAIM_MESSAGES.claimWindowClosed },
    {
      name: 'before delivery is recorded, until auto-release',
      deal: { deliveredAt: null },
      now: at(7 * DAY - 1),
      message: null,
    },
    {
      name: 'before delivery is recorded, at auto-release',
      deal: { deliveredAt: null },
      now: at(7 * DAY),
      message: CLAIM_MESSAGES.claimWindowClosed,
    },
    {
      name: 'delivery recorded late: auto-release still closes it',
      deal: { deliveredAt: at(6 * DAY) },
      now: at(7 * DAY),
      message: CLAIM_MESSAGES.claimWindowClosed,
    },
    {
      name: 'before shipping',
      deal: { status: 'escrow_created', shippedAt: null },
      now: at(0),
      message: CLAIM_MESSAGES.notShipped,
    },
    {
      name: 'on a disputed deal',
      deal: { status: 'disputed' },
      now: at(3 * DAY),
      message: CLAIM_MESSAGES.notShipped,
    },
    {
      name: 'once escrow is released',
      deal: { escrowStatus: 'released' },
      now: at(3 * DAY),
      message: CLAIM_MESSAGES.escrowNotHeld,
    },
    {
      name: 'with nothing left in escrow',
      deal: { escrowHeldCents: 0 },
      now: at(3 * DAY),
      message: CLAIM_MESSAGES.escrowNotHeld,
    },
  ];

  it.each(rows)('opening $name', ({ deal: changes, now, message }) => {
    const result = transitionClaim(newClaimState({ ...deal, ...changes }), OPEN, 'buyer', now);
    if (message === null) expect(result).toMatchObject({ ok: true });
    else expect(result).toEqual({ ok: false, code: 'CLAIM_TRANSITION_NOT_ALLOWED', message });
  });

  it('follows the windows the settings give', () => {
    const state = newClaimState(deal);
    expect(transitionClaim(state, OPEN, 'buyer', at(5 * DAY), { claimWindowDays: 4 })).toMatchObject({
      ok: true,
    });
    expect(
      claimWindowClosesAt(deal, { claimWindowDays: 10, answerWindowDays: 3, autoReleaseDays: 7 }),
    ).toEqual(at(7 * DAY));
    expect(
      claimWindowClosesAt(
        { ...deal, shippedAt: null },
        { claimWindowDays: 2, answerWindowDays: 3, autoReleaseDays: 7 },
      ),
    ).toBeNull();
  });
});

describe('the answer window', () => {
  const due = OPENED_AT.getTime() + 3 * DAY;
  const before = new Date(due - 1);
  const after = new Date(due);

  it.each(['accept-claim', 'offer-partial', 'reject-claim'] as const)(
    'lets the seller %s before it closes and refuses it after',
    (transition) => {
      expect(transitionClaim(STATES.awaiting_seller, EVENTS[transition], 'seller', before)).toMatchObject({
        ok: true,
      });
      expect(transitionClaim(STATES.awaiting_seller, EVENTS[transition], 'seller', after)).toEqual({
        ok: false,
        code: 'CLAIM_TRANSITION_NOT_ALLOWED',
        message: CLAIM_MESSAGES.answerWindowClosed,
      });
    },
  );

  it.each([
    ['escalate', 'buyer'],
    ['escalate', 'system'],
    ['decide', 'admin'],
  ] as const)('lets %s by %s reach an unanswered claim only once the window closed', (transition, actor) => {
    expect(transitionClaim(STATES.awaiting_seller, EVENTS[transition], actor, before)).toEqual({
      ok: false,
      code: 'CLAIM_TRANSITION_NOT_ALLOWED',
      message: CLAIM_MESSAGES.answerWindowOpen,
    });
    expect(transitionClaim(STATES.awaiting_seller, EVENTS[transition], actor, after)).toMatchObject({
      ok: true,
    });
  });

  it('leaves escalating an answered claim to the buyer', () => {
    expect(transitionClaim(STATES.offered, EVENTS.escalate, 'system', after)).toMatchObject({
      ok: false,
      message: CLAIM_MESSAGES.notNow,
    });
  });
});

describe('the claim machine, amounts and evidence', () => {
  type Row = {
    name: string;
    state: ClaimMachineStatus;
    event: ClaimEvent;
    actor: ClaimActor;
    message: string | null;
  };
  const open = (changes: Partial<Extract<ClaimEvent, { type: 'open' }>>): ClaimEvent => ({
    ...OPEN,
    ...changes,
  });
  const decide = (buyerRefundCents: number, sellerPayoutCents: number): ClaimEvent => ({
    type: 'decide',
    buyerRefundCents,
    sellerPayoutCents,
  });
  const offer = (offeredCents: number): ClaimEvent => ({ type: 'offer-partial', offeredCents });
  const rows: Row[] = [
    {
      name: 'a claim of 1 cent',
      state: 'none',
      event: open({ claimedCents: 1 }),
      actor: 'buyer',
      message: null,
    },
    {
      name: 'a claim of the whole escrow',
      state: 'none',
      event: open({ claimedCents: HELD }),
      actor: 'buyer',
      message: null,
    },
    {
      name: 'a claim of 0',
      state: 'none',
      event: open({ claimedCents: 0 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.claimedAboveZero,
    },
    {
      name: 'a claim above the escrow',
      state: 'none',
      event: open({ claimedCents: HELD + 1 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.claimedAboveHeld,
    },
    {
      name: 'a claim in fractions of a cent',
      state: 'none',
      event: open({ claimedCents: 100.5 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'a negative claim',
      state: 'none',
      event: open({ claimedCents: -5 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'a claim of NaN',
      state: 'none',
      event: open({ claimedCents: Number.NaN }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'a claim past safe integers',
      state: 'none',
      event: open({ claimedCents: 2 ** 53 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'no affected quantity',
      state: 'none',
      event: open({ affectedQuantity: 0 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.quantityAboveZero,
    },
    {
      name: 'more than the deal quantity',
      state: 'none',
      event: open({ affectedQuantity: 20.5 }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.quantityAboveDeal,
    },
    {
      name: 'the whole deal quantity',
      state: 'none',
      event: open({ affectedQuantity: 20 }),
      actor: 'buyer',
      message: null,
    },
    {
      name: 'a shortfall without evidence',
      state: 'none',
      event: open({ evidence: [] }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.evidenceRequired,
    },
    {
      name: 'goods not delivered, without evidence',
      state: 'none',
      event: open({ reason: 'not_delivered', evidence: [] }),
      actor: 'buyer',
      message: null,
    },
    {
      name: 'eleven files',
      state: 'none',
      event: open({ evidence: Array.from({ length: 11 }, (_, i) => `upl_${i}`) }),
      actor: 'buyer',
      message: CLAIM_MESSAGES.tooMuchEvidence,
    },
    { name: 'an offer of 1 cent', state: 'awaiting_seller', event: offer(1), actor: 'seller', message: null },
    {
      name: 'an offer a cent below the claim',
      state: 'awaiting_seller',
      event: offer(99_999),
      actor: 'seller',
      message: null,
    },
    {
      name: 'an offer of the whole claim',
      state: 'awaiting_seller',
      event: offer(100_000),
      actor: 'seller',
      message: CLAIM_MESSAGES.offerBelowClaimed,
    },
    {
      name: 'an offer above the claim',
      state: 'awaiting_seller',
      event: offer(100_001),
      actor: 'seller',
      message: CLAIM_MESSAGES.offerBelowClaimed,
    },
    {
      name: 'an offer of 0',
      state: 'awaiting_seller',
      event: offer(0),
      actor: 'seller',
      message: CLAIM_MESSAGES.offerAboveZero,
    },
    {
      name: 'an offer in fractions of a cent',
      state: 'awaiting_seller',
      event: offer(10.25),
      actor: 'seller',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'a rejection without evidence',
      state: 'awaiting_seller',
      event: { type: 'reject-claim', evidence: [] },
      actor: 'seller',
      message: CLAIM_MESSAGES.evidenceRequired,
    },
    {
      name: 'a split short of the escrow',
      state: 'escalated',
      event: decide(100, HELD - 101),
      actor: 'admin',
      message: CLAIM_MESSAGES.splitMustMatchHeld,
    },
    {
      name: 'a split above the escrow',
      state: 'escalated',
      event: decide(HELD, 1),
      actor: 'admin',
      message: CLAIM_MESSAGES.splitMustMatchHeld,
    },
    {
      name: 'a split with a negative share',
      state: 'escalated',
      event: decide(HELD + 10, -10),
      actor: 'admin',
      message: CLAIM_MESSAGES.amountCents,
    },
    {
      name: 'a split in fractions of a cent',
      state: 'escalated',
      event: decide(0.5, HELD - 0.5),
      actor: 'admin',
      message: CLAIM_MESSAGES.amountCents,
    },
  ];

  it.each(rows)('$name', ({ state, event, actor, message }) => {
    const result = transitionClaim(STATES[state], event, actor, NOW);
    if (message === null) expect(result).toMatchObject({ ok: true });
    else expect(result).toEqual({ ok: false, code: 'VALIDATION_FAILED', message });
  });

  it('checks the party and the window before the amounts', () => {
    expect(transitionClaim(STATES.none, open({ claimedCents: 0 }), 'seller', NOW)).toMatchObject({
      code: 'CLAIM_TRANSITION_NOT_ALLOWED',
    });
    expect(transitionClaim(STATES.none, open({ claimedCents: 0 }), 'buyer', at(9 * DAY))).toMatchObject({
      code: 'CLAIM_TRANSITION_NOT_ALLOWED',
    });
  });
});

describe('one open claim per deal', () => {
  it('finds the open claim among closed ones', () => {
    const claims = [
      { id: 'a', status: 'withdrawn' },
      { id: 'b', status: 'rejected' },
    ];
    expect(findOpenClaim(claims)).toEqual({ id: 'b', status: 'rejected' });
    expect(hasOpenClaim(claims)).toBe(true);
  });

  it('lets a new claim open when every earlier one is closed', () => {
    expect(hasOpenClaim([{ status: 'withdrawn' }, { status: 'settled' }])).toBe(false);
    expect(hasOpenClaim([])).toBe(false);
  });
});

describe('the commission on a settlement', () => {
  /** The payouts at the default 3% for a split, with the commission already paid with the funding. */
  const payoutsAt3Percent = (
    buyerRefundCents: number,
    sellerPayoutCents: number,
    commissionPaidCents: number,
  ) =>
    claimSettlementPayouts({
      split: { buyerRefundCents, sellerPayoutCents },
      commissionRateBps: 300,
      commissionPaidCents,
    });

  it('takes 3% of the seller payout from it when nobody paid the commission yet', () => {
    expect(payoutsAt3Percent(40_000, 960_000, 0)).toEqual({
      commissionCents: 28_800,
      commissionDeductedCents: 28_800,
      commissionReturnedCents: 0,
      sellerReceivesCents: 931_200,
      buyerReceivesCents: 40_000,
    });
  });

  it('rounds half a cent up, as the commission at creation does', () => {
    // 3% of 150 cents is 4.5 cents.
    expect(payoutsAt3Percent(0, 150, 0).commissionCents).toBe(5);
  });

  it('returns to the buyer the commission they paid with the funding above what the payout owes', () => {
    expect(payoutsAt3Percent(500_000, 500_000, 30_000)).toEqual({
      commissionCents: 15_000,
      commissionDeductedCents: 0,
      commissionReturnedCents: 15_000,
      sellerReceivesCents: 500_000,
      buyerReceivesCents: 515_000,
    });
  });

  it('charges no commission when the buyer gets everything back', () => {
    expect(payoutsAt3Percent(1_000_000, 0, 30_000)).toMatchObject({
      commissionCents: 0,
      buyerReceivesCents: 1_030_000,
    });
  });
});

describe('the claim contracts', () => {
  it('accepts an opening claim and refuses a claim in dollars', () => {
    const body = { reason: 'moisture', affectedQuantity: 1.5, claimedCents: 12_345, evidence: ['upl_1'] };
    expect(OpenClaimBodySchema.parse(body)).toMatchObject({ ...body, note: '' });
    expect(OpenClaimBodySchema.safeParse({ ...body, claimedCents: 123.45 }).success).toBe(false);
    expect(OpenClaimBodySchema.safeParse({ ...body, evidence: [] }).error?.issues[0]?.message).toBe(
      CLAIM_MESSAGES.evidenceRequired,
    );
    expect(OpenClaimBodySchema.safeParse({ ...body, reason: 'not_delivered', evidence: [] }).success).toBe(
      true,
    );
  });

  it('reads each answer of the seller', () => {
    expect(AnswerClaimBodySchema.parse({ answer: 'offer', offeredCents: 500 })).toEqual({
      answer: 'offer',
      offeredCents: 500,
      note: '',
    });
    expect(AnswerClaimBodySchema.safeParse({ answer: 'reject', evidence: [] }).success).toBe(false);
    expect(AnswerClaimBodySchema.safeParse({ answer: 'accept', offeredCents: 5 }).success).toBe(false);
  });

  it('asks an administrator for the reason of a decision', () => {
    expect(
      DecideClaimBodySchema.safeParse({ buyerRefundCents: 1, sellerPayoutCents: 2, note: '' }).success,
    ).toBe(false);
  });
});

describe('settlements over random claim histories (property)', () => {
  /** Amounts around what matters for a given escrow: valid shares, the edges and invalid values. */
  const centsArb = (held: number) =>
    fc.oneof(
      fc.integer({ min: 0, max: held }),
      fc.integer({ min: -10, max: 2 * held }),
      fc.constantFrom(0, 1, held - 1, held, held + 1, 0.5, Number.NaN),
    );
  /** A split that adds up to the escrow half the time, anything otherwise. */
  const splitArb = (held: number) =>
    fc.oneof(
      fc.integer({ min: 0, max: held }).map((b) => [b, held - b] as const),
      fc.tuple(centsArb(held), centsArb(held)),
    );
  const eventArb = (held: number): fc.Arbitrary<ClaimEvent> =>
    fc.oneof(
      // Opening is weighted up: every history needs one before anything else can happen.
      {
        weight: 4,
        arbitrary: fc.record({
          type: fc.constant('open' as const),
          reason: fc.constantFrom('weight_shortfall' as const, 'not_delivered' as const, 'moisture' as const),
          affectedQuantity: fc.constantFrom(0, 1, 20, 21),
          claimedCents: centsArb(held),
          evidence: fc.constantFrom([], ['upl_1']),
        }),
      },
      fc.constant({ type: 'accept-claim' as const }),
      fc.record({ type: fc.constant('offer-partial' as const), offeredCents: centsArb(held) }),
      fc.record({ type: fc.constant('reject-claim' as const), evidence: fc.constantFrom([], ['upl_2']) }),
      fc.constant({ type: 'accept-offer' as const }),
      fc.constant({ type: 'escalate' as const }),
      splitArb(held).map(([buyerRefundCents, sellerPayoutCents]) => ({
        type: 'decide' as const,
        buyerRefundCents,
        sellerPayoutCents,
      })),
      fc.constant({ type: 'withdraw' as const }),
    );
  /** Mostly the party whose step it is, sometimes anyone, so refusals by the wrong actor happen too. */
  const USUAL_ACTOR: Record<ClaimTransition, ClaimActor[]> = {
    open: ['buyer'],
    'accept-claim': ['seller'],
    'offer-partial': ['seller'],
    'reject-claim': ['seller'],
    'accept-offer': ['buyer'],
    escalate: ['buyer', 'system'],
    decide: ['admin'],
    withdraw: ['buyer'],
  };
  // Steps mostly follow each other within hours; now and then a day passes, so histories cross every window.
  const advanceArb = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 3_600_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: DAY }) },
  );
  const stepArb = (held: number) =>
    fc
      .tuple(eventArb(held), fc.nat(9), fc.constantFrom<ClaimActor>(...DEAL_ACTORS), advanceArb)
      .map(([event, dice, anyone, advance]) => {
        const usual = USUAL_ACTOR[event.type];
        const actor = dice < 8 ? (usual[dice % usual.length] ?? anyone) : anyone;
        return [event, actor, advance] as const;
      });
  const historyArb = fc
    .record({
      escrowHeldCents: fc.integer({ min: 1, max: 2_000_000 }),
      deliveredAt: fc.constantFrom(null, DELIVERED),
      commissionRateBps: fc.integer({ min: 0, max: 1_000 }),
      commissionPaid: fc.boolean(),
    })
    .chain((facts) =>
      fc.tuple(fc.constant(facts), fc.array(stepArb(facts.escrowHeldCents), { maxLength: 20, size: 'max' })),
    );

  it('never settles a split that differs from the escrow held or pays the seller more than held', () => {
    let settlements = 0;
    fc.assert(
      fc.property(historyArb, ([facts, steps]) => {
        let state = newClaimState({
          ...deal,
          escrowHeldCents: facts.escrowHeldCents,
          deliveredAt: facts.deliveredAt,
        });
        let now = at(2 * DAY);
        for (const [event, actor, advance] of steps) {
          now = new Date(now.getTime() + advance);
          const result = transitionClaim(state, event, actor, now);
          if (!result.ok) continue;
          state = result.state;
          if (state.status !== 'settled') continue;
          settlements += 1;
          const split = state.split;
          expect(split).not.toBeNull();
          if (!split) return;
          expect(state.heldCents).toBe(facts.escrowHeldCents);
          expect(Number.isSafeInteger(split.buyerRefundCents) && split.buyerRefundCents >= 0).toBe(true);
          expect(Number.isSafeInteger(split.sellerPayoutCents) && split.sellerPayoutCents >= 0).toBe(true);
          expect(split.buyerRefundCents + split.sellerPayoutCents).toBe(state.heldCents);
          expect(split.sellerPayoutCents).toBeLessThanOrEqual(state.heldCents);
          // Commission paid with the funding: the deal's rate on what escrow held.
          const paid = facts.commissionPaid
            ? Math.floor((facts.escrowHeldCents * facts.commissionRateBps) / 10_000)
            : 0;
          const payouts = claimSettlementPayouts({
            split,
            commissionRateBps: facts.commissionRateBps,
            commissionPaidCents: paid,
          });
          expect(payouts.sellerReceivesCents).toBeGreaterThanOrEqual(0);
          expect(payouts.sellerReceivesCents).toBeLessThanOrEqual(state.heldCents);
          // What leaves escrow and the paid commission equals what went in: nothing created or lost.
          expect(
            payouts.sellerReceivesCents +
              payouts.buyerReceivesCents +
              payouts.commissionDeductedCents +
              (paid - payouts.commissionReturnedCents),
          ).toBe(state.heldCents + paid);
        }
        // A closed claim takes no further step.
        if (state.status === 'settled' || state.status === 'withdrawn')
          for (const actor of DEAL_ACTORS) expect(availableClaimTransitions(state, actor, now)).toEqual([]);
      }),
      { numRuns: 500 },
    );
    // The histories do reach settlements, so the property is not vacuous.
    expect(settlements).toBeGreaterThan(20);
  });
});
