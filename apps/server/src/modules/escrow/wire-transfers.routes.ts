import {
  AdminWireActionBodySchema,
  DEAL_MESSAGES,
  ListWireTransfersQuerySchema,
  WireTransferIdParamsSchema,
  WireTransferListSchema,
  WireTransferSchema,
} from '@app/shared/deals/deals.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import type { WireAdmin, WireAdminAction, WireTransfersService } from './wire-transfers.service.ts';

// A bodiless POST arrives as null.
const ActionBody = AdminWireActionBodySchema.nullish();

export const wireTransfersRoutes =
  (wireTransfers: WireTransfersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wire-transfers',
      { schema: { response: { 200: WireTransferListSchema } } },
      async (request) => {
        const user = requireUser(request, DEAL_MESSAGES.notAuthenticated);
        return { wireTransfers: await wireTransfers.listForUser(user.id) };
      },
    );

    app.get(
      '/api/admin/wire-transfers',
      {
        schema: { querystring: ListWireTransfersQuerySchema, response: { 200: WireTransferListSchema } },
        config: {
          adminCheck: (request) =>
            wireTransfers.requireAdmin(request.user, { action: 'list', ip: request.ip }),
        },
      },
      async (request) => {
        await wireTransfers.requireAdmin(request.user, { action: 'list', ip: request.ip });
        return { wireTransfers: await wireTransfers.adminList(request.query.status) };
      },
    );

    /** The admin guard runs the wire check first, so refused attempts are logged with the spec's words. */
    const adminCheckFor = (action: WireAdminAction) => (request: FastifyRequest) =>
      wireTransfers.requireAdmin(request.user, {
        action,
        wireTransferId: (request.params as { id?: string }).id,
        ip: request.ip,
      });

    const actions = {
      received: wireTransfers.markReceived,
      verify: wireTransfers.verify,
      fail: wireTransfers.markFailed,
    } as const;
    for (const [action, run] of Object.entries(actions) as Array<
      [keyof typeof actions, (typeof actions)[keyof typeof actions]]
    >) {
      app.post(
        `/api/admin/wire-transfers/:id/${action}`,
        {
          schema: {
            params: WireTransferIdParamsSchema,
            body: ActionBody,
            response: { 200: WireTransferSchema },
          },
          config: { adminCheck: adminCheckFor(action) },
        },
        async (request) => {
          const { id } = request.params;
          const admin = await wireTransfers.requireAdmin(request.user, {
            action,
            wireTransferId: id,
            ip: request.ip,
          });
          return run(admin, id, request.body?.adminNotes);
        },
      );
    }

    /** Retries of the follow-up transfers of a verified wire (idempotent). */
    const retries = {
      'transfer-processing-fee': wireTransfers.transferProcessingFee,
      'transfer-commission': wireTransfers.transferCommission,
    } as const;
    for (const [action, run] of Object.entries(retries) as Array<
      [keyof typeof retries, (id: string, actor: WireAdmin) => Promise<unknown>]
    >) {
      app.post(
        `/api/admin/wire-transfers/:id/${action}`,
        {
          schema: { params: WireTransferIdParamsSchema, response: { 200: WireTransferSchema } },
          config: { adminCheck: adminCheckFor(action) },
        },
        async (request) => {
          const { id } = request.params;
          const admin = await wireTransfers.requireAdmin(request.user, {
            action,
            wireTransferId: id,
            ip: request.ip,
          });
          return run(id, admin) as ReturnType<typeof wireTransfers.transferCommission>;
        },
      );
    }
  };
