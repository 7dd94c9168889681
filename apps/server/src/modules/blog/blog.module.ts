import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import { blogRoutes } from './blog.routes.ts';
import { type BlogService, createBlogService } from './blog.service.ts';

export function registerBlog(ctx: ModuleContext, deps: { access: AccessService }): BlogService {
  const blog = createBlogService({ db: ctx.db, clock: ctx.clock, audit: deps.access.audit.record });
  ctx.routes(blogRoutes(blog, deps.access));
  return blog;
}
