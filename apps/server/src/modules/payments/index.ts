/**
 * The payments module's face: what other modules and the app may use. Other modules import from here only.
 */

export type { PaymentProvider } from './payment-provider.ts';
export { schedulePaymentsJobs } from './payments.job.ts';
export { registerPayments, type SandboxWebhookDelivery } from './payments.module.ts';
export { paymentsRoutes, paymentsWebhookRoutes } from './payments.routes.ts';
export {
  type CheckoutPaid,
  type CheckoutRefunded,
  callProvider,
  createPaymentsService,
  type Payer,
  type PaymentBooking,
  type PaymentBooks,
  type PaymentRow,
  type PaymentsService,
  type PurposeHandler,
  revenueBooks,
  type StartCheckoutInput,
} from './payments.service.ts';
export { startSandboxJobs } from './providers/sandbox/sandbox.job.ts';
export {
  CARD_DECLINED_MESSAGE,
  createSandboxProvider,
  httpWebhookTransport,
  SANDBOX_WEBHOOK_PATH,
  type SandboxProvider,
  type WebhookTransport,
} from './providers/sandbox/sandbox.provider.ts';
export { sandboxPagesRoutes } from './providers/sandbox/sandbox.routes.ts';
export { escapeHtml, layout } from './providers/sandbox/sandbox-pages.ts';
export {
  deriveSandboxWebhookSecret,
  SANDBOX_SIGNATURE_HEADER,
} from './providers/sandbox/sandbox-signature.ts';
export { createStripeProvider } from './providers/stripe/stripe.provider.ts';
