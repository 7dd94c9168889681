import { PublicConfigSchema } from '@app/shared/ads/ads.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdsService } from './ads.service.ts';

export const adsRoutes =
  (ads: AdsService): FastifyPluginAsyncZod =>
  async (app) => {
    /** Public, identical for everyone and fixed for the process's life: shared caches may keep it. */
    app.get(
      '/api/config/public',
      { schema: { response: { 200: PublicConfigSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return ads.getPublicConfig();
      },
    );
  };
