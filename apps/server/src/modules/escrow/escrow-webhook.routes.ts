import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EscrowEvents } from './escrow-providers/escrow-events.ts';
import { ESCROW_SIGNATURE_HEADER, handleEscrowWebhook } from './escrow-providers/escrow-webhook.ts';

const AnswerSchema = z.object({ received: z.literal(true), transactionId: z.string() });

/** POST /api/webhooks/escrow: the escrow provider says a transaction changed. */
export const escrowWebhookRoutes =
  (events: EscrowEvents, secret: string): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the raw bytes, so the body stays a string here.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post('/api/webhooks/escrow', { schema: { response: { 200: AnswerSchema } } }, async (request) => {
      const signature = request.headers[ESCROW_SIGNATURE_HEADER];
      return handleEscrowWebhook(
        events,
        secret,
        typeof request.body === 'string' ? request.body : '',
        Array.isArray(signature) ? signature[0] : signature,
      );
    });
  };
