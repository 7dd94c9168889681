import { logError } from '../../lib/log-error.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createEscrowService, type EscrowService } from './escrow.service.ts';
import type { EscrowProvider } from './escrow-provider.ts';
import { deriveEscrowWebhookSecret } from './escrow-providers/escrow-webhook.ts';
import {
  createEscrowEvents,
  createEscrowProvider,
  type EscrowEvents,
  isSandboxEscrowProvider,
} from './escrow-providers/index.ts';
import { sandboxEscrowRoutes } from './escrow-providers/sandbox-escrow.routes.ts';
import { escrowTestRoutes } from './escrow-test.routes.ts';
import { createEscrowTestService } from './escrow-test.service.ts';
import { escrowWebhookRoutes } from './escrow-webhook.routes.ts';
import { paymentMethodsRoutes } from './payment-methods.routes.ts';
import { createPaymentMethodsService, type PaymentMethodsService } from './payment-methods.service.ts';
import { wireTransfersRoutes } from './wire-transfers.routes.ts';
import { createWireTransfersService, type WireTransfersService } from './wire-transfers.service.ts';

export type EscrowModule = {
  escrow: EscrowService;
  paymentMethods: PaymentMethodsService;
  wireTransfers: WireTransfersService;
  /** Escrow.com when ESCROW_API_KEY is set, else the built-in sandbox. */
  escrowProvider: EscrowProvider;
  escrowEvents: EscrowEvents;
};

/**
 * Escrow: every movement of a deal's money (funding by every route, releases, refunds, claim
 * settlements, commission) and the rails it moves on (payment methods, wire transfers, the escrow
 * provider). The deals module asks for each movement; escrow tells it of funding outcomes through
 * the `escrow.*` app events.
 */
export function registerEscrow(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    ledger: LedgerModule;
    payments: PaymentsService;
    settings: SettingsService;
    notifications: NotificationsService;
  },
): EscrowModule {
  const { db, clock, env, logger } = ctx;
  const { access, ledger, settings, notifications } = deps;
  const audit = access.audit.record;
  const paymentMethods = createPaymentMethodsService({ db, audit });
  const escrowEvents = createEscrowEvents({ logger });
  const escrowProvider = createEscrowProvider(env, { db, clock, events: escrowEvents });
  const wireTransfers = createWireTransfersService({
    db,
    ledger,
    notifications,
    settings,
    clock,
    logger,
    reporter: ctx.reporter,
    appUrl: env.appUrl,
    bankDetails: env.wireBankDetails,
    isAdmin: access.isAdmin,
    audit,
  });
  const escrowTest = createEscrowTestService({
    provider: escrowProvider,
    config: { apiKeySet: Boolean(env.escrow.apiKey), apiUrl: env.escrow.apiUrl },
  });

  const escrow = createEscrowService({
    db,
    clock,
    ledger,
    payments: deps.payments,
    notifications,
    escrowProvider,
    wireTransfers,
    getPaymentMethod: paymentMethods.findEnabledByType,
    events: ctx.events,
    dealsUrl: `${env.appUrl}/deals`,
    logError,
  });
  escrowEvents.onTransactionChanged((transactionId) => escrow.syncProviderTransaction(transactionId));

  ctx.onStart(async () => {
    await paymentMethods.seedDefaults();
  });
  ctx.routes(paymentMethodsRoutes(paymentMethods, access));
  ctx.routes(wireTransfersRoutes(wireTransfers));
  ctx.routes(escrowTestRoutes(escrowTest, access));
  ctx.routes(
    escrowWebhookRoutes(escrowEvents, env.escrow.webhookSecret ?? deriveEscrowWebhookSecret(env.authSecret)),
  );
  if (isSandboxEscrowProvider(escrowProvider)) ctx.routes(sandboxEscrowRoutes(escrowProvider));
  return { escrow, paymentMethods, wireTransfers, escrowProvider, escrowEvents };
}
