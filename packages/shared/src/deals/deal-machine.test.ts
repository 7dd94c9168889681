import { describe, expect, it } from 'vitest';
import {
  canApplyDealTransition,
  DEAL_ACTORS,
  DEAL_STATUSES,
  DEAL_TRANSITION_NAMES,
  type DealActor,
  type DealMachineState,
  type DealStatus,
  type DealTransition,
  dealHoldsQuantity,
  ESCROW_STATUSES,
  type EscrowStatus,
  nextDealState,
} from './deal-machine.ts';
import {
  type Deal,
  dealCardActions,
  dealNeedsActionFrom,
  dealProgress,
  refundPayout,
  releasePayout,
  settlementBreakdown,
} from './deals.schemas.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;

const base: Omit<DealMachineState, 'status' | 'escrowStatus'> = {
  buyerConfirmed: false,
  sellerConfirmed: false,
  lastOfferBy: 'buyer',
  earlyReleaseRequestedBy: null,
  shippedAt: null,
  escrowRequired: true,
  deliveredAt: null,
  claimOpen: false,
  escrowSplittable: true,
};

/**
 * Expands "status:escrow:actor" patterns ('*' for any, '|' for alternatives) into the exact set of
 * combinations a transition is allowed from.
 */
function expand(patterns: string[]): Set<string> {
  const out = new Set<string>();
  const pick = (part: string, all: readonly string[]) => (part === '*' ? [...all] : part.split('|'));
  for (const p of patterns) {
    const [s, e, a] = p.split(':');
    for (const status of pick(s, DEAL_STATUSES))
      for (const escrow of pick(e, ESCROW_STATUSES))
        for (const actor of pick(a, DEAL_ACTORS)) out.add(`${status}:${escrow}:${actor}`);
  }
  return out;
}

type Variant = { name: string; state: Partial<DealMachineState>; expected: Record<DealTransition, string[]> };

/** The base state: nobody confirmed, the buyer's offer on the table, no early-release request, not shipped. */
const BASE_EXPECTED: Record<DealTransition, string[]> = {
  confirm: ['initiated|negotiating:*:buyer|seller'],
  'counter-offer': ['initiated|negotiating:*:buyer|seller'],
  reject: ['initiated|negotiating:none|pending:seller', 'agreed:none|pending:buyer|seller'],
  cancel: ['initiated|negotiating:none|pending:buyer', 'agreed:none|pending:buyer|seller'],
  'fund-escrow': ['agreed:none|pending:buyer'],
  'escrow-funded': ['agreed|cancelled:none|pending:system|admin'],
  'funding-failed': ['agreed|cancelled:pending:system|admin'],
  'ship-goods': ['agreed|escrow_created:held:seller'],
  'release-escrow': ['completed:held:buyer', 'disputed:held:buyer|admin'],
  'refund-escrow': ['cancelled:held:buyer|seller|admin', 'disputed:held:seller|admin'],
  'auto-release': [],
  'request-early-release': ['escrow_created|completed:held:buyer|seller'],
  'approve-early-release': [],
  'open-dispute': ['escrow_created:held:buyer|seller', 'completed:held:seller'],
  'record-delivery': [],
  'settle-claim': [],
};
const SHIPPED_EXPECTED = { ...BASE_EXPECTED, 'record-delivery': ['completed:held:buyer'] };

