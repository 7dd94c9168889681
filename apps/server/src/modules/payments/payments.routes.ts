import { RedirectUrlSchema } from '@app/shared/billing/billing.schemas';
import { PaymentListSchema, PaymentSchema } from '@app/shared/payments/payments.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { PaymentsService } from './payments.service.ts';

const PaymentParams = z.object({ id: z.string().min(1).max(100) });
const WebhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

/**
 * The provider's webhook: POST /api/payments/webhooks/<provider> (stripe or sandbox, whichever runs).
 * The signature is computed over the exact bytes sent, so this plugin keeps JSON bodies as raw text.
 */
export const paymentsWebhookRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      `/api/payments/webhooks/${payments.provider.name}`,
      { schema: { response: { 200: WebhookAnswerSchema } } },
      async (request) =>
        payments.processWebhook(typeof request.body === 'string' ? request.body : '', request.headers),
    );
  };

/** The signed-in user's payments. Creating a payment belongs to the domain that sells the thing. */
export const paymentsRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/payments', { schema: { response: { 200: PaymentListSchema } } }, async (request) => {
      const user = requireUser(request);
      return { payments: await payments.listPayments(user.id) };
    });

    /** One payment: its payer or an administrator; anyone else gets 404. */
    app.get(
      '/api/payments/:id',
      { schema: { params: PaymentParams, response: { 200: PaymentSchema } } },
      async (request) => {
        const user = requireUser(request);
        return payments.getPayment(request.params.id, user.id);
      },
    );

    /** Reopens the checkout of the payer's own pending payment (e.g. after closing the tab). */
    app.post(
      '/api/payments/:id/checkout',
      { schema: { params: PaymentParams, response: { 200: RedirectUrlSchema } } },
      async (request) => {
        const user = requireUser(request);
        return payments.resumeCheckout(request.params.id, user);
      },
    );
  };
