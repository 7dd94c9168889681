import {
  EmptyBodySchema,
  EntitlementsSchema,
  RedirectUrlSchema,
  SIGN_IN_TO_MANAGE_MESSAGE,
  SIGN_IN_TO_SUBSCRIBE_MESSAGE,
  SubscriptionStatusSchema,
} from '@app/shared/billing/billing.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import type { BillingService } from './billing.service.ts';

export const billingRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    /** check-subscription: the auth state's subscribed, tier and end, plus the status card's details. */
    app.get(
      '/api/billing/subscription',
      { schema: { response: { 200: SubscriptionStatusSchema } } },
      async (request) => billing.getSubscriptionStatus(requireUser(request).id),
    );

    /** The status card's Refresh: re-reads the subscription from the payment provider. */
    app.post(
      '/api/billing/subscription/refresh',
      { schema: { body: EmptyBodySchema, response: { 200: SubscriptionStatusSchema } } },
      async (request) => billing.refreshSubscription(requireUser(request, SIGN_IN_TO_MANAGE_MESSAGE).id),
    );

    /** The 7-day money-back guarantee: cancel now and refund the first payment. */
    app.post(
      '/api/billing/subscription/refund',
      { schema: { body: EmptyBodySchema, response: { 200: SubscriptionStatusSchema } } },
      async (request) => billing.refundWithinGuarantee(requireUser(request, SIGN_IN_TO_MANAGE_MESSAGE).id),
    );

    /** create-checkout: the provider's checkout URL for Premium (opened in a new tab). */
    app.post(
      '/api/billing/checkout',
      { schema: { body: EmptyBodySchema, response: { 200: RedirectUrlSchema } } },
      async (request) => billing.createCheckout(requireUser(request, SIGN_IN_TO_SUBSCRIBE_MESSAGE)),
    );

    /** customer-portal: the provider's portal URL (cancel, resume, update card). */
    app.post(
      '/api/billing/portal',
      { schema: { body: EmptyBodySchema, response: { 200: RedirectUrlSchema } } },
      async (request) => billing.createPortal(requireUser(request, SIGN_IN_TO_MANAGE_MESSAGE)),
    );

    app.get(
      '/api/billing/entitlements',
      { schema: { response: { 200: EntitlementsSchema } } },
      async (request) => billing.getEntitlementsView(requireUser(request).id),
    );
  };
