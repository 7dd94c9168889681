import { adminOverviewSchema } from '@app/shared/admin/admin-overview.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessService } from '../access/index.ts';
import type { OverviewService } from './overview.service.ts';

export const overviewRoutes =
  (overview: OverviewService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/overview',
      { schema: { response: { 200: adminOverviewSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return overview.getOverview();
      },
    );
  };