const VARIANTS: Variant[] = [
  { name: 'base', state: {}, expected: BASE_EXPECTED },
  {
    name: 'buyer already confirmed',
    state: { buyerConfirmed: true },
    expected: { ...BASE_EXPECTED, confirm: ['initiated|negotiating:*:seller'] },
  },
  {
    name: 'both confirmed',
    state: { buyerConfirmed: true, sellerConfirmed: true },
    expected: { ...BASE_EXPECTED, confirm: [] },
  },
  {
    name: "the seller's counter-offer on the table",
    state: { lastOfferBy: 'seller' },
    expected: {
      ...BASE_EXPECTED,
      reject: ['initiated|negotiating:none|pending:buyer', 'agreed:none|pending:buyer|seller'],
      cancel: ['initiated|negotiating:none|pending:seller', 'agreed:none|pending:buyer|seller'],
    },
  },
  {
    name: 'the buyer asked for early release',
    state: { earlyReleaseRequestedBy: 'buyer' },
    expected: {
      ...BASE_EXPECTED,
      'request-early-release': [],
      'approve-early-release': ['escrow_created|completed:held:seller'],
    },
  },
  {
    name: 'the seller asked for early release',
    state: { earlyReleaseRequestedBy: 'seller' },
    expected: {
      ...BASE_EXPECTED,
      'request-early-release': [],
      'approve-early-release': ['escrow_created|completed:held:buyer'],
    },
  },
  {
    name: 'shipped exactly 7 days ago',
    state: { shippedAt: new Date(NOW.getTime() - 7 * DAY) },
    expected: { ...SHIPPED_EXPECTED, 'auto-release': ['completed:held:system'] },
  },
  {
    name: 'shipped 7 days minus a minute ago',
    state: { shippedAt: new Date(NOW.getTime() - 7 * DAY + 60_000) },
    expected: SHIPPED_EXPECTED,
  },
  {
    name: 'shipped and the delivery recorded',
    state: { shippedAt: new Date(NOW.getTime() - DAY), deliveredAt: NOW },
    expected: BASE_EXPECTED,
  },
  {
    name: 'the escrow held by an external escrow service',
    state: { escrowSplittable: false },
    expected: { ...BASE_EXPECTED, 'open-dispute': ['escrow_created|completed:held:buyer|seller'] },
  },
  {
    name: 'a claim is open',
    state: { shippedAt: new Date(NOW.getTime() - 7 * DAY), claimOpen: true },
    expected: {
      ...SHIPPED_EXPECTED,
      'release-escrow': [],
      'refund-escrow': [],
      'request-early-release': [],
      'open-dispute': [],
      'settle-claim': ['completed:held:system'],
    },
  },
];

/**
 * An escrow-optional deal allows exactly one more thing: the seller ships an agreed deal nobody has
 * started funding. Everything else (release, refund, disputes, auto-release) still needs escrow held.
 */
const escrowOptional = (expected: Record<DealTransition, string[]>): Record<DealTransition, string[]> => ({
  ...expected,
  'ship-goods': [...expected['ship-goods'], 'agreed:none:seller'],
});

describe('deal machine: every (status, escrow status, transition, actor)', () => {
  for (const escrowRequired of [true, false])
    for (const variant of VARIANTS) {
      const expected = escrowRequired ? variant.expected : escrowOptional(variant.expected);
      it(`matches the expected table when ${variant.name}, escrow ${escrowRequired ? 'required' : 'optional'}`, () => {
        const mismatches: string[] = [];
        for (const transition of DEAL_TRANSITION_NAMES) {
          const allowed = expand(expected[transition]);
          for (const status of DEAL_STATUSES)
            for (const escrowStatus of ESCROW_STATUSES)
              for (const actor of DEAL_ACTORS) {
                const state = { ...base, ...variant.state, status, escrowStatus, escrowRequired };
                const got = canApplyDealTransition(state, transition, actor, { now: NOW });
                const key = `${status}:${escrowStatus}:${actor}`;
                if (got !== allowed.has(key)) mismatches.push(`${transition} ${key}: got ${got}`);
              }
        }
        expect(mismatches).toEqual([]);
      });
    }

  it('never auto-releases without a clock', () => {
    const state = {
      ...base,
      status: 'completed' as const,
      escrowStatus: 'held' as const,
      shippedAt: new Date(0),
    };
    expect(canApplyDealTransition(state, 'auto-release', 'system')).toBe(false);
    expect(canApplyDealTransition(state, 'auto-release', 'system', { now: NOW })).toBe(true);
  });
});

