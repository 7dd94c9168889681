import { failedEmailsSchema, resendFailedEmailsResultSchema } from '@app/shared/admin/admin-overview.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import type { FailedEmailsService } from './failed-emails.service.ts';

export const failedEmailsRoutes =
  (failedEmails: FailedEmailsService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/failed-emails',
      { schema: { response: { 200: failedEmailsSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return failedEmails.list();
      },
    );

    app.post(
      '/api/admin/failed-emails/:id/resend',
      { schema: { params: z.object({ id: z.string().max(100) }) } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        await failedEmails.resend(request.params.id, actor);
        return reply.code(204).send();
      },
    );

    app.post(
      '/api/admin/failed-emails/resend-all',
      { schema: { response: { 200: resendFailedEmailsResultSchema } } },
      async (request) => {
        const actor = await access.requireAdmin(request);
        return failedEmails.resendAll(actor);
      },
    );
  };
