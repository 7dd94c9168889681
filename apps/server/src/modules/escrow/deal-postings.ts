import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/index.ts';
import { bookFunded } from './book-funding.ts';
import { DEAL_ACCOUNTS } from './deal-accounts.ts';
import type {
  DealMoneyChanges,
  DealMoneyContext,
  DealMoneyFacts,
  DealMoneyPayload,
  MoneyTransition,
} from './deal-money.ts';
import { RELEASES } from './deal-money.ts';
import { type EscrowCandidate, type EscrowMismatch, findEscrowMismatches } from './escrow-check.ts';
import { currentEscrowPayment, escrowMismatch, escrowTargets, type PostingDeps } from './escrow-targets.ts';
import { bookRefund } from './refund.ts';
import { bookRelease } from './release.ts';
import { bookClaimSettlement } from './settle-claim.ts';

export type { EscrowCandidate, EscrowMismatch } from './escrow-check.ts';

/**
 * What each deal's escrow account holds, for a page of deals in one grouped read of the ledger: deal
 * id → the positive amount held (escrow is a liability, so the ledger balance is its negation). Deals
 * whose escrow holds nothing are absent.
 */
export async function escrowHeldOfDeals(
  ledger: Pick<LedgerService, 'getBalances'>,
  dealIds: string[],
  tx?: Db,
): Promise<Map<string, number>> {
  if (dealIds.length === 0) return new Map();
  const balances = await ledger.getBalances(dealIds.map(DEAL_ACCOUNTS.escrowHeld), tx);
  const held = new Map<string, number>();
  for (const id of dealIds) {
    const balance = balances[DEAL_ACCOUNTS.escrowHeld(id)] ?? 0;
    if (balance !== 0) held.set(id, 0 - balance);
  }
  return held;
}

/** The ledger side of money transitions, in the transition's transaction. */
export async function bookTransitionMoney(
  deps: PostingDeps,
  tx: Db,
  before: DealMoneyFacts,
  after: DealMoneyFacts,
  transition: MoneyTransition,
  payload: DealMoneyPayload,
): Promise<DealMoneyChanges | null> {
  const { ledger } = deps;
  if (transition === 'escrow-funded') return bookFunded(deps, tx, after, payload);
  const dealId = after.id;
  const escrow = DEAL_ACCOUNTS.escrowHeld(dealId);
  const payment = await currentEscrowPayment(tx, dealId, payload.escrowPaymentId);
  const held = -((await ledger.getBalances([escrow], tx))[escrow] ?? 0);
  // Release and refund move what the deal's funding says, never the account's balance: money that
  // reached the account by mistake must not be paid out, and a shortfall must not pass unnoticed.
  const targets = payment ? await escrowTargets(tx, payment) : null;
  if (transition === 'settle-claim') {
    if (!payment || !targets || held !== targets.releaseCents)
      throw escrowMismatch(deps, dealId, held, targets?.releaseCents ?? null, transition);
    return bookClaimSettlement(deps, tx, before, after, payment, held, payload);
  }
  if (RELEASES.includes(transition)) {
    if (!targets || held !== targets.releaseCents)
      throw escrowMismatch(deps, dealId, held, targets?.releaseCents ?? null, transition);
    return bookRelease(deps, tx, after, payment, targets.releaseCents);
  }
  return bookRefund(deps, tx, before, after, payment, held, targets, transition);
}

/**
 * The deal's ledger postings: what each money transition books (book-funding.ts, release.ts, refund.ts,
 * settle-claim.ts) and the check of every escrow against its deal (escrow-check.ts); each names
 * what it uses. The stray charges set aside for the buyer are in stray-charges.ts.
 */
export function createDealPostings(ctx: DealMoneyContext) {
  const deps: PostingDeps = { ledger: ctx.ledger, clock: ctx.clock, logError: ctx.logError };
  return {
    bookTransitionMoney: (
      tx: Db,
      before: DealMoneyFacts,
      after: DealMoneyFacts,
      transition: MoneyTransition,
      payload: DealMoneyPayload,
    ): Promise<DealMoneyChanges | null> => bookTransitionMoney(deps, tx, before, after, transition, payload),
    findEscrowMismatches: <C extends EscrowCandidate>(
      listCandidates: (balances: Map<string, number>) => Promise<C[]>,
    ): Promise<EscrowMismatch<C>[]> =>
      findEscrowMismatches({ db: ctx.db, ledger: ctx.ledger }, listCandidates),
  };
}

export type DealPostings = ReturnType<typeof createDealPostings>;
