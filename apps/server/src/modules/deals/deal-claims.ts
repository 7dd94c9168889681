import { randomUUID } from 'node:crypto';
import {
  availableClaimTransitions,
  type ClaimActor,
  type ClaimEvent,
  type ClaimMachineState,
  claimSettlementPayouts,
  newClaimState,
  PARTY_CLAIM_ACTIONS,
  transitionClaim,
} from '@app/shared/deals/claim-machine';
import {
  ADMIN_CLAIMS_PAGE_SIZE,
  type AdminClaimList,
  type AdminClaimsQuery,
  type AnswerClaimBody,
  CLAIM_MESSAGES,
  CLAIM_REASON_LABELS,
  type ClaimDetail,
  type ClaimList,
  type DecideClaimBody,
  type OpenClaimBody,
  type RespondClaimBody,
} from '@app/shared/deals/deal-claims.schemas';
import { dealRoleOf } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { formatCents } from '@app/shared/money/money';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS, dealEmail, dealLedgerKeys } from '../escrow/index.ts';
import type { DealAnnouncements } from './deal-announcements.ts';
import { claimDealFacts, claimWindowsOf } from './deal-claim-windows.ts';
import {
  type ClaimRow,
  countAllClaims,
  countClaimsAwaitingDecision,
  findClaim,
  insertClaim,
  insertClaimStep,
  listAllClaims,
  listClaimSteps,
  listClaimsAwaitingDecision,
  listClaimsOfDeal,
  listUnansweredPastDue,
  updateClaimIfStatus,
} from './deal-claims.repository.ts';
import { type DealActorRef, type DealContext, JOB_BATCH, notFound } from './deal-context.ts';
import type { DealTransitions } from './deal-transitions.ts';
import type { DealViews } from './deal-views.ts';
import {
  type DealRow,
  findCompaniesOf,
  findDeal,
  findDealForUpdate,
  findDealsByIds,
  findListingBriefs,
  findUserBriefs,
  updateDeal,
} from './deals.repository.ts';

/** What a claim step carries besides the machine's event: who wrote what, with which files. */
type StepExtras = { note?: string; evidence?: readonly string[]; audit?: AuditEntry };

/** What one committed claim step did, for the work after the commit. */
type StepOutcome = { claim: ClaimRow; deal: DealRow; settled: boolean; completed: boolean };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The claim machine's view of a stored claim (`heldNow`: what the deal's escrow holds now). */
function machineStateOf(claim: ClaimRow, deal: DealRow, heldNow: number): ClaimMachineState {
  return {
    status: claim.status,
    deal: claimDealFacts(deal, heldNow),
    reason: claim.reason,
    affectedQuantity: claim.affectedQuantity,
    heldCents: claim.heldCents,
    claimedCents: claim.claimedCents,
    offeredCents: claim.offeredCents,
    openedAt: claim.openedAt,
    answerDueAt: claim.answerDueAt,
    answeredAt: claim.answeredAt,
    escalatedAt: claim.escalatedAt,
    closedAt: claim.closedAt,
    split:
      claim.buyerRefundCents !== null && claim.sellerPayoutCents !== null
        ? { buyerRefundCents: claim.buyerRefundCents, sellerPayoutCents: claim.sellerPayoutCents }
        : null,
  };
}

/**
 * Claims on shipped deals: the buyer opens one with evidence, the seller accepts, offers part or
 * rejects, the buyer takes the offer, escalates or withdraws, an administrator decides. Every step runs
 * through the shared claim machine under the deal's row lock; a settlement fires the deal machine's
 * `settle-claim` in the same transaction (one balanced ledger transaction), and card or Klarna money
 * for the buyer goes back through the payment provider after the commit.
 */
