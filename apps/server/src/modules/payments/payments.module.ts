import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { schedulePaymentsJobs } from './payments.job.ts';
import { paymentsRoutes, paymentsWebhookRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';
import { startSandboxJobs } from './providers/sandbox/sandbox.job.ts';
import {
  createSandboxProvider,
  httpWebhookTransport,
  type SandboxProvider,
  type WebhookTransport,
} from './providers/sandbox/sandbox.provider.ts';
import { sandboxPagesRoutes } from './providers/sandbox/sandbox.routes.ts';
import { deriveSandboxWebhookSecret } from './providers/sandbox/sandbox-signature.ts';
import { createStripeProvider } from './providers/stripe/stripe.provider.ts';

/**
 * How the sandbox provider delivers its webhooks to APP_URL: `http` (a real POST), `inject` (through
 * app.inject, for tests that never listen), or `manual` (stored only; tests deliver them).
 */
export type SandboxWebhookDelivery = 'http' | 'inject' | 'manual';

/** Card payments: Stripe when configured, else the built-in sandbox with its checkout pages. */
export function registerPayments(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    ledger: LedgerService;
    realtime: RealtimeService;
    sandboxWebhooks: SandboxWebhookDelivery;
  },
): { payments: PaymentsService; sandbox: SandboxProvider | null } {
  const { env, app } = ctx;
  const injectTransport: WebhookTransport = async (url, body, headers) => {
    const res = await app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
    return { statusCode: res.statusCode };
  };
  const sandbox =
    env.paymentsProvider === 'sandbox'
      ? createSandboxProvider({
          db: ctx.db,
          clock: ctx.clock,
          jobs: ctx.jobs,
          appUrl: env.appUrl,
          webhookSecret: deriveSandboxWebhookSecret(env.authSecret),
          transport: deps.sandboxWebhooks === 'inject' ? injectTransport : httpWebhookTransport,
          autoDeliver: deps.sandboxWebhooks !== 'manual',
        })
      : null;
  const provider: PaymentProvider =
    sandbox ??
    createStripeProvider({
      secretKey: env.stripeSecretKey as string,
      webhookSecret: env.stripeWebhookSecret as string,
      premiumPriceId: env.stripePremiumPriceId,
    });
  const payments = createPaymentsService({
    db: ctx.db,
    provider,
    ledger: deps.ledger,
    clock: ctx.clock,
    appUrl: env.appUrl,
    isAdmin: deps.access.isAdmin,
    realtime: deps.realtime,
    events: ctx.events,
  });
  ctx.onStart(async () => {
    if (sandbox) await startSandboxJobs(ctx.jobs, sandbox);
    await schedulePaymentsJobs(ctx.jobs, payments);
  });
  ctx.routes(paymentsRoutes(payments));
  ctx.routes(paymentsWebhookRoutes(payments));
  if (sandbox) ctx.routes(sandboxPagesRoutes(sandbox));
  return { payments, sandbox };
}
