import type { DealActor, DealMachineState, DealTransition } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { ListingUnit } from '@app/shared/listings/listings.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppEventBus } from '../../lib/app-events.ts';
import type { Clock } from '../../lib/clock.ts';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { DealMoneyPayload, EscrowService } from '../escrow/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationsService, PushService } from '../notifications/index.ts';
import type { PrivateFilesService } from '../private-files/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { DealRow } from './deals.repository.ts';

/** Who fires a transition: a party or an administrator (with their user id), or the server. */
export type DealActorRef = { role: DealActor; userId: string | null };
/** A transition's payload; its money part (funding attempt, source, a claim's split) is escrow's. */
export type DealTransitionPayload = DealMoneyPayload & {
  valueCents?: number;
  reason?: string;
  /** Records the escrow-provider release or refund this claim made (and clears the claim). */
  escrowClaimId?: string;
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

/** What the deals service is built from (the composition root, app.ts, passes it). */
export type DealsDeps = {
  db: Db;
  /** The admin audit log. */
  audit?: AuditRecorder;
  clock: Clock;
  ledger: LedgerService;
  /** Every movement of the deal's money (the escrow module). */
  escrow: EscrowService;
  /** Where escrow announces funding outcomes and commission payments (the app's event bus). */
  events?: AppEventBus;
  settings: SettingsService;
  notifications: NotificationsService;
  /** Tells a party's devices of a deal step that needs them (Web Push), with the step's transaction. */
  push?: Pick<PushService, 'queue'>;
  realtime: RealtimeService;
  messaging?: MessagingService;
  isAdmin(userId: string): Promise<boolean>;
  /** Records the environmental impact with the completing transition (market module). */
  impact?: DealImpactAssessor;
  /** What a listing has left, under its row lock, and its sold status (listings module). */
  listingQuantity: Pick<ListingsService, 'lockRemainingQuantity' | 'syncSoldStatus'>;
  /**
   * How a user stands with another (the trust module's block relations, built in app.ts): a blocked
   * party makes no offer, Buy Now, counter-offer or confirmation with the trader who blocked them.
   */
  blocks?: {
    standing(userId: string, otherId: string, db?: Db): Promise<'blocker' | 'blocked' | null>;
  };
  /** After commit, once per deal that completed (released, or completed without escrow). */
  onDealCompleted?: (dealId: string) => Promise<void>;
  /** After commit, once per claim settled (reputation counts claims lost). */
  onClaimSettled?: (dealId: string) => void;
  /** Claim evidence: attached by the step that names it, described on the timeline (private-files module). */
  privateFiles?: Pick<PrivateFilesService, 'attach' | 'describe'>;
  appUrl: string;
  logError?: (msg: string, err: unknown) => void;
};

/** The deps with their defaults filled in, plus the after-commit queue every part shares. */
export type DealContext = Omit<DealsDeps, 'audit' | 'logError'> & {
  audit: AuditRecorder;
  logError: (msg: string, err: unknown) => void;
  /** The My Deals page, linked from every deal email. */
  dealsUrl: string;
  /** Runs after-commit work of a transition fired inside another module's transaction. */
  defer(fn: () => Promise<void>): void;
  /** Resolves when deferred work has run (tests, shutdown). */
  whenIdle(): Promise<void>;
};

export function createDealContext(deps: DealsDeps): DealContext {
  const logError = deps.logError ?? logErrorLine;
  const deferred = new Set<Promise<void>>();
  function defer(fn: () => Promise<void>): void {
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(fn)
      .catch((err) => logError('deal follow-up failed', err))
      .finally(() => deferred.delete(p));
    deferred.add(p);
  }
  async function whenIdle(): Promise<void> {
    while (deferred.size > 0) await Promise.all([...deferred]);
  }
  return {
    ...deps,
    audit: deps.audit ?? noAudit,
    logError,
    dealsUrl: `${deps.appUrl}/deals`,
    defer,
    whenIdle,
  };
}

/** How many deals a timed job takes per run. */
export const JOB_BATCH = 100;
/** The transitions that pay the held escrow out to the seller. */
export const RELEASES: readonly DealTransition[] = [
  'release-escrow',
  'auto-release',
  'approve-early-release',
];

export const notFound = () => new AppError('NOT_FOUND', DEAL_MESSAGES.dealNotFound);

/**
 * 403 when a block stands between the user and the other trader, either way: the blocker is told how
 * to undo it, the blocked party only that this trader's listings are closed to them.
 */
export async function assertNotBlocked(
  ctx: Pick<DealContext, 'blocks'>,
  userId: string,
  otherId: string,
): Promise<void> {
  const standing = await ctx.blocks?.standing(userId, otherId);
  if (standing)
    throw new AppError(
      'FORBIDDEN',
      standing === 'blocker' ? TRUST_MESSAGES.youBlockedTrader : TRUST_MESSAGES.cannotDealWithTrader,
    );
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
  deliveredAt: row.deliveredAt,
  claimOpen: row.openClaimId !== null,
  escrowSplittable: row.escrowSplittable,
});
