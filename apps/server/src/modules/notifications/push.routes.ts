import {
  PushConfigSchema,
  PushEndpointBodySchema,
  PushMuteBodySchema,
  PushPreferencesSchema,
  PushStatusSchema,
  PushSubscriptionBodySchema,
} from '@app/shared/notifications/push.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, requireUser } from '../../plugins/session.ts';
import type { PushService } from './push.service.ts';

const SIGN_IN = 'Sign in to manage push notifications';

/** Web Push: the server's key, this device's subscription, the switches, and the one-click mute. */
export const pushRoutes =
  (push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/push/config', { schema: { response: { 200: PushConfigSchema } } }, async () =>
      push.publicConfig(),
    );

    app.post(
      '/api/push/subscriptions',
      { schema: { body: PushSubscriptionBodySchema, response: { 200: PushStatusSchema } } },
      async (request) => {
        const { user, sessionId } = requireSession(request, SIGN_IN);
        return push.subscribe({ userId: user.id, sessionId }, request.body);
      },
    );

    app.delete(
      '/api/push/subscriptions',
      { schema: { body: PushEndpointBodySchema } },
      async (request, reply) => {
        await push.unsubscribe(requireUser(request, SIGN_IN).id, request.body.endpoint);
        return reply.status(204).send();
      },
    );

    app.get('/api/me/push', { schema: { response: { 200: PushStatusSchema } } }, async (request) =>
      push.getStatus(requireUser(request, SIGN_IN).id),
    );

    app.put(
      '/api/me/push',
      { schema: { body: PushPreferencesSchema, response: { 200: PushStatusSchema } } },
      async (request) => push.setPreferences(requireUser(request, SIGN_IN).id, request.body),
    );

    // From a notification's "Turn off" button: the service worker has no session to send.
    app.post(
      '/api/push/mute',
      { schema: { body: PushMuteBodySchema }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        await push.mute(request.body.token);
        return reply.status(204).send();
      },
    );
  };
