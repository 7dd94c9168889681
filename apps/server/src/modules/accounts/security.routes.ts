import {
  SecurityOverviewQuerySchema,
  SecurityOverviewSchema,
} from '@app/shared/admin/admin-security.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import type { SecurityService } from './security.service.ts';

const SessionParams = z.object({ id: z.string().min(1).max(200) });

export const securityRoutes =
  (security: SecurityService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/security/overview',
      { schema: { querystring: SecurityOverviewQuerySchema, response: { 200: SecurityOverviewSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return security.overview(request.query.auditPage);
      },
    );

    app.post(
      '/api/admin/security/sessions/:id/end',
      { schema: { params: SessionParams } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        await security.endSession(actor, request.params.id);
        return reply.status(204).send();
      },
    );
  };
