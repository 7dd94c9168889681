import type { FastifyPluginAsync } from 'fastify';
import { type Database, rawQuery } from '../../db/client.ts';

/** 200 when the database answers, 503 otherwise; load balancers and the README's smoke check use it. */
export const healthRoutes =
  (database: Database): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/health', async (_request, reply) => {
      try {
        await Promise.race([
          rawQuery(database, 'select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
        ]);
        return { status: 'ok', database: 'up' };
      } catch {
        return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: 'Database unreachable' } });
      }
    });
  };
