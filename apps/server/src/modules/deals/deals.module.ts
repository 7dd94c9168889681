import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { EscrowModule } from '../escrow/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationsService, PushService } from '../notifications/index.ts';
import type { PrivateFilesService } from '../private-files/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { dealClaimsRoutes } from './deal-claims.routes.ts';
import type { DealImpactAssessor, DealsDeps } from './deal-context.ts';
import { scheduleDealJobs } from './deal-escrow.job.ts';
import { dealsRoutes } from './deals.routes.ts';
import { createDealsService, type DealsService } from './deals.service.ts';

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /** After the commit, once per deal that completed (released, or completed without escrow). */
    'deal.completed': { dealId: string };
    /** After the commit, once per claim settled on the deal (a claim lost counts against the seller). */
    'deal.claim-settled': { dealId: string };
  }
}

export type DealsModule = {
  deals: DealsService;
};

/** Deals: the state machine, escrow funding by every route, release, refund and commission. */
export function registerDeals(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    ledger: LedgerModule;
    /** Moves the deal's money: funding rails, the escrow provider, wire transfers. */
    escrow: EscrowModule;
    settings: SettingsService;
    notifications: NotificationsService;
    push: PushService;
    realtime: RealtimeService;
    messaging: MessagingService;
    /** Records the environmental impact with the completing transition (the market module's). */
    impact: DealImpactAssessor;
    listings: ListingsService;
    /** Blocks stop offers, Buy Now and negotiation (the trust module's relations, built in app.ts). */
    blocks?: DealsDeps['blocks'];
    /** Claim evidence (photos, weighbridge slips, inspection reports). */
    privateFiles: PrivateFilesService;
  },
): DealsModule {
  const { db, clock, env } = ctx;
  const { access, ledger, settings, notifications } = deps;
  const audit = access.audit.record;
  const deals = createDealsService({
    db,
    clock,
    ledger,
    escrow: deps.escrow.escrow,
    events: ctx.events,
    settings,
    notifications,
    push: deps.push,
    realtime: deps.realtime,
    messaging: deps.messaging,
    isAdmin: access.isAdmin,
    impact: deps.impact,
    listingQuantity: deps.listings,
    blocks: deps.blocks,
    appUrl: env.appUrl,
    audit,
    onDealCompleted: (dealId) => ctx.events.emit('deal.completed', { dealId }),
    // After the claim's transaction: a listener that fails (the database went away) is logged, never left
    // to reject with nobody waiting.
    onClaimSettled: (dealId) => {
      ctx.events
        .emit('deal.claim-settled', { dealId })
        .catch((err) => ctx.logger.error({ err, dealId }, 'reacting to a settled claim failed'));
    },
    privateFiles: deps.privateFiles,
  });
  // A claim's evidence is read by the deal's two parties (and administrators, and its uploader).
  deps.privateFiles.allowReaders('claim-evidence', (user, claimId) =>
    deals.claims.mayReadEvidence(user, claimId),
  );
  ledger.reconcileEscrowWith(deals.findEscrowMismatches);

  ctx.onStart(async () => {
    await scheduleDealJobs(ctx.jobs, deals);
  });
  ctx.routes(dealsRoutes(deals, access));
  ctx.routes(dealClaimsRoutes(deals.claims, access));
  // In-flight after-commit work (emails, events) finishes before the queue and the sender stop.
  ctx.onClose(() => deals.whenIdle());
  return { deals };
}
