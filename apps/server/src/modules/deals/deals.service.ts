import { randomUUID } from 'node:crypto';
import {
  canApplyDealTransition,
  commissionCollectable,
  DEFAULT_AUTO_RELEASE_DAYS,
  type DealActor,
  type DealMachineState,
  type DealParty,
  type DealTransition,
  dealHoldsQuantity,
  dealRoleOf,
  nextDealState,
} from '@app/shared/deals/deal-machine';
import {
  type BankDetails,
  BUY_NOW_NOTE,
  type BuyNowBody,
  type CommissionPayer,
  commissionChoiceIsProposal,
  commissionFor,
  commissionShare,
  DEAL_CONSTANTS,
  DEAL_MESSAGES,
  type Deal,
  type DealActionBody,
  type DealList,
  dealTypeOf,
  type EscrowErrorDetails,
  type EscrowPayment,
  type FundEscrowResult,
  fundingBreakdown,
  type PayCommissionResult,
  type PayoutStatement,
  paymentMethodsForTotal,
  payoutAfterCommission,
  percentToBps,
} from '@app/shared/deals/deals.schemas';
import { type ListingUnit, quantityUnavailableMessage } from '@app/shared/listings/listings.schemas';
import { AMOUNT_TOO_LARGE_MESSAGE, formatCents, MAX_AMOUNT_DOLLARS } from '@app/shared/money/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import { type AuditEntry, type AuditRecorder, noAudit } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import { LEDGER_ACCOUNTS, type LedgerLine, type LedgerService } from '../ledger/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentRow, PaymentsService } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { dealEmail } from './deal-emails.ts';
import {
  accountBalance,
  cancelPendingEscrowPayments,
  clearEscrowClaim,
  countDealsByStatus,
  type DealRow,
  type EscrowPaymentRow,
  escrowHeldOfDeals,
  findCompaniesOf,
  findDeal,
  findDealForUpdate,
  findEscrowPaymentBy,
  findEscrowPaymentOfDeal,
  findEscrowPaymentsOfDeals,
  findEscrowPaymentsOfPayment,
  findListingBrief,
  findListingBriefs,
  findMilestoneEvents,
  findOpenBuyNowDeal,
  findPostedKeys,
  findUserBriefs,
  insertDeal,
  insertDealEvent,
  insertEscrowPayment,
  type ListingBrief,
  listAutoReleasable,
  listDealsByStatus,
  listDealsOf,
  listEscrowCandidates,
  listPendingProviderPayments,
  listSellerPayouts,
  listStaleEscrowClaims,
  listUnsettledRefunds,
  type NewDealRow,
  updateDeal,
  updateDealIfState,
  updateEscrowPayment,
} from './deals.repository.ts';
import type { EscrowProviderClaim } from './deals.table.ts';
import { type EscrowProvider, EscrowProviderError, escrowErrorMeaning } from './escrow-provider.ts';
import { findWireTransferById, findWireTransfersByIds } from './wire-transfers.repository.ts';
import type { WireTransfersService } from './wire-transfers.service.ts';

/** Ledger accounts of the deal flow besides the shared ones. */
export const DEAL_ACCOUNTS = {
  escrowHeld: LEDGER_ACCOUNTS.escrowHeld,
  /** Money the escrow provider holds for a deal funded by escrow-protected wire. */
  cashEscrowProvider: LEDGER_ACCOUNTS.cashEscrowProvider,
  /** Card and Klarna processing fees charged to the buyer on top of the funding. */
  revenueProcessingFees: LEDGER_ACCOUNTS.revenueProcessingFees,
  revenueCommission: LEDGER_ACCOUNTS.revenueCommission,
  payableSeller: LEDGER_ACCOUNTS.payableSeller,
  payableBuyer: LEDGER_ACCOUNTS.payableBuyer,
} as const;

/** Idempotency keys of the deal's ledger movements: each happens at most once per deal. */
export const dealLedgerKeys = {
  commission: (dealId: string) => `deal:${dealId}:commission`,
  commissionReversal: (dealId: string) => `deal:${dealId}:commission-reversal`,
  release: (dealId: string) => `deal:${dealId}:release`,
  refund: (dealId: string) => `deal:${dealId}:refund`,
  fundingFee: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:fee`,
  fundingFeeReversal: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:fee-reversal`,
  providerFunded: (escrowPaymentId: string) => `escrow-payment:${escrowPaymentId}:funded`,
  /** A card or Klarna charge that arrived for a deal already funded: owed to the buyer until refunded. */
  strayChargeSetAside: (paymentId: string) => `payment:${paymentId}:set-aside`,
};

/** Who fires a transition: a party or an administrator (with their user id), or the server. */
export type DealActorRef = { role: DealActor; userId: string | null };
export type DealTransitionPayload = {
  valueCents?: number;
  reason?: string;
  /** The funding attempt whose money arrived or failed (escrow-funded, funding-failed). */
  escrowPaymentId?: string;
  source?: 'checkout' | 'wire' | 'escrow_provider';
  /** Records the escrow-provider release or refund this claim made (and clears the claim). */
  escrowClaimId?: string;
};

/** The wire-transfer service of this module, as deals use it. */
export type DealWireTransfers = Pick<
  WireTransfersService,
  'createForDeal' | 'onDealEscrowVerified' | 'onDealEscrowFailed'
>;

/** The escrow provider's "transaction changed" registry (sandbox page and webhook call it). */
export type DealEscrowEvents = {
  onTransactionChanged(handler: (transactionId: string) => Promise<void>): void;
};

/**
 * The market module's impact estimate, read in the completing transition's transaction: tonnes
 * delivered, the WARM material of the grade and kg CO2e avoided (nulls where nothing applies).
 */
export type DealImpactAssessor = {
  assessDelivery(
    tx: Db,
    delivery: { grade: string | null; quantity: number; unit: ListingUnit },
  ): Promise<{ deliveredTonnes: number | null; warmMaterial: string | null; co2eAvoidedKg: number | null }>;
};

/** A payment method as funding needs it (type, fee, enabled). */
/** A deal whose escrow account disagrees with the deal (GET /api/admin/ledger). */
export type EscrowMismatch = {
  dealId: string;
  listingTitle: string | null;
  status: DealRow['status'];
  escrowStatus: DealRow['escrowStatus'];
  heldCents: number;
  expectedCents: number;
};

export type FundingMethod = { type: string; name: string; processingFeePercentage: number; enabled: boolean };

export type DealsService = ReturnType<typeof createDealsService>;

const MAX_VALUE_CENTS = MAX_AMOUNT_DOLLARS * 100;
const LIST_LIMIT = 200;
const JOB_BATCH = 100;
/** A claim on the escrow provider older than this was left by a crash: the reconcile job finishes it. */
const ESCROW_CLAIM_STALE_MS = 60_000;
const MONEY_TRANSITIONS: readonly DealTransition[] = [
  'escrow-funded',
  'release-escrow',
  'auto-release',
  'approve-early-release',
  'refund-escrow',
];
const RELEASES: readonly DealTransition[] = ['release-escrow', 'auto-release', 'approve-early-release'];

const notFound = () => new AppError('NOT_FOUND', DEAL_MESSAGES.dealNotFound);
/** A deal's value (an offer, a counter-offer or Buy Now): above zero and within the site's maximum. */
function assertDealValue(valueCents: number): void {
  if (!(valueCents > 0)) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.valueAboveZero);
  if (valueCents > MAX_VALUE_CENTS) throw new AppError('VALIDATION_FAILED', AMOUNT_TOO_LARGE_MESSAGE);
}
const move = (from: string, to: string, amountCents: number): LedgerLine[] => [
  { account: from, amountCents },
  { account: to, amountCents: -amountCents },
];
const dollars = (cents: number) => cents / 100;
const dealKindOf = (row: DealRow) => (dealTypeOf(row.notes) === 'buy_now' ? 'Buy Now purchase' : 'offer');

/** The spec's message when the machine refuses a transition. */
function refusalMessage(transition: DealTransition, state: DealMachineState): string {
  switch (transition) {
    case 'ship-goods':
      if (state.escrowStatus === 'held') return DEAL_MESSAGES.updateFailed;
      return !state.escrowRequired && state.escrowStatus === 'pending'
        ? DEAL_MESSAGES.cannotCompleteFundingPending
        : DEAL_MESSAGES.cannotCompleteNotFunded;
    case 'request-early-release':
      return DEAL_MESSAGES.cannotRequestEarlyRelease;
    case 'approve-early-release':
      return DEAL_MESSAGES.cannotApproveEarlyRelease;
    default:
      return DEAL_MESSAGES.updateFailed;
  }
}

export const machineStateOfRow = (row: DealRow): DealMachineState => ({
  status: row.status,
  escrowStatus: row.escrowStatus,
  buyerConfirmed: row.buyerConfirmed,
  sellerConfirmed: row.sellerConfirmed,
  lastOfferBy: row.lastOfferBy,
  earlyReleaseRequestedBy: row.earlyReleaseRequestedBy,
  shippedAt: row.shippedAt,
  escrowRequired: row.escrowRequired,
});

/**
 * Deals between a buyer and a listing's owner: creation (Make Offer, Buy Now), every state change
 * through the shared machine with the row locked, escrow funding by card, Klarna, escrow-provider
 * wire or plain wire, release and refund with their ledger movements, disputes, auto-release and
 * the commission.
 */
