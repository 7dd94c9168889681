import type { ModuleContext } from '../../lib/module-context.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService, PushService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { scheduleMessagingJobs } from './messaging.job.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';

type LiveDealsBetween = Parameters<typeof createMessagingService>[0]['liveDealsBetween'];

/** Conversations between traders, paid contact for free plans, and the unread digest. */
export function registerMessaging(
  ctx: ModuleContext,
  deps: {
    billing: BillingService;
    payments: PaymentsService;
    ledger: LedgerService;
    realtime: RealtimeService;
    notifications: NotificationsService;
    push: PushService;
    /** Deal threads stay writable for free users while a deal of the two is alive (the deals module's read). */
    liveDealsBetween: LiveDealsBetween;
  },
): MessagingService {
  const messaging = createMessagingService({ ...deps, db: ctx.db, clock: ctx.clock, appUrl: ctx.env.appUrl });
  ctx.onStart(() => scheduleMessagingJobs(ctx.jobs, messaging));
  ctx.routes(messagingRoutes(messaging));
  return messaging;
}
