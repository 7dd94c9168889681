/**
 * The payments module's face: what other modules and the app may use. Other modules import from here only.
 */

export { registerPayments, type SandboxWebhookDelivery } from './payments.module.ts';
export {
  callProvider,
  type Payer,
  type PaymentBooking,
  type PaymentBooks,
  type PaymentRow,
  type PaymentsService,
  revenueBooks,
  type StartCheckoutInput,
} from './payments.service.ts';
export {
  CARD_DECLINED_MESSAGE,
  SANDBOX_WEBHOOK_PATH,
  type SandboxProvider,
} from './providers/sandbox/sandbox.provider.ts';
export { escapeHtml, layout } from './providers/sandbox/sandbox-pages.ts';
export { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/sandbox-signature.ts';