export function createDealsService(deps: {
  db: Db;
  /** The admin audit log. */
  audit?: AuditRecorder;
  clock: Clock;
  ledger: LedgerService;
  payments: PaymentsService;
  settings: SettingsService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  messaging?: MessagingService;
  isAdmin(userId: string): Promise<boolean>;
  getPaymentMethod(type: string): Promise<FundingMethod | null>;
  escrowProvider: EscrowProvider;
  escrowEvents?: DealEscrowEvents;
  wireTransfers: DealWireTransfers;
  /** Records the environmental impact with the completing transition (market module). */
  impact?: DealImpactAssessor;
  /** What a listing has left, under its row lock, and its sold status (listings module). */
  listingQuantity: Pick<ListingsService, 'lockRemainingQuantity' | 'syncSoldStatus'>;
  /** After commit, once per deal that completed (released, or completed without escrow). */
  onDealCompleted?: (dealId: string) => Promise<void>;
  appUrl: string;
  logError?: (msg: string, err: unknown) => void;
}) {
  const audit = deps.audit ?? noAudit;
  const { db, clock, ledger, payments, settings, notifications, realtime } = deps;
  const { escrowProvider, wireTransfers, listingQuantity } = deps;
  const logError = deps.logError ?? logErrorLine;
  const dealsUrl = `${deps.appUrl}/deals`;

  /** After-commit work of transitions fired inside another module's transaction. */
  const deferred = new Set<Promise<void>>();
  function defer(fn: () => Promise<void>): void {
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(fn)
      .catch((err) => logError('deal follow-up failed', err))
      .finally(() => deferred.delete(p));
    deferred.add(p);
  }
  /** Resolves when deferred notifications have run (tests, shutdown). */
  async function whenIdle(): Promise<void> {
    while (deferred.size > 0) await Promise.all([...deferred]);
  }

  // --- money arriving through other modules ---

  // Card and Klarna: the payments module booked cash → escrow:held for the whole charge.
  payments.registerPurposeHandler('escrow_funding', {
    async onSucceeded(payment, tx) {
      await onCheckoutPaid(payment, tx);
    },
    async onRefunded(payment, refundedCents, tx) {
      await onCheckoutRefunded(payment, refundedCents, tx);
    },
  });
  // Commission paid after completion: the payments module booked cash → revenue:commission.
  payments.registerPurposeHandler('commission', {
    async onSucceeded(payment, tx) {
      await onCommissionPaid(payment, tx);
    },
  });
  // Plain wire: the wire service books the money where our answer says: the deal's escrow, or back
  // to the buyer when the deal was funded another way or is over.
  wireTransfers.onDealEscrowVerified(async (wire, tx) => {
    // Not a deal of ours: the money stays where the wire service books it.
    if (!wire.relatedId || !(await findDeal(tx, wire.relatedId))) return 'funded';
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    const applied = await fireInTx(
      tx,
      wire.relatedId,
      'escrow-funded',
      { role: 'admin', userId: null },
      { escrowPaymentId: ep?.id, source: 'wire' },
    );
    if (applied) return 'funded';
    if (ep) {
      const now = clock.now();
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
    }
    return 'return-to-buyer';
  });
  wireTransfers.onDealEscrowFailed(async (wire, tx) => {
    if (!wire.relatedId) return;
    const ep = await findEscrowPaymentBy(tx, { wireTransferId: wire.id });
    // Only the deal's current attempt returns it to unfunded; a superseded wire just fails.
    if (ep?.status === 'pending')
      await fireInTx(
        tx,
        wire.relatedId,
        'funding-failed',
        { role: 'admin', userId: null },
        {
          escrowPaymentId: ep.id,
          source: 'wire',
        },
      );
    if (ep && (ep.status === 'pending' || ep.status === 'cancelled'))
      await updateEscrowPayment(tx, ep.id, { status: 'failed', updatedAt: clock.now() });
  });
  deps.escrowEvents?.onTransactionChanged((transactionId) => syncProviderTransaction(transactionId));

  // --- the transition engine ---

  /** `completed`: this transition completed the deal (released, or completed without escrow). */
  type Applied = { before: DealRow; after: DealRow; completed?: boolean };

  /**
   * Applies one transition inside `tx` with the deal row locked: the machine decides, the update is
   * conditional on the state it was checked against, an event row records it, money moves in the
   * same transaction. Throws 409 when refused.
   */
  async function applyInTx(
    tx: Db,
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload,
  ): Promise<Applied> {
    const before = await findDealForUpdate(tx, dealId);
    if (!before) throw notFound();
    // While the escrow provider releases or refunds, the deal is frozen but for recording that.
    const claim = before.escrowProviderClaim;
    if (claim && payload.escrowClaimId !== claim.id)
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
    const state = machineStateOfRow(before);
    const now = clock.now();
    const ctx = { now, autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays };
    if (!canApplyDealTransition(state, transition, actor.role, ctx))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', refusalMessage(transition, state));
    const next = nextDealState(state, transition, actor.role, ctx);
    // A deal that starts holding its quantity (an offer agreed) takes it under the listing's lock;
    // one that stops (cancelled, refunded) gives it back. The deal row is locked first, then the listing.
    const holdsBefore = dealHoldsQuantity(before);
    const holdsAfter = dealHoldsQuantity({ status: next.status, buyNow: before.buyNow });
    if (!holdsBefore && holdsAfter) await takeListingQuantity(tx, before.listingId, before.quantity ?? 0);
    const values: Partial<NewDealRow> = {
      status: next.status,
      escrowStatus: next.escrowStatus,
      buyerConfirmed: next.buyerConfirmed,
      sellerConfirmed: next.sellerConfirmed,
      lastOfferBy: next.lastOfferBy,
      earlyReleaseRequestedBy: next.earlyReleaseRequestedBy,
      ...(claim ? { escrowProviderClaim: null } : {}),
      updatedAt: now,
    };
    if (transition === 'counter-offer') {
      const valueCents = payload.valueCents ?? before.dealValueCents;
      values.dealValueCents = valueCents;
      values.commissionCents = commissionFor(valueCents, before.commissionRateBps);
    }
    if (transition === 'ship-goods') {
      values.shippedAt = now;
      values.completedAt = now;
    }
    if (RELEASES.includes(transition)) values.completedAt = before.completedAt ?? now;
    if (transition === 'open-dispute') {
      values.disputeReason = payload.reason ?? null;
      values.disputeOpenedAt = now;
    }
    const after = await updateDealIfState(tx, dealId, state, values);
    if (!after) throw new AppError('CONFLICT', DEAL_MESSAGES.updateFailed);
    if (holdsBefore !== holdsAfter) await listingQuantity.syncSoldStatus(tx, before.listingId);
    await insertDealEvent(tx, {
      id: randomUUID(),
      dealId,
      transition,
      actorRole: actor.role,
      actorUserId: actor.userId,
      payload: { ...payload },
      fromStatus: before.status,
      toStatus: after.status,
      fromEscrowStatus: before.escrowStatus,
      toEscrowStatus: after.escrowStatus,
      createdAt: now,
    });
    const booked = MONEY_TRANSITIONS.includes(transition)
      ? await bookMoney(tx, before, after, transition, payload)
      : after;
    if (commissionCollectable(booked) && !booked.impactRecordedAt)
      return { before, after: await recordImpact(tx, booked, now), completed: true };
    return { before, after: booked };
  }

  /**
   * The delivered tonnage and its estimated CO2e savings, written with the completing transition so a
   * completed deal never lacks them. The quantity is the deal's snapshot (older deals: the listing's).
   */
  async function recordImpact(tx: Db, deal: DealRow, now: Date): Promise<DealRow> {
    const listing = await findListingBrief(tx, deal.listingId);
    const quantity = deal.quantity ?? listing?.quantity ?? null;
    const unit = deal.unit ?? listing?.unit ?? null;
    const impact =
      deps.impact && quantity !== null && unit !== null
        ? await deps.impact.assessDelivery(tx, { grade: listing?.grade ?? null, quantity, unit })
        : { deliveredTonnes: null, warmMaterial: null, co2eAvoidedKg: null };
    const updated = await updateDeal(tx, deal.id, { ...impact, impactRecordedAt: now });
    return updated ?? deal;
  }

  /** The ledger side of money transitions, in the transition's transaction. */
  async function bookMoney(
    tx: Db,
    before: DealRow,
    after: DealRow,
    transition: DealTransition,
    payload: DealTransitionPayload,
  ): Promise<DealRow> {
    const dealId = after.id;
    const now = clock.now();
    const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
    const payment = await currentEscrowPayment(tx, dealId, payload.escrowPaymentId);
    const reference = { type: 'deal', id: dealId };
    let row = after;

    if (transition === 'escrow-funded') {
      if (!payment) return row;
      if (payload.source === 'escrow_provider') {
        await ledger.postTransaction(
          {
            kind: 'escrow_hold',
            description: `Escrow funded through the escrow provider for deal ${dealId}`,
            reference,
            idempotencyKey: dealLedgerKeys.providerFunded(payment.id),
            lines: move(DEAL_ACCOUNTS.cashEscrowProvider, escrow, payment.amountCents),
          },
          tx,
        );
      }
      // Wire transfers book their processing fee and the commission after the verification commits.
      if (payload.source !== 'wire' && payment.feeCents > 0) {
        await ledger.postTransaction(
          {
            kind: 'processing_fee',
            description: `Processing fee of the escrow funding of deal ${dealId}`,
            reference,
            idempotencyKey: dealLedgerKeys.fundingFee(payment.id),
            lines: move(escrow, DEAL_ACCOUNTS.revenueProcessingFees, payment.feeCents),
          },
          tx,
        );
      }
      const included = payment.commissionCents > 0;
      if (included && payload.source !== 'wire') {
        await ledger.postTransaction(
          {
            kind: 'commission',
            description: `Commission of deal ${dealId}, paid with the escrow funding`,
            reference,
            idempotencyKey: dealLedgerKeys.commission(dealId),
            lines: move(escrow, DEAL_ACCOUNTS.revenueCommission, payment.commissionCents),
          },
          tx,
        );
      }
      await cancelPendingEscrowPayments(tx, dealId, now);
      await updateEscrowPayment(tx, payment.id, { status: 'held', heldAt: now, updatedAt: now });
      row =
        (await updateDeal(tx, dealId, {
          commissionIncludedInFunding: included,
          commissionSettledAt: included && payload.source !== 'wire' ? now : row.commissionSettledAt,
        })) ?? row;
      return row;
    }

    const held = -(await accountBalance(tx, escrow));
    // Release and refund move what the deal's funding says, never the account's balance: money that
    // reached the account by mistake must not be paid out, and a shortfall must not pass unnoticed.
    const targets = payment ? await escrowTargets(tx, payment) : null;
    if (RELEASES.includes(transition)) {
      if (!targets || held !== targets.releaseCents)
        throw escrowMismatch(dealId, held, targets?.releaseCents ?? null, transition);
      // A commission nobody paid yet is taken from the seller's payout: every released deal pays it.
      // The release dialog's rule (releasePayout), on the amount the funding holds.
      const { deductedCents: deductCents, sellerReceivesCents: payoutCents } = payoutAfterCommission(
        targets.releaseCents,
        await commissionOwedAtRelease(tx, after),
      );
      if (payoutCents > 0) {
        await ledger.postTransaction(
          {
            kind: 'escrow_release',
            description: `Escrow of deal ${dealId} released to the seller`,
            reference,
            idempotencyKey: dealLedgerKeys.release(dealId),
            lines: move(escrow, DEAL_ACCOUNTS.payableSeller(after.sellerUserId), payoutCents),
          },
          tx,
        );
      }
      if (deductCents > 0) {
        await ledger.postTransaction(
          {
            kind: 'commission',
            description: `Commission of deal ${dealId}, deducted from the seller's payout at release`,
            reference,
            idempotencyKey: dealLedgerKeys.commission(dealId),
            lines: move(escrow, DEAL_ACCOUNTS.revenueCommission, deductCents),
          },
          tx,
        );
        row =
          (await updateDeal(tx, dealId, {
            commissionDeductedCents: deductCents,
            commissionSettledAt: now,
            commissionPayerProposal: null,
            commissionProposedBy: null,
          })) ?? row;
      }
      if (payment)
        await updateEscrowPayment(tx, payment.id, { status: 'released', settledAt: now, updatedAt: now });
      return row;
    }

    // refund-escrow: the included commission and the processing fee go back into escrow first, so
    // the buyer gets the whole charge back.
    const keys = await findPostedKeys(tx, [
      dealLedgerKeys.commission(dealId),
      dealLedgerKeys.commissionReversal(dealId),
      ...(payment ? [dealLedgerKeys.fundingFee(payment.id)] : []),
    ]);
    let refundable = held;
    if (keys.has(dealLedgerKeys.commission(dealId)) && !keys.has(dealLedgerKeys.commissionReversal(dealId))) {
      const commission = payment?.commissionCents || before.commissionCents;
      await ledger.postTransaction(
        {
          kind: 'commission_reversal',
          description: `Commission of deal ${dealId} returned with the refund`,
          reference,
          idempotencyKey: dealLedgerKeys.commissionReversal(dealId),
          lines: move(DEAL_ACCOUNTS.revenueCommission, escrow, commission),
        },
        tx,
      );
      refundable += commission;
    }
    if (payment && payment.feeCents > 0 && keys.has(dealLedgerKeys.fundingFee(payment.id))) {
      await ledger.postTransaction(
        {
          kind: 'processing_fee_reversal',
          description: `Processing fee of deal ${dealId} returned with the refund`,
          reference,
          idempotencyKey: dealLedgerKeys.fundingFeeReversal(payment.id),
          lines: move(DEAL_ACCOUNTS.revenueProcessingFees, escrow, payment.feeCents),
        },
        tx,
      );
      refundable += payment.feeCents;
    }
    if (!targets || refundable !== targets.refundCents)
      throw escrowMismatch(dealId, refundable, targets?.refundCents ?? null, transition);
    const method = payment?.method;
    if (method === 'wire' || method === 'escrow_wire') {
      // Card and Klarna money goes back through the payment provider (after the commit), which books
      // escrow:held → cash itself.
      if (refundable > 0) {
        await ledger.postTransaction(
          {
            kind: 'escrow_refund',
            description: `Escrow of deal ${dealId} refunded to the buyer`,
            reference,
            idempotencyKey: dealLedgerKeys.refund(dealId),
            lines: move(
              escrow,
              method === 'wire'
                ? DEAL_ACCOUNTS.payableBuyer(after.buyerUserId)
                : DEAL_ACCOUNTS.cashEscrowProvider,
              refundable,
            ),
          },
          tx,
        );
      }
    }
    if (payment)
      await updateEscrowPayment(tx, payment.id, {
        status: 'refunded',
        settledAt: method === 'card' || method === 'klarna' ? null : now,
        updatedAt: now,
      });
    row =
      (await updateDeal(tx, dealId, { commissionSettledAt: null, commissionIncludedInFunding: false })) ??
      row;
    return row;
  }

  /**
   * What a held escrow must contain, from its funding attempt alone: a release pays the funding less
   * the method fee and the commission taken out of it (a plain wire: less the wire processing fee);
   * a refund returns the whole funding (a plain wire: less its processing fee, which stays earned).
   */
  async function escrowTargets(
    tx: Db,
    ep: EscrowPaymentRow,
  ): Promise<{ releaseCents: number; refundCents: number }> {
    const wire =
      ep.method === 'wire' && ep.wireTransferId ? await findWireTransferById(tx, ep.wireTransferId) : null;
    return targetsOf(ep, wire?.processingFeeCents ?? 0);
  }

  /** The commission still unpaid when escrow is released (none when it was paid with the funding or since). */
  async function commissionOwedAtRelease(tx: Db, deal: DealRow): Promise<number> {
    if (deal.commissionCents === 0 || deal.commissionIncludedInFunding || deal.commissionSettledAt) return 0;
    const keys = await findPostedKeys(tx, [dealLedgerKeys.commission(deal.id)]);
    if (keys.has(dealLedgerKeys.commission(deal.id))) return 0;
    return Math.max(0, deal.commissionCents - deal.commissionPaidBuyerCents - deal.commissionPaidSellerCents);
  }

  /** A release or refund refused because the escrow account disagrees with the deal: loud, and nothing moves. */
  function escrowMismatch(
    dealId: string,
    heldCents: number,
    expectedCents: number | null,
    transition: DealTransition,
  ): AppError {
    const details = { dealId, transition, heldCents, expectedCents };
    logError('escrow does not match its deal', new Error(JSON.stringify(details)));
    return new AppError('ESCROW_MISMATCH', DEAL_MESSAGES.escrowMismatch, details);
  }

  /**
   * Every deal whose escrow account holds something other than what the deal says (the admin
   * reconciliation list and the books check). A held deal must hold its release amount; a card refund
   * still on its way out is in flight; any other deal must hold nothing.
   */
  async function findEscrowMismatches(): Promise<EscrowMismatch[]> {
    const candidates = await listEscrowCandidates(db, DEAL_ACCOUNTS.escrowHeld(''));
    // Two queries for the whole list: every attempt of the candidates, then the wires among them.
    const attempts = await findEscrowPaymentsOfDeals(
      db,
      candidates.map((c) => c.dealId),
    );
    const wireIds = attempts.flatMap((a) =>
      a.method === 'wire' && a.wireTransferId ? [a.wireTransferId] : [],
    );
    const wires = new Map((await findWireTransfersByIds(db, wireIds)).map((w) => [w.id, w]));
    const attemptsByDeal = new Map<string, typeof attempts>();
    for (const a of attempts) attemptsByDeal.set(a.dealId, [...(attemptsByDeal.get(a.dealId) ?? []), a]);
    const out: EscrowMismatch[] = [];
    for (const c of candidates) {
      const prefer = c.escrowStatus === 'held' ? 'held' : 'refunded';
      const ofDeal = attemptsByDeal.get(c.dealId) ?? [];
      const ep = ofDeal.find((a) => a.status === prefer) ?? ofDeal[0];
      let expectedCents = 0;
      if (c.escrowStatus === 'held') {
        const feeCents = ep?.wireTransferId ? (wires.get(ep.wireTransferId)?.processingFeeCents ?? 0) : 0;
        if (ep?.status === 'held') expectedCents = targetsOf(ep, feeCents).releaseCents;
      } else if (ep?.status === 'refunded' && ep.paymentId && !ep.settledAt) continue;
      if (c.heldCents !== expectedCents) out.push({ ...c, expectedCents });
    }
    return out;
  }

  /**
   * The funding attempt a money transition is about: the one the payload names (a superseded attempt
   * whose money arrived after all) or else the deal's newest.
   */
  async function currentEscrowPayment(
    tx: Db,
    dealId: string,
    escrowPaymentId?: string,
  ): Promise<EscrowPaymentRow | undefined> {
    const named = escrowPaymentId ? await findEscrowPaymentBy(tx, { id: escrowPaymentId }) : undefined;
    return named?.dealId === dealId ? named : findEscrowPaymentOfDeal(tx, dealId, 'held');
  }

  /**
   * A transition fired by the server or an administrator inside another module's transaction (a
   * payment booked, a wire verified). Refused means it already happened or no longer applies: a
   * no-op, so a retried webhook changes nothing. Notifications follow the commit.
   */
  async function fireInTx(
    tx: Db,
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload,
  ): Promise<Applied | null> {
    try {
      const applied = await applyInTx(tx, dealId, transition, actor, payload);
      await announceTransition(tx, applied, transition);
      defer(() => afterCommit(applied));
      return applied;
    } catch (err) {
      // Refusals happen before any write, so the caller's transaction is untouched.
      if (err instanceof AppError && (err.code === 'DEAL_TRANSITION_NOT_ALLOWED' || err.code === 'NOT_FOUND'))
        return null;
      throw err;
    }
  }

  /**
   * The one entry point for state changes: access checked by the caller, then one transaction with
   * the row locked; external calls (provider release or refund) and notifications around it. An
   * administrator's transition passes its audit entry, written in that same transaction.
   */
  async function applyDealTransition(
    dealId: string,
    transition: DealTransition,
    actor: DealActorRef,
    payload: DealTransitionPayload = {},
    auditEntry?: AuditEntry,
  ): Promise<DealRow> {
    const current = await findDeal(db, dealId);
    if (!current) throw notFound();
    const ctx = { now: clock.now(), autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays };
    const state = machineStateOfRow(current);
    if (!canApplyDealTransition(state, transition, actor.role, ctx))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', refusalMessage(transition, state));
    const isRelease = RELEASES.includes(transition);
    if (isRelease || transition === 'refund-escrow') {
      const ep = await findEscrowPaymentOfDeal(db, dealId, 'held');
      if (ep?.status === 'held' && ep.method === 'escrow_wire' && ep.providerTransactionId)
        return applyThroughEscrowProvider(
          dealId,
          transition as EscrowProviderClaim['transition'],
          actor,
          ep.providerTransactionId,
          auditEntry,
        );
    }
    const applied = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = await applyInTx(tx, dealId, transition, actor, payload);
      if (auditEntry) await audit(auditEntry, tx);
      await announceTransition(tx, result, transition);
      return result;
    });
    if (transition === 'refund-escrow') await refundCardFunding(dealId);
    await afterCommit(applied);
    return applied.after;
  }

  /**
   * A release or refund of money the escrow provider holds. The deal is claimed under its row lock
   * first (a concurrent dispute either got the lock before, or is refused while the claim stands),
   * the provider is called after that commit (its calls are idempotent), and the transition is then
   * recorded. A failed call drops the claim and answers 502; a crash in between is finished by the
   * reconcile job from what the provider says.
   */
  async function applyThroughEscrowProvider(
    dealId: string,
    transition: EscrowProviderClaim['transition'],
    actor: DealActorRef,
    transactionId: string,
    auditEntry?: AuditEntry,
  ): Promise<DealRow> {
    const claim: EscrowProviderClaim = {
      id: randomUUID(),
      transition,
      actor,
      ...(auditEntry
        ? {
            audit: {
              actor: { id: auditEntry.actor.id, email: auditEntry.actor.email },
              action: auditEntry.action,
              targetType: auditEntry.targetType,
              targetId: auditEntry.targetId,
            },
          }
        : {}),
      claimedAt: new Date().toISOString(),
    };
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const row = await findDealForUpdate(tx, dealId);
      if (!row) throw notFound();
      if (row.escrowProviderClaim)
        throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
      const state = machineStateOfRow(row);
      const ctx = { now: clock.now(), autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays };
      if (!canApplyDealTransition(state, transition, actor.role, ctx))
        throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', refusalMessage(transition, state));
      await updateDeal(tx, dealId, { escrowProviderClaim: claim });
    });
    try {
      await callProviderFor(transition, transactionId);
    } catch (err) {
      await clearEscrowClaim(db, dealId, claim.id);
      throw err;
    }
    return recordClaimed(dealId, claim);
  }

  function callProviderFor(transition: EscrowProviderClaim['transition'], transactionId: string) {
    const isRefund = transition === 'refund-escrow';
    return callEscrowProvider(
      escrowProvider,
      isRefund ? DEAL_MESSAGES.refundEscrowFailed : DEAL_MESSAGES.releaseFundsFailed,
      () =>
        isRefund ? escrowProvider.refundFunds(transactionId) : escrowProvider.releaseFunds(transactionId),
    );
  }

  /** Records the transition the provider carried out, with its audit row, and clears the claim. */
  async function recordClaimed(dealId: string, claim: EscrowProviderClaim): Promise<DealRow> {
    const applied = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = await applyInTx(tx, dealId, claim.transition, claim.actor, { escrowClaimId: claim.id });
      if (claim.audit) await audit(claim.audit, tx);
      await announceTransition(tx, result, claim.transition);
      return result;
    });
    await afterCommit(applied);
    return applied.after;
  }

  /**
   * Claims left by a process that died between the provider call and the recording (every minute,
   * for claims older than a minute): the provider is asked again (idempotent) and the transition
   * recorded; a claim the provider refuses is dropped so the parties may act again.
   */
  async function runEscrowClaimReconcile(): Promise<{ finished: number; dropped: number }> {
    const cutoff = new Date(Date.now() - ESCROW_CLAIM_STALE_MS);
    let finished = 0;
    let dropped = 0;
    for (const deal of await listStaleEscrowClaims(db, cutoff, JOB_BATCH)) {
      const claim = deal.escrowProviderClaim;
      if (!claim) continue;
      const ep = await findEscrowPaymentOfDeal(db, deal.id, 'held');
      try {
        if (ep?.providerTransactionId) await callProviderFor(claim.transition, ep.providerTransactionId);
        await recordClaimed(deal.id, claim);
        finished += 1;
      } catch (err) {
        logError('escrow provider claim could not be finished; dropped', err);
        await clearEscrowClaim(db, deal.id, claim.id);
        dropped += 1;
      }
    }
    return { finished, dropped };
  }

  /** Card and Klarna refunds go through the payment provider after the refund transition committed. */
  async function refundCardFunding(dealId: string): Promise<void> {
    const ep = await findEscrowPaymentOfDeal(db, dealId, 'refunded');
    if (ep?.status !== 'refunded' || ep.settledAt || !ep.paymentId) return;
    await refundEscrowPayment(ep).catch((err) => logError('escrow refund at the provider failed', err));
  }

  async function refundEscrowPayment(ep: EscrowPaymentRow): Promise<void> {
    if (!ep.paymentId) return;
    const paymentId = ep.paymentId;
    try {
      await payments.refundPayment(paymentId, { failureMessage: DEAL_MESSAGES.refundEscrowFailed });
    } catch (err) {
      // Already refunded in full: nothing left to return.
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
    await updateEscrowPayment(db, ep.id, { settledAt: clock.now(), updatedAt: clock.now() });
  }

  /** After the commit: the completion hook (impact and price index jobs); failures are logged. */
  async function afterCommit(applied: Applied): Promise<void> {
    if (applied.completed && deps.onDealCompleted)
      await deps
        .onDealCompleted(applied.after.id)
        .catch((err) => logError('deal completion hook failed', err));
  }

  /**
   * The realtime event and the emails of a transition, written in its own transaction (a transactional
   * outbox): they go out exactly when the change commits, and never for a change that rolled back or
   * whose process died before committing.
   */
  async function announceTransition(tx: Db, applied: Applied, transition: DealTransition): Promise<void> {
    const { after } = applied;
    await realtime.publishToUsers(
      [after.buyerUserId, after.sellerUserId],
      {
        type: 'deal.updated',
        deal: { id: after.id, status: after.status, escrowStatus: after.escrowStatus },
      },
      { tx },
    );
    const kind = (
      {
        'escrow-funded': 'deal-escrow-funded',
        'ship-goods': 'deal-shipped',
        'release-escrow': 'deal-released',
        'auto-release': 'deal-released',
        'approve-early-release': 'deal-released',
        'refund-escrow': 'deal-refunded',
        'open-dispute': 'deal-dispute-opened',
      } as Partial<Record<DealTransition, string>>
    )[transition];
    if (!kind) return;
    const { listing, buyer, seller } = await partiesOf(after, tx);
    const value = formatCents(after.dealValueCents);
    const title = listing?.title ?? 'your deal';
    const messages: Record<string, { subject: string; heading: string; lines: string[] }> = {
      'deal-escrow-funded': {
        subject: `Escrow funded: ${title}`,
        heading: 'Escrow is funded',
        lines: [
          `The escrow of the deal for ${title} (${value}) is funded.`,
          'The seller can now ship the goods.',
        ],
      },
      'deal-shipped': {
        subject: `Goods shipped: ${title}`,
        heading: 'The goods are on their way',
        lines: [
          `The seller marked the goods of ${title} (${value}) as shipped.`,
          after.escrowStatus === 'held'
            ? `Escrow is released to the seller after ${DEFAULT_AUTO_RELEASE_DAYS} days unless a dispute is opened.`
            : 'No escrow was used for this deal: you and the seller settle the payment directly.',
        ],
      },
      'deal-released': {
        subject: `Escrow released: ${title}`,
        heading: DEAL_MESSAGES.released,
        lines: [`The escrow of the deal for ${title} (${value}) was released to the seller.`],
      },
      'deal-refunded': {
        subject: `Escrow refunded: ${title}`,
        heading: DEAL_MESSAGES.refunded,
        lines: [`The escrow of the deal for ${title} (${value}) was refunded to the buyer.`],
      },
      'deal-dispute-opened': {
        subject: `Dispute opened: ${title}`,
        heading: 'A dispute was opened',
        lines: [
          `A dispute was opened on the deal for ${title} (${value}).`,
          `Reason: ${after.disputeReason ?? ''}`,
          'An administrator will resolve it by releasing or refunding the escrow.',
        ],
      },
    };
    const recipients = transition === 'ship-goods' ? [buyer] : [buyer, seller];
    for (const to of recipients) {
      if (!to) continue;
      await notifications.queueEmail(
        {
          to: to.email,
          kind,
          meta: { dealId: after.id },
          render: (brand) => dealEmail(brand, { ...messages[kind], url: dealsUrl }),
        },
        { tx },
      );
    }
  }

  // --- reads and views ---

  async function partiesOf(deal: DealRow, tx: Db = db) {
    const listing = await findListingBrief(tx, deal.listingId);
    const users = await findUserBriefs(tx, [deal.buyerUserId, deal.sellerUserId]);
    return {
      listing,
      buyer: users.find((u) => u.id === deal.buyerUserId),
      seller: users.find((u) => u.id === deal.sellerUserId),
    };
  }

  /** The API shape of deals for one viewer (null: an administrator looking on). */
  async function toViews(rows: DealRow[], viewerId: string | null): Promise<Deal[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const userIds = [...new Set(rows.flatMap((r) => [r.buyerUserId, r.sellerUserId]))];
    const [listingRows, users, companyRows, escrowRows, heldByDeal, keys, milestoneEvents] =
      await Promise.all([
        findListingBriefs(db, [...new Set(rows.map((r) => r.listingId))]),
        findUserBriefs(db, userIds),
        findCompaniesOf(db, userIds),
        findEscrowPaymentsOfDeals(db, ids),
        escrowHeldOfDeals(db, ids, DEAL_ACCOUNTS.escrowHeld),
        findPostedKeys(
          db,
          ids.flatMap((id) => [dealLedgerKeys.commission(id), dealLedgerKeys.commissionReversal(id)]),
        ),
        findMilestoneEvents(db, ids),
      ]);
    const firstAt = (dealId: string, match: (e: (typeof milestoneEvents)[number]) => boolean) =>
      milestoneEvents.find((e) => e.dealId === dealId && match(e))?.createdAt.toISOString() ?? null;
    const party = (userId: string) => {
      const user = users.find((u) => u.id === userId);
      const company = companyRows.find((c) => c.userId === userId);
      return {
        userId,
        name: user?.name ?? null,
        email: user?.email ?? null,
        companyName: company?.companyName ?? user?.company ?? null,
      };
    };
    return rows.map((r) => {
      const listing = listingRows.find((l) => l.id === r.listingId);
      const ep = escrowRows.find((p) => p.dealId === r.id);
      const bookedWithFunding =
        keys.has(dealLedgerKeys.commission(r.id)) && !keys.has(dealLedgerKeys.commissionReversal(r.id));
      const paid = r.commissionPaidBuyerCents + r.commissionPaidSellerCents;
      // Paid with the funding counts as settled even while a wire's commission transfer awaits a
      // retry: that transfer (same ledger key) collects it, so the buyer is never asked twice.
      const settled =
        r.commissionCents === 0 ||
        r.commissionSettledAt !== null ||
        r.commissionIncludedInFunding ||
        bookedWithFunding ||
        paid >= r.commissionCents;
      const autoReleaseAt =
        r.status === 'completed' && r.escrowStatus === 'held' && r.shippedAt
          ? new Date(r.shippedAt.getTime() + DEAL_CONSTANTS.autoReleaseDays * 86_400_000).toISOString()
          : null;
      return {
        id: r.id,
        listingId: r.listingId,
        listingTitle: listing?.title ?? 'Listing',
        listingType: listing?.type ?? null,
        buyerUserId: r.buyerUserId,
        sellerUserId: r.sellerUserId,
        buyer: party(r.buyerUserId),
        seller: party(r.sellerUserId),
        dealType: dealTypeOf(r.notes),
        dealValueCents: r.dealValueCents,
        commissionRateBps: r.commissionRateBps,
        commissionCents: r.commissionCents,
        escrowRequired: r.escrowRequired,
        status: r.status,
        escrowStatus: r.escrowStatus,
        buyerConfirmed: r.buyerConfirmed,
        sellerConfirmed: r.sellerConfirmed,
        lastOfferBy: r.lastOfferBy,
        earlyReleaseRequestedBy: r.earlyReleaseRequestedBy,
        escrowTransactionId: r.escrowTransactionId,
        notes: r.notes,
        disputeReason: r.disputeReason,
        disputeOpenedAt: r.disputeOpenedAt?.toISOString() ?? null,
        shippedAt: r.shippedAt?.toISOString() ?? null,
        autoReleaseAt,
        commission: {
          settled,
          includedInFunding: r.commissionIncludedInFunding,
          payer: r.commissionPayer,
          paidCents: { buyer: r.commissionPaidBuyerCents, seller: r.commissionPaidSellerCents },
          deductedCents: r.commissionDeductedCents,
          proposal:
            r.commissionPayerProposal && r.commissionProposedBy
              ? { payer: r.commissionPayerProposal, by: r.commissionProposedBy }
              : null,
        },
        escrowPayment: ep ? toEscrowPaymentView(ep) : null,
        milestones: {
          agreedAt: firstAt(r.id, (e) => e.toStatus === 'agreed'),
          fundedAt: firstAt(r.id, (e) => e.transition === 'escrow-funded'),
          shippedAt: firstAt(r.id, (e) => e.transition === 'ship-goods'),
          releasedAt: firstAt(r.id, (e) => RELEASES.includes(e.transition as DealTransition)),
        },
        escrowHeldCents: heldByDeal.get(r.id) ?? 0,
        role: dealRoleOf(r, viewerId),
        quantity: r.quantity,
        unit: r.unit,
        impact: r.impactRecordedAt
          ? { deliveredTonnes: r.deliveredTonnes, co2eAvoidedKg: r.co2eAvoidedKg }
          : null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async function toView(row: DealRow, viewerId: string | null): Promise<Deal> {
    const [view] = await toViews([row], viewerId);
    return view;
  }

  /** A deal its parties (and administrators) may see; anybody else gets the not-found answer. */
  async function requireVisible(user: SessionUser, dealId: string): Promise<DealRow> {
    const row = await findDeal(db, dealId);
    if (!row) throw notFound();
    if (dealRoleOf(row, user.id) === null && !(await deps.isAdmin(user.id))) throw notFound();
    return row;
  }

  async function requireParty(user: SessionUser, dealId: string): Promise<{ row: DealRow; role: DealParty }> {
    const row = await findDeal(db, dealId);
    const role = row ? dealRoleOf(row, user.id) : null;
    if (!row || !role) throw notFound();
    return { row, role };
  }

  /** GET /api/deals: the user's deals as buyer or seller, newest first. */
  async function listDeals(user: SessionUser): Promise<DealList> {
    return { deals: await toViews(await listDealsOf(db, user.id, LIST_LIMIT), user.id) };
  }

  /** GET /api/deals/:id. */
  async function getDeal(user: SessionUser, dealId: string): Promise<Deal> {
    return toView(await requireVisible(user, dealId), user.id);
  }

  /** GET /api/admin/deals: disputed deals (or all), newest first. */
  async function adminListDeals(status: 'disputed' | 'all'): Promise<DealList> {
    return {
      deals: await toViews(await listDealsByStatus(db, status === 'all' ? null : status, LIST_LIMIT), null),
    };
  }

  // --- creation ---

  /**
   * Creates a deal under the listing's row lock, so concurrent deals count what the others took:
   * `quantity` (absent: all that remains) may not exceed what the listing has left (409
   * LISTING_QUANTITY_UNAVAILABLE). A repeated Buy Now answers with the buyer's open deal instead.
   */
  async function createDealRow(
    user: SessionUser,
    listing: ListingBrief,
    askedQuantity: number | undefined,
    terms: { valueCents: (quantity: number) => number; notes: string | null; buyNow?: boolean },
  ): Promise<{ row: DealRow; created: boolean }> {
    const buyNow = terms.buyNow ?? false;
    // Both are snapshots: changing the settings later never alters a running deal.
    const [rateBps, escrowRequired] = await Promise.all([
      settings.get('fees.commission_rate_bps'),
      settings.get('deals.escrow_required'),
    ]);
    const now = clock.now();
    // The deal, its realtime event and its emails commit together (a transactional outbox).
    const result = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const remaining = await lockListingQuantity(tx, listing.id);
      // A repeated Buy Now (a double click, ten clicks at once): the buyer's open deal answers.
      const open = buyNow ? await findOpenBuyNowDeal(tx, user.id, listing.id) : undefined;
      if (open) return { row: open, created: false };
      const quantity = askedQuantity ?? remaining.remainingQuantity;
      assertQuantityRemains(quantity, remaining);
      const valueCents = terms.valueCents(quantity);
      assertDealValue(valueCents);
      const inserted = await insertDeal(tx, {
        id: randomUUID(),
        listingId: listing.id,
        buyerUserId: user.id,
        sellerUserId: listing.userId,
        dealValueCents: valueCents,
        commissionRateBps: rateBps,
        commissionCents: commissionFor(valueCents, rateBps),
        escrowRequired,
        notes: terms.notes,
        quantity,
        unit: listing.unit,
        buyNow,
        status: 'initiated',
        lastOfferBy: 'buyer',
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new AppError('CONFLICT', DEAL_MESSAGES.updateFailed);
      if (dealHoldsQuantity(inserted)) await listingQuantity.syncSoldStatus(tx, listing.id);
      await announceCreated(tx, inserted, listing);
      return { row: inserted, created: true };
    });
    if (result.created) await postDealMessage(result.row, listing);
    return result;
  }

  /** The listing's row locked for the transaction, and what it has left. */
  async function lockListingQuantity(tx: Db, listingId: string) {
    const remaining = await listingQuantity.lockRemainingQuantity(tx, listingId);
    if (!remaining) throw new AppError('NOT_FOUND', DEAL_MESSAGES.listingMissing);
    return remaining;
  }

  /** A deal may take only what its listing has left: more is a 409 saying what remains. */
  function assertQuantityRemains(
    quantity: number,
    remaining: { remainingQuantity: number; unit: ListingUnit },
  ): void {
    if (remaining.remainingQuantity > 0 && quantity <= remaining.remainingQuantity) return;
    throw new AppError(
      'LISTING_QUANTITY_UNAVAILABLE',
      quantityUnavailableMessage(remaining.remainingQuantity, remaining.unit),
      { remainingQuantity: remaining.remainingQuantity },
      { expose: true },
    );
  }

  /** An offer being agreed takes its quantity: refused when the listing no longer has it. */
  async function takeListingQuantity(tx: Db, listingId: string, quantity: number): Promise<void> {
    assertQuantityRemains(quantity, await lockListingQuantity(tx, listingId));
  }

  /** Both parties hear of a new deal; a failed email or message never stops the deal. */
  async function announceCreated(tx: Db, row: DealRow, listing: ListingBrief): Promise<void> {
    const users = await findUserBriefs(tx, [row.buyerUserId, row.sellerUserId]);
    const buyer = users.find((u) => u.id === row.buyerUserId);
    const seller = users.find((u) => u.id === row.sellerUserId);
    const value = formatCents(row.dealValueCents);
    await realtime.publishToUsers(
      [row.buyerUserId, row.sellerUserId],
      {
        type: 'deal.created',
        dealId: row.id,
        listingTitle: listing.title,
        dealValueCents: row.dealValueCents,
        buyerUserId: row.buyerUserId,
        sellerUserId: row.sellerUserId,
      },
      { tx },
    );
    for (const [to, heading] of [
      [buyer, `You proposed a deal for ${listing.title}`],
      [seller, `New deal proposed for ${listing.title}`],
    ] as const) {
      if (!to) continue;
      await notifications.queueEmail(
        {
          to: to.email,
          kind: 'deal-created',
          meta: { dealId: row.id },
          render: (brand) =>
            dealEmail(brand, {
              subject: `New deal: ${listing.title} (${value})`,
              heading,
              lines: [
                `Deal value: ${value} (${dealKindOf(row)})`,
                `Buyer: ${buyer?.name ?? ''}`,
                `Seller: ${seller?.name ?? ''}`,
                'Both parties need to confirm to proceed with escrow.',
              ],
              url: dealsUrl,
            }),
        },
        { tx },
      );
    }
  }

  /** The deal's message in the buyer–seller thread, after the commit (a failure never stops the deal). */
  async function postDealMessage(row: DealRow, listing: ListingBrief): Promise<void> {
    if (!deps.messaging) return;
    await deps.messaging
      .openConversation({
        starterId: row.buyerUserId,
        recipientId: row.sellerUserId,
        subject: `Deal: ${listing.title}`,
        listingId: listing.id,
        firstMessage: {
          content: `New ${dealKindOf(row)} for ${listing.title}: ${formatCents(row.dealValueCents)}.`,
          messageType: 'deal',
          metadata: { dealId: row.id, dealValueCents: row.dealValueCents },
        },
      })
      .catch((err) => logError('deal message failed', err));
  }

  async function listingForDeal(
    listingId: string,
    ownMessage: string,
    user: SessionUser,
  ): Promise<ListingBrief> {
    const listing = await findListingBrief(db, listingId);
    if (!listing) throw new AppError('NOT_FOUND', DEAL_MESSAGES.listingMissing);
    if (listing.userId === user.id) throw new AppError('FORBIDDEN', ownMessage);
    return listing;
  }

  /** The quantity asked for a deal, at most the listing's (what deals left is checked under the lock). */
  function assertQuantityWithinListing(listing: ListingBrief, asked: number | undefined): void {
    if (asked === undefined) return;
    if (!(asked > 0)) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.quantityAboveZero);
    if (asked > Number(listing.quantity))
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.quantityAboveListing);
  }

  /** POST /api/deals: Make Offer (for the quantity asked, else all the listing has left). */
  async function createDeal(
    user: SessionUser,
    body: { listingId: string; dealValue: number; notes?: string; quantity?: number },
  ): Promise<Deal> {
    const listing = await listingForDeal(body.listingId, DEAL_MESSAGES.cannotDealOwn, user);
    assertQuantityWithinListing(listing, body.quantity);
    const valueCents = Math.round(body.dealValue * 100);
    assertDealValue(valueCents);
    const { row } = await createDealRow(user, listing, body.quantity, {
      valueCents: () => valueCents,
      notes: body.notes || null,
    });
    return toView(row, user.id);
  }

  /**
   * POST /api/deals/buy-now: a deal at the listed price for the quantity asked (else all that is
   * left), its notes marking it Buy Now; it holds the quantity at once. One open Buy Now deal per
   * buyer and listing: a repeat answers with it (`created: false`).
   */
  async function buyNow(user: SessionUser, body: BuyNowBody): Promise<{ deal: Deal; created: boolean }> {
    const listing = await listingForDeal(body.listingId, DEAL_MESSAGES.cannotBuyOwn, user);
    if (listing.type !== 'sell') throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.buyNowSellOnly);
    assertQuantityWithinListing(listing, body.quantity);
    const { row, created } = await createDealRow(user, listing, body.quantity, {
      valueCents: (quantity) => Math.round(listing.priceCents * quantity),
      notes: `${BUY_NOW_NOTE} purchase: ${listing.title}`,
      buyNow: true,
    });
    return { deal: await toView(row, user.id), created };
  }

  // --- party and admin actions ---

  /** POST /api/deals/:id/actions: one party action through the machine. */
  async function act(user: SessionUser, dealId: string, body: DealActionBody): Promise<Deal> {
    const { role } = await requireParty(user, dealId);
    const payload: DealTransitionPayload = {};
    if (body.action === 'counter-offer') {
      payload.valueCents = Math.round(Number(body.dealValue) * 100);
      assertDealValue(payload.valueCents);
    }
    if (body.action === 'open-dispute') {
      payload.reason = body.reason.trim();
      if (!payload.reason) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.disputeReasonRequired);
    }
    const row = await applyDealTransition(dealId, body.action, { role, userId: user.id }, payload);
    return toView(row, user.id);
  }

  /** POST /api/admin/deals/:id/actions: an administrator resolves a dispute (or refunds a cancelled deal). */
  async function adminAct(
    admin: SessionUser,
    dealId: string,
    action: 'release-escrow' | 'refund-escrow',
  ): Promise<Deal> {
    const row = await applyDealTransition(
      dealId,
      action,
      { role: 'admin', userId: admin.id },
      {},
      { actor: admin, action: `deal.${action}`, targetType: 'deal', targetId: dealId },
    );
    return toView(row, null);
  }

  // --- funding ---

  /** POST /api/deals/:id/fund: the buyer pays into escrow by the chosen route. */
  async function fundEscrow(
    user: SessionUser,
    dealId: string,
    body: { method: string; includeCommission?: boolean },
  ): Promise<FundEscrowResult> {
    const { row, role } = await requireParty(user, dealId);
    const state = machineStateOfRow(row);
    if (!canApplyDealTransition(state, 'fund-escrow', role))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
    const method = await deps.getPaymentMethod(body.method);
    const includeCommission = body.includeCommission ?? true;
    const breakdown = fundingBreakdown({
      dealValueCents: row.dealValueCents,
      commissionCents: row.commissionCents,
      includeCommission,
      methodFeeBps: method ? percentToBps(method.processingFeePercentage) : 0,
    });
    if (!method || paymentMethodsForTotal([method], breakdown.totalCents).length === 0)
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
    const listing = await findListingBrief(db, row.listingId);
    const title = listing?.title ?? 'Deal';
    const base = {
      dealId,
      method: method.type,
      amountCents: breakdown.totalCents,
      dealValueCents: breakdown.dealValueCents,
      commissionCents: breakdown.commissionCents,
      feeCents: breakdown.feeCents,
    };

    if (method.type === 'card' || method.type === 'klarna') {
      const { payment, url } = await payments.startCheckout({
        user,
        purpose: 'escrow_funding',
        targetType: 'deal',
        targetId: dealId,
        amountCents: breakdown.totalCents,
        description: `Escrow for ${title}`,
        metadata: { method: method.type, includeCommission: String(includeCommission) },
        successPath: '/dashboard?escrow=success',
        cancelPath: '/dashboard?escrow=cancelled',
      });
      await startFunding(user, dealId, { ...base, paymentId: payment.id, reference: payment.id });
      return { kind: 'checkout', url, breakdown };
    }

    if (method.type === 'escrow_wire') {
      const companies = await findCompaniesOf(db, [row.sellerUserId]);
      const sellerEmail = companies.find((c) => c.contactEmail)?.contactEmail;
      if (!sellerEmail) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.sellerEmailMissing);
      if (sellerEmail.trim().toLowerCase() === user.email.trim().toLowerCase())
        throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.sameEmails);
      const transaction = await callEscrowProvider(escrowProvider, DEAL_MESSAGES.escrowServiceError, () =>
        escrowProvider.createTransaction({
          dealId,
          dealValueCents: breakdown.dealValueCents,
          commissionCents: breakdown.commissionCents,
          totalCents: breakdown.totalCents,
          buyerEmail: user.email,
          sellerEmail,
          itemDescription: title,
          currency: 'USD',
        }),
      );
      if (!transaction?.transactionId)
        throw escrowProviderFailure(
          escrowProvider,
          DEAL_MESSAGES.noTransactionId,
          DEAL_MESSAGES.noTransactionId,
        );
      const { buyer, seller } = await partiesOf(row);
      await startFunding(
        user,
        dealId,
        {
          ...base,
          providerTransactionId: transaction.transactionId,
          reference: transaction.transactionId,
          escrowUrl: transaction.escrowUrl,
        },
        async (tx) => {
          for (const to of [buyer?.email, sellerEmail]) {
            if (!to) continue;
            await notifications.queueEmail(
              {
                to,
                kind: 'deal-escrow-created',
                meta: { dealId, transactionId: transaction.transactionId },
                render: (brand) =>
                  dealEmail(brand, {
                    subject: `Escrow transaction created: ${title}`,
                    heading: DEAL_MESSAGES.escrowCreatedTitle,
                    lines: [
                      `Deal value: ${formatCents(breakdown.dealValueCents)}`,
                      `Total amount: ${formatCents(breakdown.totalCents)}`,
                      `Transaction: ${transaction.transactionId}`,
                      `Escrow page: ${transaction.escrowUrl}`,
                      `Buyer: ${buyer?.email ?? ''} · Seller: ${seller?.name ?? ''}`,
                    ],
                    url: dealsUrl,
                  }),
              },
              { tx },
            );
          }
        },
      );
      return {
        kind: 'escrow_transaction',
        transactionId: transaction.transactionId,
        paymentInstructions: {
          instructions: transaction.instructions,
          escrowUrl: transaction.escrowUrl,
          dealValue: dollars(breakdown.dealValueCents),
          commission: dollars(breakdown.commissionCents),
          amount: dollars(breakdown.totalCents),
        },
        breakdown,
      };
    }

    if (method.type === 'wire') {
      const wire = await wireTransfers.createForDeal({
        user: { id: user.id, email: user.email, name: user.name },
        dealId,
        amountCents: breakdown.totalCents,
        commissionCents: breakdown.commissionCents,
        breakdown,
        listingTitle: title,
      });
      await startFunding(user, dealId, { ...base, wireTransferId: wire.id, reference: wire.referenceNumber });
      return {
        kind: 'wire',
        referenceNumber: wire.referenceNumber,
        amountCents: wire.amountCents,
        currency: wire.currency,
        bankDetails: wire.bankDetails as BankDetails,
        breakdown,
      };
    }
    throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.methodNotAvailable);
  }

  /** 'fund-escrow' with the attempt recorded; an earlier open attempt is superseded. */
  async function startFunding(
    user: SessionUser,
    dealId: string,
    attempt: Omit<Parameters<typeof insertEscrowPayment>[1], 'id'>,
    /** Emails of this route, queued in the same transaction. */
    announceFunding?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const applied = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = await applyInTx(tx, dealId, 'fund-escrow', { role: 'buyer', userId: user.id }, {});
      const now = clock.now();
      await cancelPendingEscrowPayments(tx, dealId, now);
      await insertEscrowPayment(tx, { id: randomUUID(), ...attempt, createdAt: now, updatedAt: now });
      if (attempt.providerTransactionId)
        await updateDeal(tx, dealId, { escrowTransactionId: attempt.providerTransactionId });
      await announceTransition(tx, result, 'fund-escrow');
      await announceFunding?.(tx);
      return result;
    });
    await afterCommit(applied);
  }

  /** The escrow_funding purpose handler: runs once, inside the payment's booking transaction. */
  async function onCheckoutPaid(payment: PaymentRow, tx: Db): Promise<void> {
    const dealId = payment.targetId;
    // One payment serves every card or Klarna attempt of a deal; the attempt it paid is the one for
    // the amount it booked (a method switch changes the amount), the live one first.
    const attempts = (await findEscrowPaymentsOfPayment(tx, payment.id)).filter(
      (a) => a.amountCents === payment.amountCents,
    );
    const ep = attempts.find((a) => a.status === 'pending') ?? attempts[0];
    // A superseded attempt still funds the deal if nothing else did meanwhile.
    const applied =
      ep && (ep.status === 'pending' || ep.status === 'cancelled')
        ? await fireInTx(
            tx,
            dealId,
            'escrow-funded',
            { role: 'system', userId: null },
            {
              escrowPaymentId: ep.id,
              source: 'checkout',
            },
          )
        : null;
    if (applied) return;
    // The escrow was funded another way meanwhile: this charge goes back in full (the escrow job
    // issues the provider refund after this commit).
    const now = clock.now();
    if (ep) {
      await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: null, updatedAt: now });
      await setStrayChargeAside(payment, tx);
      return;
    }
    // Not a deal of ours: the payment stays booked where the payments module put it.
    if (!(await findDeal(tx, dealId))) return;
    await setStrayChargeAside(payment, tx);
    await insertEscrowPayment(tx, {
      id: randomUUID(),
      dealId,
      method: payment.metadata.method ?? 'card',
      status: 'refunded',
      amountCents: payment.amountCents,
      dealValueCents: 0,
      paymentId: payment.id,
      reference: payment.id,
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * A charge the deal no longer needs must not sit in its escrow until the refund (a release would
   * pay it to the seller): it is owed to the buyer from the moment it is booked.
   */
  async function setStrayChargeAside(payment: PaymentRow, tx: Db): Promise<void> {
    await ledger.postTransaction(
      {
        kind: 'escrow_refund',
        description: `Charge ${payment.id} for deal ${payment.targetId} set aside for the buyer: the escrow was already settled`,
        reference: { type: 'deal', id: payment.targetId },
        idempotencyKey: dealLedgerKeys.strayChargeSetAside(payment.id),
        lines: move(
          DEAL_ACCOUNTS.escrowHeld(payment.targetId),
          DEAL_ACCOUNTS.payableBuyer(payment.userId),
          payment.amountCents,
        ),
      },
      tx,
    );
  }

  /**
   * The payments module books a card refund out of the deal's escrow. For a charge set aside for the
   * buyer, the same transaction takes it from what the buyer is owed instead, so the escrow is untouched.
   */
  async function onCheckoutRefunded(payment: PaymentRow, refundedCents: number, tx: Db): Promise<void> {
    const keys = await findPostedKeys(tx, [dealLedgerKeys.strayChargeSetAside(payment.id)]);
    if (!keys.has(dealLedgerKeys.strayChargeSetAside(payment.id))) return;
    await ledger.postTransaction(
      {
        kind: 'escrow_refund',
        description: `Refund of charge ${payment.id} paid from what the buyer was owed`,
        reference: { type: 'deal', id: payment.targetId },
        idempotencyKey: `${dealLedgerKeys.strayChargeSetAside(payment.id)}:refunded:${payment.refundedCents}`,
        lines: move(
          DEAL_ACCOUNTS.payableBuyer(payment.userId),
          DEAL_ACCOUNTS.escrowHeld(payment.targetId),
          refundedCents,
        ),
      },
      tx,
    );
  }

  /** The commission purpose handler: the paid share counts toward the deal's commission. */
  async function onCommissionPaid(payment: PaymentRow, tx: Db): Promise<void> {
    const deal = await findDealForUpdate(tx, payment.targetId);
    if (!deal) return;
    const party = dealRoleOf(deal, payment.userId);
    if (!party) return;
    const paidBuyer = deal.commissionPaidBuyerCents + (party === 'buyer' ? payment.amountCents : 0);
    const paidSeller = deal.commissionPaidSellerCents + (party === 'seller' ? payment.amountCents : 0);
    const now = clock.now();
    await updateDeal(tx, deal.id, {
      commissionPaidBuyerCents: paidBuyer,
      commissionPaidSellerCents: paidSeller,
      commissionSettledAt: paidBuyer + paidSeller >= deal.commissionCents ? now : deal.commissionSettledAt,
      updatedAt: now,
    });
  }

  /**
   * The escrow provider says a transaction changed (its page, webhook or the sync job): re-read it
   * from the provider and record what it says. Never trusts the caller about the state.
   */
  async function syncProviderTransaction(transactionId: string): Promise<void> {
    const found = await findEscrowPaymentBy(db, { providerTransactionId: transactionId });
    if (!found || !['pending', 'cancelled'].includes(found.status)) return;
    const transaction = await escrowProvider.getTransaction(transactionId);
    if (!transaction) return;
    const funded = transaction.status === 'funded';
    if (!funded && transaction.status !== 'cancelled' && transaction.status !== 'refunded') return;
    let stray = false;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The deal's lock orders concurrent notifications (webhook retry, sync job): the second one
      // sees the attempt already recorded and does nothing.
      await findDealForUpdate(tx, found.dealId);
      const ep = await findEscrowPaymentBy(tx, { providerTransactionId: transactionId });
      if (!ep) return;
      const payload = { escrowPaymentId: ep.id, source: 'escrow_provider' as const };
      const now = clock.now();
      if (funded) {
        if (ep.status !== 'pending' && ep.status !== 'cancelled') return;
        const applied = await fireInTx(
          tx,
          ep.dealId,
          'escrow-funded',
          { role: 'system', userId: null },
          payload,
        );
        if (applied) return;
        // The deal was funded another way or is over: the money goes straight back to the buyer.
        stray = true;
        await updateEscrowPayment(tx, ep.id, { status: 'refunded', settledAt: now, updatedAt: now });
        return;
      }
      if (ep.status !== 'pending') return;
      await fireInTx(tx, ep.dealId, 'funding-failed', { role: 'system', userId: null }, payload);
      await updateEscrowPayment(tx, ep.id, { status: 'cancelled', updatedAt: now });
    });
    if (stray)
      await escrowProvider.refundFunds(transactionId).catch((err) => logError('escrow refund failed', err));
    await whenIdle();
  }

  // --- commission after completion ---

  /**
   * POST /api/deals/:id/commission: the caller's payer choice, then a checkout for their share. The
   * buyer pays by default; a choice shifting commission onto the other party waits for their consent.
   */
  async function payCommission(
    user: SessionUser,
    dealId: string,
    body: { payer?: CommissionPayer },
  ): Promise<PayCommissionResult> {
    const { row, role } = await requireParty(user, dealId);
    if (!commissionCollectable(machineStateOfRow(row)))
      throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.updateFailed);
    const [view] = await toViews([row], user.id);
    if (view.commission.settled) throw new AppError('CONFLICT', DEAL_MESSAGES.commissionSettled);
    const decided = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const locked = await findDealForUpdate(tx, dealId);
      if (!locked) throw notFound();
      const agreed = locked.commissionPayer ?? 'buyer';
      const wanted = body.payer ?? agreed;
      const now = clock.now();
      const proposal = commissionChoiceIsProposal(
        {
          amountCents: locked.commissionCents,
          agreed: locked.commissionPayer,
          paidCents: { buyer: locked.commissionPaidBuyerCents, seller: locked.commissionPaidSellerCents },
        },
        role,
        wanted,
      );
      if (!proposal) {
        // Taking more on yourself, or accepting the other party's proposal, applies at once; keeping
        // the agreed payer withdraws a proposal of one's own.
        const changes = wanted !== agreed || locked.commissionProposedBy === role;
        const row = changes
          ? ((await updateDeal(tx, dealId, {
              commissionPayer: wanted === agreed ? locked.commissionPayer : wanted,
              commissionPayerProposal: null,
              commissionProposedBy: null,
              updatedAt: now,
            })) ?? locked)
          : locked;
        return { row, proposed: false };
      }
      const row =
        (await updateDeal(tx, dealId, {
          commissionPayerProposal: wanted,
          commissionProposedBy: role,
          updatedAt: now,
        })) ?? locked;
      return { row, proposed: true };
    });
    if (decided.proposed) return { url: null, shareCents: 0, proposed: true };
    const chosen = decided.row;
    const payer = chosen.commissionPayer ?? 'buyer';
    const paid = role === 'buyer' ? chosen.commissionPaidBuyerCents : chosen.commissionPaidSellerCents;
    const shareCents = Math.max(0, commissionShare(chosen.commissionCents, payer, role) - paid);
    if (shareCents === 0) return { url: null, shareCents: 0, proposed: false };
    const listing = await findListingBrief(db, row.listingId);
    try {
      const { url } = await payments.startCheckout({
        user,
        purpose: 'commission',
        targetType: 'deal',
        targetId: dealId,
        amountCents: shareCents,
        description: `Commission for ${listing?.title ?? 'deal'}`,
        metadata: { payer },
        successPath: '/deals?commission=success',
        cancelPath: '/deals?commission=cancelled',
      });
      return { url, shareCents, proposed: false };
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT')
        throw new AppError('CONFLICT', DEAL_MESSAGES.commissionSettled);
      throw err;
    }
  }

  // --- timed work ---

  /** Releases escrow of deals shipped 7 days ago with no dispute open (every 15 minutes). */
  async function runAutoRelease(): Promise<{ released: number }> {
    const cutoff = new Date(clock.now().getTime() - DEAL_CONSTANTS.autoReleaseDays * 86_400_000);
    let released = 0;
    for (const deal of await listAutoReleasable(db, cutoff, JOB_BATCH)) {
      try {
        await applyDealTransition(deal.id, 'auto-release', { role: 'system', userId: null });
        released += 1;
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'DEAL_TRANSITION_NOT_ALLOWED'))
          logError('auto-release failed', err);
      }
    }
    return { released };
  }

  /**
   * Polls the escrow provider for pending escrow-wire fundings (every 5 minutes) and retries card
   * refunds whose provider call failed earlier.
   */
  async function runEscrowSync(): Promise<{ checked: number; refunded: number }> {
    const pending = await listPendingProviderPayments(db, JOB_BATCH);
    for (const ep of pending) {
      if (!ep.providerTransactionId) continue;
      await syncProviderTransaction(ep.providerTransactionId).catch((err) =>
        logError('escrow sync failed', err),
      );
    }
    let refunded = 0;
    for (const ep of await listUnsettledRefunds(db, JOB_BATCH)) {
      try {
        await refundEscrowPayment(ep);
        refunded += 1;
      } catch (err) {
        logError('escrow refund retry failed', err);
      }
    }
    return { checked: pending.length, refunded };
  }

  /**
   * GET /api/deals/payouts: the seller's statement for a period (UTC days, inclusive), built from the
   * ledger: each released deal's value, the fees and commission taken from it, and what was paid out.
   */
  async function payoutStatement(
    user: SessionUser,
    query: { from: string; to: string },
  ): Promise<PayoutStatement> {
    const from = new Date(`${query.from}T00:00:00.000Z`);
    const toExclusive = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000);
    const rows = await listSellerPayouts(db, DEAL_ACCOUNTS.payableSeller(user.id), from, toExclusive);
    const buyers = await findCompaniesOf(db, [...new Set(rows.map((r) => r.buyerUserId))]);
    const buyerUsers = await findUserBriefs(db, [...new Set(rows.map((r) => r.buyerUserId))]);
    const lines = rows.map((r) => {
      const commissionCents = r.commissionDeductedCents;
      return {
        dealId: r.dealId,
        listingTitle: r.listingTitle ?? 'Listing removed',
        buyer:
          buyers.find((c) => c.userId === r.buyerUserId)?.companyName ??
          buyerUsers.find((u) => u.id === r.buyerUserId)?.name ??
          'Buyer',
        releasedAt: r.releasedAt.toISOString(),
        dealValueCents: r.dealValueCents,
        // Whatever the ledger did not pay out of the deal's value, besides the commission, was a fee.
        feesCents: Math.max(0, r.dealValueCents - commissionCents - r.paidOutCents),
        commissionCents,
        paidOutCents: r.paidOutCents,
      };
    });
    const sum = (key: 'dealValueCents' | 'feesCents' | 'commissionCents' | 'paidOutCents') =>
      lines.reduce((n, l) => n + l[key], 0);
    return {
      from: query.from,
      to: query.to,
      lines,
      totals: {
        dealValueCents: sum('dealValueCents'),
        feesCents: sum('feesCents'),
        commissionCents: sum('commissionCents'),
        paidOutCents: sum('paidOutCents'),
      },
    };
  }

  /** Deals in dispute, waiting for an administrator (the admin dashboard count). */
  async function countOpenDisputes(): Promise<number> {
    return countDealsByStatus(db, 'disputed');
  }

  return {
    applyDealTransition,
    listDeals,
    getDeal,
    adminListDeals,
    countOpenDisputes,
    findEscrowMismatches,
    payoutStatement,
    createDeal,
    buyNow,
    act,
    adminAct,
    fundEscrow,
    payCommission,
    syncProviderTransaction,
    runAutoRelease,
    runEscrowSync,
    runEscrowClaimReconcile,
    whenIdle,
  };
}

