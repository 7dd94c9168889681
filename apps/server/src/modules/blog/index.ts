/**
 * The blog module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerBlog } from './blog.module.ts';
export type { BlogService } from './blog.service.ts';
export { blogContentFromInput, hasVisibleContent } from './blog-html.ts';
