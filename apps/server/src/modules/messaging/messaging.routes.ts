import {
  ContactRequestSchema,
  ConversationListSchema,
  ConversationSummarySchema,
  ListMessagesQuerySchema,
  MarkReadResultSchema,
  MESSAGING_MESSAGES,
  MessagePageSchema,
  MessageSchema,
  MessagingPreferencesSchema,
  SendMessageBodySchema,
  StartConversationBodySchema,
  StartConversationResultSchema,
  UnreadCountSchema,
  UpdateMessagingPreferencesBodySchema,
} from '@app/shared/messaging/messaging.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { MessagingService } from './messaging.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const SIGN_IN = MESSAGING_MESSAGES.notAuthenticated;

export const messagingRoutes =
  (messaging: MessagingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/conversations',
      {
        schema: {
          body: StartConversationBodySchema,
          response: { 200: StartConversationResultSchema, 201: StartConversationResultSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request, MESSAGING_MESSAGES.signInToStart);
        const result = await messaging.startConversation(user, request.body);
        reply.status(result.status === 'opened' && result.created ? 201 : 200);
        return result;
      },
    );

    app.get(
      '/api/conversations',
      { schema: { response: { 200: ConversationListSchema } } },
      async (request) => messaging.listConversations(requireUser(request, SIGN_IN)),
    );

    app.get(
      '/api/conversations/:id',
      { schema: { params: IdParams, response: { 200: ConversationSummarySchema } } },
      async (request) => messaging.getConversation(requireUser(request, SIGN_IN), request.params.id),
    );

    app.get(
      '/api/conversations/:id/messages',
      {
        schema: {
          params: IdParams,
          querystring: ListMessagesQuerySchema,
          response: { 200: MessagePageSchema },
        },
      },
      async (request) =>
        messaging.listMessages(requireUser(request, SIGN_IN), request.params.id, request.query),
    );

    app.post(
      '/api/conversations/:id/messages',
      { schema: { params: IdParams, body: SendMessageBodySchema, response: { 201: MessageSchema } } },
      async (request, reply) => {
        const user = requireUser(request, SIGN_IN);
        const message = await messaging.sendMessage(user, request.params.id, request.body);
        return reply.status(201).send(message);
      },
    );

    app.post(
      '/api/conversations/:id/read',
      { schema: { params: IdParams, response: { 200: MarkReadResultSchema } } },
      async (request) => messaging.markRead(requireUser(request, SIGN_IN), request.params.id),
    );

    app.get(
      '/api/contact-requests/:id',
      { schema: { params: IdParams, response: { 200: ContactRequestSchema } } },
      async (request) => messaging.getContactRequest(requireUser(request, SIGN_IN), request.params.id),
    );

    app.get('/api/me/unread-count', { schema: { response: { 200: UnreadCountSchema } } }, async (request) =>
      messaging.unreadCount(requireUser(request, SIGN_IN)),
    );

    app.get(
      '/api/me/messaging-preferences',
      { schema: { response: { 200: MessagingPreferencesSchema } } },
      async (request) => messaging.getPreferences(requireUser(request, SIGN_IN)),
    );

    app.patch(
      '/api/me/messaging-preferences',
      {
        schema: { body: UpdateMessagingPreferencesBodySchema, response: { 200: MessagingPreferencesSchema } },
      },
      async (request) => messaging.updatePreferences(requireUser(request, SIGN_IN), request.body),
    );
  };
