import { EscrowTestResultSchema } from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from '../admin/admin.service.ts';
import type { EscrowTestService } from './escrow-test.service.ts';

/** POST /api/escrow-test/run: the administrators' escrow integration test. */
export const escrowTestRoutes =
  (escrowTest: EscrowTestService, admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/escrow-test/run',
      { schema: { response: { 200: EscrowTestResultSchema } } },
      async (request) => {
        await admin.requireAdmin(request);
        return escrowTest.run();
      },
    );
  };
