/**
 * The blog module's face: what other modules and the app may use. Other modules import from here only.
 */

export { blogRoutes } from './blog.routes.ts';
export { type BlogService, createBlogService } from './blog.service.ts';
export { blogContentFromInput, hasVisibleContent } from './blog-html.ts';
