import { adminOverviewSchema } from '@app/shared/admin/admin-overview.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.ts';
import type { OverviewService } from './overview.service.ts';

export const overviewRoutes =
  (overview: OverviewService, admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/overview',
      { schema: { response: { 200: adminOverviewSchema } } },
      async (request) => {
        await admin.requireAdmin(request);
        return overview.getOverview();
      },
    );
  };