describe('deal machine: next state', () => {
  const at = (status: DealStatus, escrowStatus: EscrowStatus, extra: Partial<DealMachineState> = {}) => ({
    ...base,
    status,
    escrowStatus,
    ...extra,
  });
  const cases: Array<[string, DealMachineState, DealTransition, DealActor, Partial<DealMachineState>]> = [
    [
      'buyer confirms first',
      at('initiated', 'none'),
      'confirm',
      'buyer',
      { status: 'initiated', buyerConfirmed: true },
    ],
    [
      'seller confirms second: agreed',
      at('initiated', 'none', { buyerConfirmed: true }),
      'confirm',
      'seller',
      { status: 'agreed', buyerConfirmed: true, sellerConfirmed: true },
    ],
    [
      'a counter-offer resets both confirmations',
      at('initiated', 'none', { buyerConfirmed: true }),
      'counter-offer',
      'seller',
      { status: 'negotiating', buyerConfirmed: false, sellerConfirmed: false, lastOfferBy: 'seller' },
    ],
    ['reject cancels', at('agreed', 'none'), 'reject', 'buyer', { status: 'cancelled' }],
    [
      'funding starts',
      at('agreed', 'none'),
      'fund-escrow',
      'buyer',
      { status: 'agreed', escrowStatus: 'pending' },
    ],
    [
      'money arrives',
      at('agreed', 'pending'),
      'escrow-funded',
      'system',
      { status: 'escrow_created', escrowStatus: 'held' },
    ],
    [
      'money arrives after a cancel',
      at('cancelled', 'pending'),
      'escrow-funded',
      'system',
      { status: 'cancelled', escrowStatus: 'held' },
    ],
    ['funding fails', at('agreed', 'pending'), 'funding-failed', 'admin', { escrowStatus: 'none' }],
    [
      'shipping completes',
      at('escrow_created', 'held'),
      'ship-goods',
      'seller',
      { status: 'completed', shippedAt: NOW },
    ],
    [
      'an escrow-optional deal ships unfunded: completed with no escrow',
      at('agreed', 'none', { escrowRequired: false }),
      'ship-goods',
      'seller',
      { status: 'completed', escrowStatus: 'none', shippedAt: NOW, escrowRequired: false },
    ],
    [
      'release',
      at('completed', 'held'),
      'release-escrow',
      'buyer',
      { status: 'completed', escrowStatus: 'released' },
    ],
    [
      'admin release of a dispute',
      at('disputed', 'held'),
      'release-escrow',
      'admin',
      { status: 'completed', escrowStatus: 'released' },
    ],
    [
      'refund',
      at('disputed', 'held'),
      'refund-escrow',
      'admin',
      { status: 'cancelled', escrowStatus: 'refunded' },
    ],
    [
      'dispute',
      at('completed', 'held'),
      'open-dispute',
      'buyer',
      { status: 'disputed', escrowStatus: 'held' },
    ],
    [
      'early release request',
      at('escrow_created', 'held'),
      'request-early-release',
      'seller',
      { earlyReleaseRequestedBy: 'seller' },
    ],
    [
      'early release approval',
      at('escrow_created', 'held', { earlyReleaseRequestedBy: 'seller' }),
      'approve-early-release',
      'buyer',
      { status: 'completed', escrowStatus: 'released' },
    ],
  ];
  for (const [name, state, transition, actor, expected] of cases) {
    it(name, () => {
      expect(nextDealState(state, transition, actor, { now: NOW })).toMatchObject(expected);
    });
  }
});

function deal(overrides: Partial<Deal>): Deal {
  return {
    id: 'd1',
    listingId: 'l1',
    listingTitle: 'Copper',
    listingType: 'sell',
    buyerUserId: 'b',
    sellerUserId: 's',
    buyer: { userId: 'b', name: null, email: null, companyName: null },
    seller: { userId: 's', name: null, email: null, companyName: null },
    dealType: 'make_offer',
    dealValueCents: 100_000,
    commissionRateBps: 300,
    commissionCents: 3_000,
    escrowRequired: true,
    status: 'initiated',
    escrowStatus: 'none',
    buyerConfirmed: false,
    sellerConfirmed: false,
    lastOfferBy: 'buyer',
    earlyReleaseRequestedBy: null,
    escrowTransactionId: null,
    notes: null,
    disputeReason: null,
    disputeOpenedAt: null,
    shippedAt: null,
    autoReleaseAt: null,
    deliveredAt: null,
    openClaimId: null,
    escrowSplittable: true,
    claimOpenUntil: null,
    latestClaim: null,
    commission: {
      settled: false,
      includedInFunding: false,
      payer: null,
      paidCents: { buyer: 0, seller: 0 },
      deductedCents: 0,
      proposal: null,
    },
    escrowPayment: null,
    milestones: { agreedAt: null, fundedAt: null, shippedAt: null, releasedAt: null },
    escrowHeldCents: 0,
    role: null,
    quantity: 20,
    unit: 'tons',
    impact: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  };
}

