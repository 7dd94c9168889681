import type { ModuleContext } from '../../lib/module-context.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService, PushService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { scheduleMessagingJobs } from './messaging.job.ts';
import { messagingRoutes } from './messaging.routes.ts';
import {
  type BlockStanding,
  createMessagingService,
  type FraudSignalsFound,
  type MessagingService,
} from './messaging.service.ts';

type LiveDealsBetween = Parameters<typeof createMessagingService>[0]['liveDealsBetween'];

declare module '../../lib/app-events.ts' {
  interface AppEvents {
    /** After the commit: a trader's message holds bank details or asks to pay outside escrow. */
    'message.fraud-signals': FraudSignalsFound;
  }
}

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
    /** Blocks close conversations both ways (the trust module's relations, built in app.ts). */
    blocks?: BlockStanding;
  },
): MessagingService {
  const messaging = createMessagingService({
    ...deps,
    db: ctx.db,
    clock: ctx.clock,
    appUrl: ctx.env.appUrl,
    onFraudSignals: (found) => ctx.events.emit('message.fraud-signals', found),
  });
  ctx.onStart(() => scheduleMessagingJobs(ctx.jobs, messaging));
  ctx.routes(messagingRoutes(messaging));
  return messaging;
}
