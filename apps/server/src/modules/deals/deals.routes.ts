import {
  BuyNowBodySchema,
  CreateDealBodySchema,
  DEAL_MESSAGES,
  DealActionBodySchema,
  DealIdParamsSchema,
  DealListSchema,
  DealSchema,
  FundEscrowBodySchema,
  FundEscrowResultSchema,
  PayCommissionBodySchema,
  PayCommissionResultSchema,
} from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AdminService } from '../admin/admin.service.ts';
import type { DealsService } from './deals.service.ts';

const AdminDealsQuerySchema = z.object({ status: z.enum(['disputed', 'all']).default('disputed') });
const AdminDealActionBodySchema = z.object({ action: z.enum(['release-escrow', 'refund-escrow']) }).strict();
const SIGN_IN = DEAL_MESSAGES.signInToView;

export const dealsRoutes =
  (deals: DealsService, admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/deals', { schema: { response: { 200: DealListSchema } } }, async (request) =>
      deals.listDeals(requireUser(request, SIGN_IN)),
    );

    app.post(
      '/api/deals',
      { schema: { body: CreateDealBodySchema, response: { 201: DealSchema } } },
      async (request, reply) => {
        const user = requireUser(request, DEAL_MESSAGES.signInToCreate);
        return reply.status(201).send(await deals.createDeal(user, request.body));
      },
    );

    app.post(
      '/api/deals/buy-now',
      { schema: { body: BuyNowBodySchema, response: { 200: DealSchema, 201: DealSchema } } },
      async (request, reply) => {
        const user = requireUser(request, DEAL_MESSAGES.signInToCreate);
        const { deal, created } = await deals.buyNow(user, request.body);
        return reply.status(created ? 201 : 200).send(deal);
      },
    );

    app.get(
      '/api/deals/:id',
      { schema: { params: DealIdParamsSchema, response: { 200: DealSchema } } },
      async (request) => deals.getDeal(requireUser(request, SIGN_IN), request.params.id),
    );

    app.post(
      '/api/deals/:id/actions',
      { schema: { params: DealIdParamsSchema, body: DealActionBodySchema, response: { 200: DealSchema } } },
      async (request) => deals.act(requireUser(request, SIGN_IN), request.params.id, request.body),
    );

    app.post(
      '/api/deals/:id/fund',
      {
        schema: {
          params: DealIdParamsSchema,
          body: FundEscrowBodySchema,
          response: { 200: FundEscrowResultSchema },
        },
      },
      async (request) =>
        deals.fundEscrow(
          requireUser(request, DEAL_MESSAGES.signInToPayEscrow),
          request.params.id,
          request.body,
        ),
    );

    app.post(
      '/api/deals/:id/commission',
      {
        schema: {
          params: DealIdParamsSchema,
          body: PayCommissionBodySchema,
          response: { 200: PayCommissionResultSchema },
        },
      },
      async (request) => deals.payCommission(requireUser(request, SIGN_IN), request.params.id, request.body),
    );

    app.get(
      '/api/admin/deals',
      { schema: { querystring: AdminDealsQuerySchema, response: { 200: DealListSchema } } },
      async (request) => {
        await admin.requireAdmin(request);
        return deals.adminListDeals(request.query.status);
      },
    );

    app.post(
      '/api/admin/deals/:id/actions',
      {
        schema: {
          params: DealIdParamsSchema,
          body: AdminDealActionBodySchema,
          response: { 200: DealSchema },
        },
      },
      async (request) => {
        const user = await admin.requireAdmin(request);
        return deals.adminAct(user, request.params.id, request.body.action);
      },
    );
  };
