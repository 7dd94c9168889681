import {
  AdminReportPageSchema,
  AdminReportSchema,
  AdminReportsQuerySchema,
  BlockBodySchema,
  BlockedTraderSchema,
  BlockListSchema,
  CreateReportBodySchema,
  ReportSchema,
  ResolveReportBodySchema,
} from '@app/shared/trust/trust.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { TrustService } from './trust.service.ts';

const SIGN_IN = 'Please sign in to block or report a trader.';
const UserParams = z.object({ userId: z.string().min(1).max(100) });
const IdParams = z.object({ id: z.string().min(1).max(100) });

export const trustRoutes =
  (trust: TrustService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/me/blocks', { schema: { response: { 200: BlockListSchema } } }, async (request) =>
      trust.listBlocks(requireUser(request, SIGN_IN)),
    );

    app.post(
      '/api/me/blocks',
      { schema: { body: BlockBodySchema, response: { 200: BlockedTraderSchema, 201: BlockedTraderSchema } } },
      async (request, reply) => {
        const { trader, created } = await trust.block(requireUser(request, SIGN_IN), request.body.userId);
        reply.status(created ? 201 : 200);
        return trader;
      },
    );

    app.delete('/api/me/blocks/:userId', { schema: { params: UserParams } }, async (request, reply) => {
      await trust.unblock(requireUser(request, SIGN_IN), request.params.userId);
      reply.status(204);
    });

    app.post(
      '/api/reports',
      { schema: { body: CreateReportBodySchema, response: { 201: ReportSchema } } },
      async (request, reply) => {
        const report = await trust.report(requireUser(request, SIGN_IN), request.body);
        reply.status(201);
        return report;
      },
    );

    app.get(
      '/api/admin/reports',
      { schema: { querystring: AdminReportsQuerySchema, response: { 200: AdminReportPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return trust.adminList(request.query);
      },
    );

    app.post(
      '/api/admin/reports/:id/resolve',
      { schema: { params: IdParams, body: ResolveReportBodySchema, response: { 200: AdminReportSchema } } },
      async (request) => trust.resolve(await access.requireAdmin(request), request.params.id, request.body),
    );
  };
