import {
  CompanyImpactParamsSchema,
  ImpactSummarySchema,
  UpdateWarmFactorBodySchema,
  WarmFactorIdParamsSchema,
  WarmFactorListSchema,
  WarmFactorSchema,
} from '@app/shared/market/impact.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { ImpactService } from './impact.service.ts';

export const impactRoutes =
  (impact: ImpactService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/me/impact', { schema: { response: { 200: ImpactSummarySchema } } }, async (request) =>
      impact.mine(requireUser(request)),
    );

    app.get(
      '/api/companies/:id/impact',
      { schema: { params: CompanyImpactParamsSchema, response: { 200: ImpactSummarySchema } } },
      async (request) => impact.ofCompany(request.params.id),
    );

    app.get(
      '/api/market/impact',
      { schema: { response: { 200: ImpactSummarySchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return impact.platform();
      },
    );

    app.get(
      '/api/admin/impact-factors',
      { schema: { response: { 200: WarmFactorListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return impact.listFactors();
      },
    );

    app.patch(
      '/api/admin/impact-factors/:id',
      {
        schema: {
          params: WarmFactorIdParamsSchema,
          body: UpdateWarmFactorBodySchema,
          response: { 200: WarmFactorSchema },
        },
      },
      async (request) => {
        const actor = await access.requireAdmin(request);
        return impact.updateFactor(actor, request.params.id, request.body);
      },
    );
  };
