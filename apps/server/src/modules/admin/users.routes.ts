import {
  AddAdminBodySchema,
  AdminRecordListSchema,
  AdminRecordSchema,
  AdminUserPageSchema,
  AdminUsersQuerySchema,
  SuspendUserBodySchema,
} from '@app/shared/admin/admin-users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import type { AdminUsersService } from './users.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });

export const adminUsersRoutes =
  (users: AdminUsersService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/admins',
      { schema: { response: { 200: AdminRecordListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return users.getAdmins();
      },
    );

    app.post(
      '/api/admin/admins',
      { schema: { body: AddAdminBodySchema, response: { 201: AdminRecordSchema } } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        return reply.status(201).send(await users.addAdmin(request.body.email, actor));
      },
    );

    app.delete('/api/admin/admins/:id', { schema: { params: IdParams } }, async (request, reply) => {
      const actor = await access.requireAdmin(request);
      await users.removeAdmin(request.params.id, actor);
      return reply.status(204).send();
    });

    app.get(
      '/api/admin/users',
      { schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUserPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return users.listAllUsers(request.query);
      },
    );

    app.post(
      '/api/admin/users/:id/suspend',
      { schema: { params: IdParams, body: SuspendUserBodySchema } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        await users.suspend(actor, request.params.id, request.body.reason);
        return reply.status(204).send();
      },
    );

    app.post('/api/admin/users/:id/reinstate', { schema: { params: IdParams } }, async (request, reply) => {
      const actor = await access.requireAdmin(request);
      await users.reinstate(request.params.id, actor);
      return reply.status(204).send();
    });
  };
