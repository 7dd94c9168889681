import { DatabaseBackupResponseSchema, DatabaseStatusSchema } from '@app/shared/admin/admin-system.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import type { BackupsService } from './backups.service.ts';
import type { DatabaseStatusService } from './database-status.service.ts';

const BackupParams = z.object({ id: z.string().min(1).max(100) });

/** The Database card of /admin/system: live status, and backups the administrator can start. */
export const systemRoutes =
  (
    deps: { databaseStatus: DatabaseStatusService; backups: BackupsService },
    access: AccessService,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { databaseStatus, backups } = deps;

    app.get(
      '/api/admin/system/database',
      { schema: { response: { 200: DatabaseStatusSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return databaseStatus.getStatus();
      },
    );

    app.post(
      '/api/admin/system/backups',
      { schema: { response: { 202: DatabaseBackupResponseSchema } } },
      async (request, reply) => {
        const actor = await access.requireAdmin(request);
        return reply.status(202).send({ backup: await backups.requestBackup(actor) });
      },
    );

    app.get(
      '/api/admin/system/backups/:id',
      { schema: { params: BackupParams, response: { 200: DatabaseBackupResponseSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return { backup: await backups.getBackup(request.params.id) };
      },
    );
  };
