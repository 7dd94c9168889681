/**
 * The seo module's face: what other modules and the app may use. Other modules import from here only.
 */

export { seoRoutes } from './seo.routes.ts';
export { createSeoService } from './seo.service.ts';
