import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import {
  companyReportTarget,
  createReportTargetRegistry,
  listingReportTarget,
  messageReportTarget,
  type ReportTargetHandler,
} from './report-targets.ts';
import { trustRoutes } from './trust.routes.ts';
import { createTrustService, type TrustService } from './trust.service.ts';

export type TrustModule = {
  trust: TrustService;
  /** Another module's kind of reportable item (the reviews module's 'review'). */
  registerReportTarget: (type: 'review', handler: ReportTargetHandler) => void;
};

/**
 * Blocking and reporting: the block list's routes and rules (the blocks module keeps who blocked whom),
 * reports and the administrators' queue, and the system's reports of fraud signals in messages and of
 * companies many verified traders blocked.
 */
export function registerTrust(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    notifications: NotificationsService;
    blocks: BlocksService;
    listings: ListingsService;
    companies: CompaniesService;
    messaging: MessagingService;
    /** The back office's suspension (the admin module's). */
    suspendUser(admin: SessionUser, userId: string, reason: string): Promise<void>;
  },
): TrustModule {
  const targets = createReportTargetRegistry();
  targets.register('listing', listingReportTarget(ctx.db, deps.listings));
  targets.register('company', companyReportTarget(ctx.db, deps.companies));
  targets.register('message', messageReportTarget(deps.messaging));
  const trust = createTrustService({
    db: ctx.db,
    clock: ctx.clock,
    blocks: deps.blocks,
    targets,
    notifications: deps.notifications,
    audit: deps.access.audit.record,
    isAdmin: deps.access.isAdmin,
    suspendUser: deps.suspendUser,
    appUrl: ctx.env.appUrl,
    logger: ctx.logger,
  });
  // A message with bank details or an off-platform payment request flags its conversation.
  ctx.events.on('message.fraud-signals', async (found) => {
    try {
      await trust.flagFraudSignals(found);
    } catch (err) {
      ctx.logger.error({ err, messageId: found.messageId }, 'flagging a conversation failed');
    }
  });
  ctx.routes(trustRoutes(trust, deps.access));
  return { trust, registerReportTarget: (type, handler) => targets.register(type, handler) };
}