export function createDealClaims(
  ctx: DealContext,
  parts: {
    transitions: DealTransitions;
    announcements: DealAnnouncements;
    views: Pick<DealViews, 'requireParty'>;
  },
) {
  const { db, clock, ledger, escrow, settings, logError } = ctx;
  const { transitions, announcements, views } = parts;

  const heldOf = async (dealId: string, tx: Db) => (await escrow.heldOfDeals([dealId], tx)).get(dealId) ?? 0;

  /**
   * One claim step in one transaction: the deal row locked, the machine's verdict with the server's
   * clock and windows, the claim's conditional write, its timeline row, the evidence attached, and a
   * settlement's money. Refusals are 409 (status, actor, window) or 400 (what the step carries).
   */
  async function step(
    dealId: string,
    claimId: string | null,
    event: ClaimEvent,
    actor: DealActorRef,
    extras: StepExtras = {},
  ): Promise<StepOutcome> {
    // Read before the transaction: a settings read goes to `db`, which inside it would wait for
    // PGlite's one connection (held by the transaction) whenever the settings cache has expired.
    const windows = await claimWindowsOf(settings);
    const outcome = await inTransaction(db, async (tx) => {
      const deal = await findDealForUpdate(tx, dealId);
      if (!deal) throw notFound();
      if (deal.escrowProviderClaim)
        throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', DEAL_MESSAGES.escrowProviderBusy);
      const claim = claimId ? await findClaim(tx, claimId) : undefined;
      if (claimId && claim?.dealId !== dealId) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.claimNotFound);
      // One open claim per deal: a second waits for the row lock above and is refused here.
      if (!claim && deal.openClaimId)
        throw new AppError('CLAIM_TRANSITION_NOT_ALLOWED', CLAIM_MESSAGES.claimAlreadyOpen);
      if (!claim && !deal.escrowSplittable)
        throw new AppError('DEAL_TRANSITION_NOT_ALLOWED', CLAIM_MESSAGES.notSplittable);
      const held = await heldOf(dealId, tx);
      const state = claim ? machineStateOf(claim, deal, held) : newClaimState(claimDealFacts(deal, held));
      const now = clock.now();
      const result = transitionClaim(state, event, actor.role as ClaimActor, now, windows);
      if (!result.ok) throw new AppError(result.code, result.message);
      const next = result.state;
      const row = claim
        ? await updateClaimIfStatus(tx, claim.id, claim.status, {
            status: next.status as ClaimRow['status'],
            offeredCents: next.offeredCents,
            answeredAt: next.answeredAt ? new Date(next.answeredAt) : null,
            escalatedAt: next.escalatedAt ? new Date(next.escalatedAt) : null,
            closedAt: next.closedAt ? new Date(next.closedAt) : null,
            buyerRefundCents: next.split?.buyerRefundCents ?? null,
            sellerPayoutCents: next.split?.sellerPayoutCents ?? null,
            ...(actor.role === 'seller' && extras.note ? { sellerNote: extras.note } : {}),
            ...(event.type === 'decide'
              ? { decidedByAdminEmail: extras.audit?.actor.email ?? null, decisionNote: extras.note ?? null }
              : {}),
            updatedAt: now,
          })
        : await insertClaim(tx, {
            id: randomUUID(),
            dealId,
            status: 'awaiting_seller',
            reason: next.reason ?? 'other',
            affectedQuantity: next.affectedQuantity ?? 0,
            heldCents: next.heldCents,
            claimedCents: next.claimedCents ?? 0,
            buyerNote: extras.note || null,
            openedByUserId: actor.userId,
            openedAt: now,
            answerDueAt: new Date(next.answerDueAt ?? now),
            createdAt: now,
            updatedAt: now,
          });
      if (!row) throw new AppError('CONFLICT', CLAIM_MESSAGES.changedMeanwhile);
      const evidence = extras.evidence ?? [];
      if (evidence.length > 0) {
        if (!actor.userId) throw new Error('Evidence needs an uploader');
        await ctx.privateFiles?.attach(tx, {
          userId: actor.userId,
          purpose: 'claim-evidence',
          ids: evidence,
          attachedTo: row.id,
        });
      }
      await insertClaimStep(tx, {
        id: randomUUID(),
        claimId: row.id,
        transition: event.type,
        actorRole: actor.role,
        actorUserId: actor.userId,
        fromStatus: state.status,
        toStatus: row.status,
        amountCents: amountOfStep(event, next),
        note: extras.note || null,
        evidenceFileIds: [...new Set(evidence)],
        createdAt: now,
      });
      let after = deal;
      let completed = false;
      if (event.type === 'open')
        after = (await updateDeal(tx, dealId, { openClaimId: row.id, updatedAt: now })) ?? deal;
      if (row.status === 'withdrawn')
        after = (await updateDeal(tx, dealId, { openClaimId: null, updatedAt: now })) ?? deal;
      if (row.status === 'settled' && next.split) {
        const applied = await transitions.applyInTx(
          tx,
          dealId,
          'settle-claim',
          { role: 'system', userId: null },
          { claimSettlement: { claimId: row.id, ...next.split } },
        );
        after = applied.after;
        completed = applied.completed === true;
      }
      if (extras.audit) await ctx.audit(extras.audit, tx);
      // Every claim step is news for both deal cards (a settlement's money moved with it).
      await announcements.publishUpdated(tx, after);
      await announceClaimStep(tx, after, row, event.type);
      return { claim: row, deal: after, settled: row.status === 'settled', completed };
    });
    if (outcome.settled) {
      // The buyer's card or Klarna part goes back now; the escrow job retries a failed call.
      await escrow
        .refundCardFunding(dealId)
        .catch((err) => logError('claim refund at the provider failed', err));
      await transitions.afterCommit({
        before: outcome.deal,
        after: outcome.deal,
        completed: outcome.completed,
      });
      ctx.onClaimSettled?.(dealId);
    }
    return outcome;
  }

  /** The parties' emails of a claim step, written in its transaction (the outbox). */
  async function announceClaimStep(tx: Db, deal: DealRow, claim: ClaimRow, transition: ClaimEvent['type']) {
    const { listing, buyer, seller } = await announcements.partiesOf(deal, tx);
    const title = listing?.title ?? 'your deal';
    const reason = CLAIM_REASON_LABELS[claim.reason];
    const settledLine =
      claim.buyerRefundCents !== null && claim.sellerPayoutCents !== null
        ? `Settled: ${formatCents(claim.buyerRefundCents)} back to the buyer, ${formatCents(claim.sellerPayoutCents)} to the seller.`
        : '';
    const copy: Record<
      ClaimEvent['type'],
      { to: Array<'buyer' | 'seller'>; subject: string; lines: string[] }
    > = {
      open: {
        to: ['seller', 'buyer'],
        subject: `Claim opened: ${title}`,
        lines: [
          `The buyer opened a claim (${reason}) for ${formatCents(claim.claimedCents)} on the deal for ${title}.`,
          `The seller can accept it, offer a partial amount or reject it with evidence until ${claim.answerDueAt.toUTCString()}; after that an administrator decides.`,
        ],
      },
      'accept-claim': { to: ['buyer', 'seller'], subject: `Claim accepted: ${title}`, lines: [settledLine] },
      'offer-partial': {
        to: ['buyer'],
        subject: `Partial offer on your claim: ${title}`,
        lines: [
          `The seller offers ${formatCents(claim.offeredCents ?? 0)} of the ${formatCents(claim.claimedCents)} you claimed.`,
          'Accept the offer, or escalate the claim to an administrator.',
        ],
      },
      'reject-claim': {
        to: ['buyer'],
        subject: `Claim rejected: ${title}`,
        lines: [
          'The seller rejected your claim with evidence. You can escalate it to an administrator or withdraw it.',
        ],
      },
      'accept-offer': { to: ['buyer', 'seller'], subject: `Claim settled: ${title}`, lines: [settledLine] },
      escalate: {
        to: ['buyer', 'seller'],
        subject: `Claim escalated: ${title}`,
        lines: ['An administrator will review the evidence and decide how the escrow is split.'],
      },
      decide: {
        to: ['buyer', 'seller'],
        subject: `Claim decided: ${title}`,
        lines: [settledLine, claim.decisionNote ? `Reason: ${claim.decisionNote}` : ''],
      },
      withdraw: {
        to: ['seller', 'buyer'],
        subject: `Claim withdrawn: ${title}`,
        lines: ['The buyer withdrew the claim; the escrow follows the deal again.'],
      },
    };
    const message = copy[transition];
    for (const party of message.to) {
      const to = party === 'buyer' ? buyer : seller;
      if (!to) continue;
      await ctx.notifications.queueEmail(
        {
          to: to.email,
          kind: `deal-claim-${transition}`,
          meta: { dealId: deal.id, claimId: claim.id },
          render: (brand) =>
            dealEmail(brand, {
              subject: message.subject,
              heading: message.subject.split(':')[0] ?? message.subject,
              lines: message.lines.filter(Boolean),
              url: ctx.dealsUrl,
            }),
        },
        { tx },
      );
    }
  }

  /** POST /api/deals/:id/claims: the buyer opens a claim. */
  async function openClaim(user: SessionUser, dealId: string, body: OpenClaimBody): Promise<ClaimDetail> {
    const { role } = await views.requireParty(user, dealId);
    if (role !== 'buyer') throw new AppError('FORBIDDEN', CLAIM_MESSAGES.buyerOnly);
    const evidence = body.evidence ?? [];
    const { claim } = await step(
      dealId,
      null,
      {
        type: 'open',
        reason: body.reason,
        affectedQuantity: body.affectedQuantity,
        claimedCents: body.claimedCents,
        evidence,
      },
      { role: 'buyer', userId: user.id },
      { note: body.note?.trim(), evidence },
    );
    return claimDetail(claim.id, user);
  }

  /** POST /api/deals/:id/claims/:claimId/answer: the seller's answer. */
  async function answerClaim(
    user: SessionUser,
    dealId: string,
    claimId: string,
    body: AnswerClaimBody,
  ): Promise<ClaimDetail> {
    const { role } = await views.requireParty(user, dealId);
    const actor: DealActorRef = { role, userId: user.id };
    const note = body.note?.trim();
    if (body.answer === 'accept') await step(dealId, claimId, { type: 'accept-claim' }, actor, { note });
    else if (body.answer === 'offer')
      await step(dealId, claimId, { type: 'offer-partial', offeredCents: body.offeredCents }, actor, {
        note,
      });
    else
      await step(dealId, claimId, { type: 'reject-claim', evidence: body.evidence }, actor, {
        note,
        evidence: body.evidence,
      });
    return claimDetail(claimId, user);
  }

  /** POST /api/deals/:id/claims/:claimId/respond: the buyer takes the offer, escalates or withdraws. */
  async function respondToClaim(
    user: SessionUser,
    dealId: string,
    claimId: string,
    body: RespondClaimBody,
  ): Promise<ClaimDetail> {
    const { role } = await views.requireParty(user, dealId);
    await step(
      dealId,
      claimId,
      { type: body.response },
      { role, userId: user.id },
      { note: body.note?.trim() },
    );
    return claimDetail(claimId, user);
  }

  /** POST /api/admin/deals/:id/claims/:claimId/decision: an administrator splits the escrow (audited). */
  async function decideClaim(
    admin: SessionUser,
    dealId: string,
    claimId: string,
    body: DecideClaimBody,
  ): Promise<ClaimDetail> {
    const note = body.note.trim();
    await step(
      dealId,
      claimId,
      { type: 'decide', buyerRefundCents: body.buyerRefundCents, sellerPayoutCents: body.sellerPayoutCents },
      { role: 'admin', userId: admin.id },
      {
        note,
        audit: {
          actor: admin,
          action: 'deal.claim-decided',
          targetType: 'deal',
          targetId: dealId,
          details: {
            claimId,
            buyerRefundCents: body.buyerRefundCents,
            sellerPayoutCents: body.sellerPayoutCents,
            note,
          },
        },
      },
    );
    return claimDetail(claimId, admin);
  }

  /** The timed job: claims the seller left unanswered past the window go to an administrator. */
  async function runClaimEscalation(): Promise<{ escalated: number }> {
    let escalated = 0;
    for (const claim of await listUnansweredPastDue(db, clock.now(), JOB_BATCH)) {
      try {
        await step(claim.dealId, claim.id, { type: 'escalate' }, { role: 'system', userId: null });
        escalated += 1;
      } catch (err) {
        // Answered or escalated meanwhile: nothing to do.
        if (!(err instanceof AppError && err.status < 500)) logError('claim escalation failed', err);
      }
    }
    return { escalated };
  }

  /** Who the viewer is to a claim's deal: a party, an administrator, or nobody (404). */
  async function viewerRole(user: SessionUser, deal: DealRow): Promise<ClaimActor> {
    const role = dealRoleOf(deal, user.id);
    if (role) return role;
    if (await ctx.isAdmin(user.id)) return 'admin';
    throw notFound();
  }

  /** GET /api/deals/:id/claims: the deal's claims with their timelines, for a party or an administrator. */
  async function listClaims(user: SessionUser, dealId: string): Promise<ClaimList> {
    const deal = await findDeal(db, dealId);
    if (!deal) throw notFound();
    const role = await viewerRole(user, deal);
    const claims = await listClaimsOfDeal(db, dealId);
    return { claims: await toDetails(claims, new Map([[deal.id, deal]]), () => role) };
  }

  async function claimDetail(claimId: string, user: SessionUser): Promise<ClaimDetail> {
    const claim = await findClaim(db, claimId);
    const deal = claim ? await findDeal(db, claim.dealId) : undefined;
    if (!claim || !deal) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.claimNotFound);
    const role = await viewerRole(user, deal);
    const [detail] = await toDetails([claim], new Map([[deal.id, deal]]), () => role);
    return detail;
  }

  /**
   * What each settled claim's settlement booked: the seller's payable, the commission kept, and the
   * rest of what was held to the buyer. The books are the truth the parties are paid from, so the
   * claim shows them rather than a figure worked out again.
   */
  async function settlementsAsBooked(
    claims: ClaimRow[],
    dealsById: Map<string, DealRow>,
  ): Promise<Map<string, NonNullable<ClaimDetail['payouts']>>> {
    const settled = claims.filter((c) => c.status === 'settled');
    const booked = new Map<string, NonNullable<ClaimDetail['payouts']>>();
    if (settled.length === 0) return booked;
    type Transactions = Awaited<ReturnType<typeof ledger.listForReference>>;
    const transactionsByDeal = new Map<string | null, Transactions>();
    for (const t of await ledger.listForReference('deal', [...new Set(settled.map((c) => c.dealId))]))
      transactionsByDeal.set(t.referenceId, [...(transactionsByDeal.get(t.referenceId) ?? []), t]);
    const creditedTo = (account: string, transactions: Transactions) =>
      -transactions
        .flatMap((t) => t.entries)
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + e.amountCents, 0);
    for (const claim of settled) {
      const deal = dealsById.get(claim.dealId);
      const transactions = transactionsByDeal.get(claim.dealId) ?? [];
      const settlement = transactions.find(
        (t) => t.idempotencyKey === dealLedgerKeys.claimSettlement(claim.id),
      );
      if (!deal || !settlement) continue;
      const held = (claim.buyerRefundCents ?? 0) + (claim.sellerPayoutCents ?? 0);
      const sellerReceivesCents = creditedTo(DEAL_ACCOUNTS.payableSeller(deal.sellerUserId), [settlement]);
      booked.set(claim.id, {
        sellerReceivesCents,
        // The settlement's own share of the commission: what it took from the escrow, less what it gave back.
        buyerReceivesCents:
          held - sellerReceivesCents - creditedTo(DEAL_ACCOUNTS.revenueCommission, [settlement]),
        // The deal's commission as the books hold it: paid with the funding, reversed, and settled.
        commissionCents: creditedTo(DEAL_ACCOUNTS.revenueCommission, transactions),
      });
    }
    return booked;
  }

  /** Claims as the API shows them: timelines with evidence, the viewer's next steps, the payouts. */
  async function toDetails(
    claims: ClaimRow[],
    dealsById: Map<string, DealRow>,
    roleOf: (deal: DealRow) => ClaimActor,
  ): Promise<ClaimDetail[]> {
    if (claims.length === 0) return [];
    const dealIds = [...dealsById.keys()];
    const [steps, held, payments, windows] = await Promise.all([
      listClaimSteps(
        db,
        claims.map((c) => c.id),
      ),
      escrow.heldOfDeals(dealIds),
      escrow.attemptsOfDeals(dealIds),
      claimWindowsOf(settings),
    ]);
    const [files, bookedPayouts] = await Promise.all([
      ctx.privateFiles?.describe([...new Set(steps.flatMap((s) => s.evidenceFileIds))]) ?? [],
      settlementsAsBooked(claims, dealsById),
    ]);
    const fileById = new Map(files.map((f) => [f.id, f]));
    const now = clock.now();
    return claims.flatMap((claim) => {
      const deal = dealsById.get(claim.dealId);
      if (!deal) return [];
      const role = roleOf(deal);
      const state = machineStateOf(claim, deal, held.get(deal.id) ?? 0);
      const actions = availableClaimTransitions(state, role, now, windows).filter(
        (t) =>
          t !== 'open' &&
          (role === 'admin' ? t === 'decide' : (PARTY_CLAIM_ACTIONS as readonly string[]).includes(t)),
      );
      const payment = payments.find(
        (p) => p.dealId === deal.id && (p.status === 'released' || p.status === 'refunded'),
      );
      const split = state.split;
      const payouts = !split
        ? null
        : (bookedPayouts.get(claim.id) ??
          claimSettlementPayouts({
            split,
            commissionRateBps: deal.commissionRateBps,
            commissionPaidCents: deal.commissionIncludedInFunding ? (payment?.commissionCents ?? 0) : 0,
          }));
      return [
        {
          id: claim.id,
          dealId: claim.dealId,
          status: claim.status,
          reason: claim.reason,
          affectedQuantity: claim.affectedQuantity,
          heldCents: claim.heldCents,
          claimedCents: claim.claimedCents,
          offeredCents: claim.offeredCents,
          openedAt: claim.openedAt.toISOString(),
          answerDueAt: claim.answerDueAt.toISOString(),
          answeredAt: iso(claim.answeredAt),
          escalatedAt: iso(claim.escalatedAt),
          closedAt: iso(claim.closedAt),
          split,
          buyerNote: claim.buyerNote,
          sellerNote: claim.sellerNote,
          decisionNote: claim.decisionNote,
          steps: steps
            .filter((s) => s.claimId === claim.id)
            .map((s) => ({
              id: s.id,
              transition: s.transition as ClaimDetail['steps'][number]['transition'],
              actorRole: s.actorRole,
              fromStatus: s.fromStatus,
              toStatus: s.toStatus as ClaimDetail['status'],
              amountCents: s.amountCents,
              note: s.note,
              evidence: s.evidenceFileIds.flatMap((id) => {
                const f = fileById.get(id);
                return f
                  ? [
                      {
                        id: f.id,
                        fileName: f.fileName,
                        contentType: f.contentType,
                        byteSize: f.byteSize,
                        url: f.url,
                      },
                    ]
                  : [];
              }),
              createdAt: s.createdAt.toISOString(),
            })),
          actions,
          payouts: payouts
            ? {
                sellerReceivesCents: payouts.sellerReceivesCents,
                buyerReceivesCents: payouts.buyerReceivesCents,
                commissionCents: payouts.commissionCents,
              }
            : null,
        },
      ];
    });
  }

  /** GET /api/admin/claims: claims waiting for a decision (or every claim), with their deals in context. */
  async function adminListClaims({ status, page }: AdminClaimsQuery): Promise<AdminClaimList> {
    const window = { limit: ADMIN_CLAIMS_PAGE_SIZE, offset: (page - 1) * ADMIN_CLAIMS_PAGE_SIZE };
    const now = clock.now();
    const [claims, total] = await Promise.all(
      status === 'all'
        ? [listAllClaims(db, window), countAllClaims(db)]
        : [listClaimsAwaitingDecision(db, now, window), countClaimsAwaitingDecision(db, now)],
    );
    const dealRows = await findDealsByIds(db, [...new Set(claims.map((c) => c.dealId))]);
    const dealsById = new Map(dealRows.map((d) => [d.id, d]));
    const userIds = [...new Set(dealRows.flatMap((d) => [d.buyerUserId, d.sellerUserId]))];
    const [details, listings, users, companies] = await Promise.all([
      toDetails(claims, dealsById, () => 'admin'),
      findListingBriefs(db, [...new Set(dealRows.map((d) => d.listingId))]),
      findUserBriefs(db, userIds),
      findCompaniesOf(db, userIds),
    ]);
    const party = (userId: string) => {
      const user = users.find((u) => u.id === userId);
      const company = companies.find((c) => c.userId === userId);
      return { userId, name: user?.name ?? null, companyName: company?.companyName ?? user?.company ?? null };
    };
    return {
      claims: details.flatMap((detail) => {
        const deal = dealsById.get(detail.dealId);
        if (!deal) return [];
        return [
          {
            ...detail,
            listingId: deal.listingId,
            listingTitle: listings.find((l) => l.id === deal.listingId)?.title ?? 'Listing',
            quantity: deal.quantity,
            unit: deal.unit,
            buyer: party(deal.buyerUserId),
            seller: party(deal.sellerUserId),
            dealValueCents: deal.dealValueCents,
            currency: 'USD' as const,
          },
        ];
      }),
      total,
      page,
      pageSize: ADMIN_CLAIMS_PAGE_SIZE,
    };
  }

  /** How many claims wait for an administrator: the admin dashboard's count. */
  const countAwaitingDecision = () => countClaimsAwaitingDecision(db, clock.now());

  /** Who may read a claim's evidence besides its uploader and administrators: the deal's two parties. */
  async function mayReadEvidence(user: SessionUser, claimId: string): Promise<boolean> {
    const claim = await findClaim(db, claimId);
    const deal = claim ? await findDeal(db, claim.dealId) : undefined;
    return deal ? dealRoleOf(deal, user.id) !== null : false;
  }

  return {
    openClaim,
    answerClaim,
    respondToClaim,
    decideClaim,
    listClaims,
    adminListClaims,
    countAwaitingDecision,
    runClaimEscalation,
    mayReadEvidence,
  };
}

export type DealClaims = ReturnType<typeof createDealClaims>;

/** The amount a step names on the timeline: claimed, offered, or the buyer's part of a settlement. */
function amountOfStep(event: ClaimEvent, next: ClaimMachineState): number | null {
  if (event.type === 'open') return event.claimedCents;
  if (event.type === 'offer-partial') return event.offeredCents;
  return next.split?.buyerRefundCents ?? null;
}
