/**
 * The seo module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerSeo, type SeoService } from './seo.module.ts';
export { seoRoutes } from './seo.routes.ts';
export { createSeoService } from './seo.service.ts';
