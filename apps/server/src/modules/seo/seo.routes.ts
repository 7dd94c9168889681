import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SeoService } from './seo.service.ts';

export const seoRoutes =
  (seo: SeoService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/robots.txt', async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return seo.robotsTxt();
    });

    app.get('/sitemap.xml', async (_request, reply) => {
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      return seo.sitemapXml();
    });
  };