describe('deal card: the action rules of document 001', () => {
  const parties = ['buyer', 'seller'] as const;
  const shows = (d: Partial<Deal>, party: 'buyer' | 'seller') =>
    dealCardActions(deal(d), party, { now: NOW });

  it('Confirm Deal: initiated and the current party has not yet confirmed', () => {
    for (const party of parties) {
      expect(shows({ status: 'initiated' }, party)).toContain('confirm');
      const confirmed = party === 'buyer' ? { buyerConfirmed: true } : { sellerConfirmed: true };
      expect(shows({ status: 'initiated', ...confirmed }, party)).not.toContain('confirm');
      for (const status of ['agreed', 'escrow_created', 'completed', 'cancelled', 'disputed'] as const)
        expect(shows({ status }, party)).not.toContain('confirm');
    }
  });

  it('Reject Deal: initiated, agreed or negotiating (the offer on the table is withdrawn by its author)', () => {
    for (const status of ['initiated', 'negotiating', 'agreed'] as const) {
      for (const party of parties) {
        const actions = shows({ status }, party);
        expect(actions.includes('reject') || actions.includes('cancel')).toBe(true);
      }
      expect(shows({ status }, 'seller')).toContain('reject');
    }
    for (const status of ['escrow_created', 'completed', 'cancelled', 'disputed'] as const)
      for (const party of parties)
        expect(shows({ status, escrowStatus: 'held' }, party)).not.toContain('reject');
  });

  it('Fund escrow: agreed, the buyer, escrow neither held nor released', () => {
    for (const escrowStatus of ESCROW_STATUSES) {
      const expected = escrowStatus === 'none' || escrowStatus === 'pending';
      expect(shows({ status: 'agreed', escrowStatus }, 'buyer').includes('fund-escrow')).toBe(expected);
      expect(shows({ status: 'agreed', escrowStatus }, 'seller')).not.toContain('fund-escrow');
    }
    for (const status of DEAL_STATUSES.filter((s) => s !== 'agreed'))
      expect(shows({ status }, 'buyer')).not.toContain('fund-escrow');
  });

  it('Waiting for buyer to fund escrow...: agreed or escrow_created, the seller, escrow none or pending', () => {
    for (const status of DEAL_STATUSES)
      for (const escrowStatus of ESCROW_STATUSES) {
        const expected =
          (status === 'agreed' || status === 'escrow_created') &&
          (escrowStatus === 'none' || escrowStatus === 'pending');
        expect(shows({ status, escrowStatus }, 'seller').includes('waiting-for-funding')).toBe(expected);
        expect(shows({ status, escrowStatus }, 'buyer')).not.toContain('waiting-for-funding');
      }
  });

  it('Ship Goods: agreed or escrow_created, the seller, escrow held', () => {
    for (const status of DEAL_STATUSES)
      for (const escrowStatus of ESCROW_STATUSES) {
        const expected = (status === 'agreed' || status === 'escrow_created') && escrowStatus === 'held';
        expect(shows({ status, escrowStatus }, 'seller').includes('ship-goods')).toBe(expected);
        expect(shows({ status, escrowStatus }, 'buyer')).not.toContain('ship-goods');
      }
  });

  it('Release Escrow: completed, escrow held, the buyer', () => {
    for (const escrowStatus of ESCROW_STATUSES) {
      expect(shows({ status: 'completed', escrowStatus }, 'buyer').includes('release-escrow')).toBe(
        escrowStatus === 'held',
      );
      expect(shows({ status: 'completed', escrowStatus }, 'seller')).not.toContain('release-escrow');
    }
  });

  it('Refund Escrow: cancelled or disputed with escrow held (a dispute is refunded by the seller or an administrator)', () => {
    for (const status of DEAL_STATUSES)
      for (const escrowStatus of ESCROW_STATUSES) {
        const held = escrowStatus === 'held';
        expect(shows({ status, escrowStatus }, 'seller').includes('refund-escrow')).toBe(
          held && (status === 'cancelled' || status === 'disputed'),
        );
        expect(shows({ status, escrowStatus }, 'buyer').includes('refund-escrow')).toBe(
          held && status === 'cancelled',
        );
      }
  });

  it('Pay Commission: completed and released, while the commission is unsettled', () => {
    for (const party of parties) {
      expect(shows({ status: 'completed', escrowStatus: 'released' }, party)).toContain('pay-commission');
      expect(shows({ status: 'completed', escrowStatus: 'held' }, party)).not.toContain('pay-commission');
      const settled = {
        settled: true,
        includedInFunding: true,
        payer: null,
        paidCents: { buyer: 0, seller: 0 },
        deductedCents: 0,
        proposal: null,
      };
      expect(
        shows({ status: 'completed', escrowStatus: 'released', commission: settled }, party),
      ).not.toContain('pay-commission');
    }
    const split = {
      settled: false,
      includedInFunding: false,
      payer: 'buyer' as const,
      paidCents: { buyer: 0, seller: 0 },
      deductedCents: 0,
      proposal: null,
    };
    expect(shows({ status: 'completed', escrowStatus: 'released', commission: split }, 'buyer')).toContain(
      'pay-commission',
    );
    expect(
      shows({ status: 'completed', escrowStatus: 'released', commission: split }, 'seller'),
    ).not.toContain('pay-commission');
  });

  it('no action: a cancelled deal without escrow, for both parties', () => {
    for (const party of parties) expect(shows({ status: 'cancelled' }, party)).toEqual([]);
  });

  it('escrow optional: the seller ships an agreed deal unfunded instead of waiting, not while a funding is pending', () => {
    const optional = { escrowRequired: false };
    const agreed = shows({ ...optional, status: 'agreed' }, 'seller');
    expect(agreed).toContain('ship-goods');
    expect(agreed).not.toContain('waiting-for-funding');
    // The buyer may still fund escrow first.
    expect(shows({ ...optional, status: 'agreed' }, 'buyer')).toContain('fund-escrow');
    const pending = shows({ ...optional, status: 'agreed', escrowStatus: 'pending' }, 'seller');
    expect(pending).not.toContain('ship-goods');
    expect(pending).toContain('waiting-for-funding');
    expect(shows({ ...optional, status: 'escrow_created', escrowStatus: 'held' }, 'seller')).toContain(
      'ship-goods',
    );
  });

  it('escrow optional: a deal completed without escrow offers Pay Commission while unsettled, and no escrow action', () => {
    const done = { escrowRequired: false, status: 'completed' as const, escrowStatus: 'none' as const };
    for (const party of parties) expect(shows(done, party)).toEqual(['pay-commission']);
    const settled = {
      settled: true,
      includedInFunding: false,
      payer: 'buyer' as const,
      paidCents: { buyer: 3_000, seller: 0 },
      deductedCents: 0,
      proposal: null,
    };
    for (const party of parties) expect(shows({ ...done, commission: settled }, party)).toEqual([]);
    // The same row on an escrow-required deal cannot exist; the rule never treats it as settled outside escrow.
    expect(shows({ ...done, escrowRequired: true }, 'buyer')).not.toContain('pay-commission');
  });
});

