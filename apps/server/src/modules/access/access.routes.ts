import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from './access.service.ts';

export const accessRoutes =
  (access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    /** The admin check of the specification, used by every admin screen on load. */
    app.get(
      '/api/admin/check',
      { schema: { response: { 200: z.object({ isAdmin: z.literal(true) }) } } },
      async (request) => {
        await access.requireAdmin(request);
        return { isAdmin: true as const };
      },
    );
  };
