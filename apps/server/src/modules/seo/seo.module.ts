import type { ModuleContext } from '../../lib/module-context.ts';
import type { BlogService } from '../blog/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { ListingsService } from '../listings/index.ts';
import { seoRoutes } from './seo.routes.ts';
import { createSeoService } from './seo.service.ts';

export type SeoService = ReturnType<typeof createSeoService>;

/** robots.txt, the sitemap, and each public page's title, description and structured data. */
export function registerSeo(
  ctx: ModuleContext,
  deps: { listings: ListingsService; companies: CompaniesService; blog: BlogService },
): SeoService {
  const seo = createSeoService({
    appUrl: ctx.env.appUrl,
    clock: ctx.clock,
    ...deps,
    // The same request the visitor's browser would make, answered in-process by the real route.
    async readAsVisitor(url) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return res.statusCode === 200 ? res.json() : undefined;
    },
  });
  ctx.routes(seoRoutes(seo));
  return seo;
}