describe('deal card: the progress checklist', () => {
  const AT = '2026-11-20T10:00:00.000Z';
  const none = { agreedAt: null, fundedAt: null, shippedAt: null, releasedAt: null };
  const doneOf = (d: Parameters<typeof dealProgress>[0]) => dealProgress(d).map((s) => s.done);

  it('ticks each step from what happened, whatever the status is now', () => {
    for (const status of DEAL_STATUSES)
      for (const escrowStatus of ESCROW_STATUSES) {
        const steps = dealProgress({ status, escrowStatus, escrowRequired: true, milestones: none });
        expect(steps.map((s) => s.label)).toEqual([
          'Deal Confirmed',
          'Escrow Funded',
          'Goods Shipped',
          'Deal Complete',
        ]);
        expect(steps.map((s) => s.done)).toEqual([false, false, false, false]);
      }
    // Funded: the confirmation stays ticked although the status moved on.
    expect(
      doneOf({
        status: 'escrow_created',
        escrowStatus: 'held',
        escrowRequired: true,
        milestones: { ...none, agreedAt: AT, fundedAt: AT },
      }),
    ).toEqual([true, true, false, false]);
    // Disputed after shipping: nothing goes backwards.
    expect(
      doneOf({
        status: 'disputed',
        escrowStatus: 'held',
        escrowRequired: true,
        milestones: { ...none, agreedAt: AT, fundedAt: AT, shippedAt: AT },
      }),
    ).toEqual([true, true, true, false]);
  });

  it('an early release completes the deal without claiming the goods were shipped', () => {
    expect(
      doneOf({
        status: 'completed',
        escrowStatus: 'released',
        escrowRequired: true,
        milestones: { ...none, agreedAt: AT, fundedAt: AT, releasedAt: AT },
      }),
    ).toEqual([true, true, false, true]);
  });

  it('escrow optional: the escrow step says so, and a deal completed without escrow is complete', () => {
    const steps = dealProgress({
      status: 'completed',
      escrowStatus: 'none',
      escrowRequired: false,
      milestones: { ...none, agreedAt: AT, shippedAt: AT },
    });
    expect(steps.map((s) => s.label)).toEqual([
      'Deal Confirmed',
      'Escrow Funded (optional)',
      'Goods Shipped',
      'Deal Complete',
    ]);
    expect(steps.map((s) => s.done)).toEqual([true, false, true, true]);
  });
});

