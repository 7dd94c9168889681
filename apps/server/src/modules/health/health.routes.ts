import type { FastifyPluginAsync } from 'fastify';
import { type Database, rawQuery } from '../../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';

/**
 * 200 when the database answers, 503 otherwise (with Retry-After, as every answer while the database is
 * unreachable); load balancers and the README's smoke check use it.
 */
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
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: 'Database unreachable' } });
      }
    });
  };
