import {
  PaymentMethodListSchema,
  PaymentMethodSchema,
  UpdatePaymentMethodBodySchema,
} from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import { PAYMENT_METHOD_MESSAGES, type PaymentMethodsService } from './payment-methods.service.ts';

const ListQuery = z.object({
  totalCents: z.coerce
    .number({ error: 'totalCents must be a whole number of cents' })
    .int('totalCents must be a whole number of cents')
    .min(0, 'totalCents cannot be negative')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
});
const IdParams = z.object({ id: z.uuid({ error: PAYMENT_METHOD_MESSAGES.invalidId }) });

export const paymentMethodsRoutes =
  (paymentMethods: PaymentMethodsService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    /** The enabled methods in the specification's order; only the card for totals of $50 or less. */
    app.get(
      '/api/payment-methods',
      { schema: { querystring: ListQuery, response: { 200: PaymentMethodListSchema } } },
      async (request) => ({ methods: await paymentMethods.listForTotal(request.query.totalCents) }),
    );

    app.get(
      '/api/admin/payment-methods',
      { schema: { response: { 200: PaymentMethodListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return { methods: await paymentMethods.listAll() };
      },
    );

    app.patch(
      '/api/admin/payment-methods/:id',
      {
        schema: {
          params: IdParams,
          body: UpdatePaymentMethodBodySchema,
          response: { 200: PaymentMethodSchema },
        },
      },
      async (request) => {
        const actor = await access.requireAdmin(request);
        return paymentMethods.update(request.params.id, request.body, actor);
      },
    );
  };
