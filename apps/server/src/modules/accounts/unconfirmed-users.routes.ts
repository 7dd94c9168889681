import {
  bulkResendBodySchema,
  bulkResendResultSchema,
  resendConfirmationBodySchema,
  unconfirmedUsersSchema,
} from '@app/shared/admin/admin-overview.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessService } from '../access/index.ts';
import type { UnconfirmedUsersService } from './unconfirmed-users.service.ts';

export const unconfirmedUsersRoutes =
  (unconfirmed: UnconfirmedUsersService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/unconfirmed-users',
      { schema: { response: { 200: unconfirmedUsersSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return unconfirmed.list();
      },
    );

    app.post(
      '/api/admin/unconfirmed-users/resend',
      { schema: { body: resendConfirmationBodySchema } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        await unconfirmed.resend(request.body.email, actor);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/admin/unconfirmed-users/resend-all',
      { schema: { body: bulkResendBodySchema, response: { 200: bulkResendResultSchema } } },
      async (request) => {
        const actor = await access.requireAdmin(request);
        return unconfirmed.resendAll(request.body.emails, actor);
      },
    );
  };
