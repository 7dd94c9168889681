import {
  ListNotificationsQuerySchema,
  MarkNotificationsReadBodySchema,
  NotificationListSchema,
  UnreadNotificationCountSchema,
} from '@app/shared/market/matching.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import type { UserNotificationsService } from './user-notifications.service.ts';

const SIGN_IN = 'Sign in to see your notifications';

/** The signed-in user's in-app notifications. */
export const userNotificationsRoutes =
  (notifications: UserNotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/notifications',
      { schema: { querystring: ListNotificationsQuerySchema, response: { 200: NotificationListSchema } } },
      async (request) => notifications.list(requireUser(request, SIGN_IN).id, request.query),
    );

    app.patch(
      '/api/me/notifications',
      { schema: { body: MarkNotificationsReadBodySchema, response: { 200: UnreadNotificationCountSchema } } },
      async (request) => notifications.markAsRead(requireUser(request, SIGN_IN).id, request.body),
    );

    app.get(
      '/api/me/notifications/unread-count',
      { schema: { response: { 200: UnreadNotificationCountSchema } } },
      async (request) => notifications.unreadCount(requireUser(request, SIGN_IN).id),
    );
  };
