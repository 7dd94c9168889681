import { EscrowTestResultSchema } from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessService } from '../access/index.ts';
import type { EscrowTestService } from './escrow-test.service.ts';

/** POST /api/escrow-test/run: the administrators' escrow integration test. */
export const escrowTestRoutes =
  (escrowTest: EscrowTestService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/escrow-test/run',
      { schema: { response: { 200: EscrowTestResultSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return escrowTest.run();
      },
    );
  };