describe('settlement: what the dialogs show is what the ledger books', () => {
  it('a plain wire: the buyer pays value and commission, the seller receives the value less 2% of the wire', () => {
    const wire = settlementBreakdown({
      dealValueCents: 500_000,
      commissionCents: 15_000,
      includeCommission: true,
      methodFeeBps: 0,
      wireProcessingFeeBps: 200,
    });
    expect(wire).toMatchObject({
      buyerPaysCents: 515_000,
      wireFeeCents: 10_300,
      sellerReceivesCents: 489_700,
    });
  });

  it('a card funding without the commission: the buyer pays value and fee, the commission comes off the payout', () => {
    const card = settlementBreakdown({
      dealValueCents: 100_000,
      commissionCents: 3_000,
      includeCommission: false,
      methodFeeBps: 290,
      wireProcessingFeeBps: null,
    });
    expect(card).toMatchObject({
      buyerPaysCents: 102_900,
      wireFeeCents: 0,
      commissionFromSellerCents: 3_000,
      sellerReceivesCents: 97_000,
    });
  });

  it('the release payout deducts only a commission still owed', () => {
    const base = { escrowHeldCents: 100_000, commissionCents: 3_000 };
    const commission = deal({}).commission;
    expect(releasePayout({ ...base, commission })).toEqual({
      deductedCents: 3_000,
      sellerReceivesCents: 97_000,
    });
    expect(
      releasePayout({ ...base, commission: { ...commission, settled: true, includedInFunding: true } }),
    ).toEqual({ deductedCents: 0, sellerReceivesCents: 100_000 });
  });
});

describe('refund: what the dialogs show is what the ledger returns', () => {
  const payment = (method: string, feeCents: number) => ({
    id: 'ep',
    method,
    status: 'held' as const,
    amountCents: 0,
    dealValueCents: 80_000,
    commissionCents: 2_400,
    feeCents,
    reference: null,
    escrowUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  });
  const included = { ...deal({}).commission, settled: true, includedInFunding: true };

  it('a card funding comes back whole: value, commission and card fee', () => {
    expect(
      refundPayout({ escrowHeldCents: 80_000, commission: included, escrowPayment: payment('card', 2_390) }),
    ).toEqual({ buyerReceivesCents: 84_790 });
  });

  it('a plain wire comes back less its processing fee', () => {
    expect(
      refundPayout({ escrowHeldCents: 78_352, commission: included, escrowPayment: payment('wire', 0) }),
    ).toEqual({ buyerReceivesCents: 80_752 });
  });
});

describe('dealHoldsQuantity', () => {
  const holding = (buyNow: boolean) =>
    DEAL_STATUSES.filter((status) => dealHoldsQuantity({ status, buyNow }));

  it('an offer holds its quantity once agreed, until cancelled', () => {
    expect(holding(false)).toEqual(['agreed', 'escrow_created', 'completed', 'disputed']);
  });

  it('a Buy Now deal holds its quantity from its creation, until cancelled', () => {
    expect(holding(true)).toEqual(DEAL_STATUSES.filter((status) => status !== 'cancelled'));
  });
});

describe('My Deals: an open claim needs whoever it waits for', () => {
  const shipped = {
    status: 'completed' as const,
    escrowStatus: 'held' as const,
    shippedAt: NOW.toISOString(),
  };
  const withClaim = (status: 'awaiting_seller' | 'offered' | 'rejected' | 'escalated') =>
    deal({ ...shipped, openClaimId: 'c1', latestClaim: { status, split: null } });

  it('puts the deal under the seller while the claim awaits an answer, under the buyer after an offer or a rejection', () => {
    expect(dealNeedsActionFrom(withClaim('awaiting_seller'), 'seller')).toBe(true);
    expect(dealNeedsActionFrom(withClaim('offered'), 'buyer')).toBe(true);
    expect(dealNeedsActionFrom(withClaim('rejected'), 'buyer')).toBe(true);
    expect(dealNeedsActionFrom(withClaim('offered'), 'seller')).toBe(false);
    expect(dealNeedsActionFrom(withClaim('escalated'), 'seller')).toBe(false);
  });
});