/**
 * Runs an escrow provider call. A failure is 502 with the spec's message (`message` when the service
 * answered with an error, "No response…" when it did not answer, "No transaction ID…" when it answered
 * without one) and, for the web's "{host} Error" toast, the provider's host and what the error means.
 */
async function callEscrowProvider<T>(
  provider: EscrowProvider,
  message: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (!(err instanceof EscrowProviderError))
      throw escrowProviderFailure(provider, message, err instanceof Error ? err.message : String(err));
    if (err.message === DEAL_MESSAGES.noTransactionId)
      throw escrowProviderFailure(provider, DEAL_MESSAGES.noTransactionId, err.message);
    // No answer at all: the socket error means nothing to the user, the spec's message does.
    if (err.status === null)
      throw escrowProviderFailure(provider, DEAL_MESSAGES.noEscrowResponse, DEAL_MESSAGES.noEscrowResponse);
    throw escrowProviderFailure(provider, message, err.message);
  }
}

function escrowProviderFailure(provider: EscrowProvider, message: string, errorText: string): AppError {
  const details: EscrowErrorDetails = { host: provider.host, meaning: escrowErrorMeaning(errorText) };
  return new AppError('PAYMENT_PROVIDER_ERROR', message, details, { expose: true });
}

export type { EscrowPayment };

function toEscrowPaymentView(p: EscrowPaymentRow): EscrowPayment {
  return {
    id: p.id,
    method: p.method,
    status: p.status,
    amountCents: p.amountCents,
    dealValueCents: p.dealValueCents,
    commissionCents: p.commissionCents,
    feeCents: p.feeCents,
    reference: p.reference,
    escrowUrl: p.escrowUrl,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * What a held escrow must contain, from its funding attempt alone: a release pays the funding less
 * the method fee and the commission taken out of it (a plain wire: less its processing fee, fixed on
 * the wire); a refund returns the whole funding (a plain wire: less that fee, which stays earned).
 */
function targetsOf(
  ep: EscrowPaymentRow,
  wireFeeCents: number,
): { releaseCents: number; refundCents: number } {
  if (ep.method === 'wire' && ep.wireTransferId) {
    const feeCents = Math.min(wireFeeCents, ep.amountCents);
    return {
      releaseCents: ep.amountCents - feeCents - ep.commissionCents,
      refundCents: ep.amountCents - feeCents,
    };
  }
  return { releaseCents: ep.amountCents - ep.feeCents - ep.commissionCents, refundCents: ep.amountCents };
}
