import {
  AdminBlogPostListSchema,
  BLOG_LIMITS,
  BlogCategoryListSchema,
  BlogCategorySchema,
  BlogPostBodySchema,
  BlogPostPageSchema,
  BlogPostSchema,
  BlogTagListSchema,
  BlogTagSchema,
  CreateBlogTermBodySchema,
  ListBlogPostsQuerySchema,
} from '@app/shared/blog/blog.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../access/index.ts';
import type { BlogService } from './blog.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const SlugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(BLOG_LIMITS.slugMax + 20),
});
const ViewCountSchema = z.object({ viewCount: z.number().int() });

export const blogRoutes =
  (blog: BlogService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- public ----
    app.get(
      '/api/blog/posts',
      { schema: { querystring: ListBlogPostsQuerySchema, response: { 200: BlogPostPageSchema } } },
      async (request) => blog.listPublished(request.query),
    );

    app.get(
      '/api/blog/posts/:slug',
      { schema: { params: SlugParams, response: { 200: BlogPostSchema } } },
      async (request) => blog.getPublishedPost(request.params.slug),
    );

    app.post(
      '/api/blog/posts/:slug/views',
      { schema: { params: SlugParams, response: { 200: ViewCountSchema } } },
      async (request) => blog.countView(request.params.slug),
    );

    app.get('/api/blog/categories', { schema: { response: { 200: BlogCategoryListSchema } } }, async () =>
      blog.categories(),
    );

    app.get('/api/blog/tags', { schema: { response: { 200: BlogTagListSchema } } }, async () => blog.tags());

    // ---- administrators ----
    app.get(
      '/api/admin/blog/posts',
      { schema: { response: { 200: AdminBlogPostListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return blog.adminList();
      },
    );

    app.get(
      '/api/admin/blog/posts/:id',
      { schema: { params: IdParams, response: { 200: BlogPostSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return blog.adminGet(request.params.id);
      },
    );

    app.post(
      '/api/admin/blog/posts',
      { schema: { body: BlogPostBodySchema, response: { 201: BlogPostSchema } } },
      async (request, reply) => {
        const author = await access.requireAdmin(request);
        const post = await blog.create(author, request.body);
        return reply.status(201).send(post);
      },
    );

    app.put(
      '/api/admin/blog/posts/:id',
      { schema: { params: IdParams, body: BlogPostBodySchema, response: { 200: BlogPostSchema } } },
      async (request) => {
        const actor = await access.requireAdmin(request);
        return blog.update(request.params.id, request.body, actor);
      },
    );

    app.delete('/api/admin/blog/posts/:id', { schema: { params: IdParams } }, async (request, reply) => {
      const actor = await access.requireAdmin(request);
      await blog.remove(request.params.id, actor);
      return reply.status(204).send();
    });

    app.post(
      '/api/admin/blog/categories',
      { schema: { body: CreateBlogTermBodySchema, response: { 201: BlogCategorySchema } } },
      async (request, reply) => {
        await access.requireAdmin(request);
        return reply.status(201).send(await blog.createCategory(request.body.name));
      },
    );

    app.post(
      '/api/admin/blog/tags',
      { schema: { body: CreateBlogTermBodySchema, response: { 201: BlogTagSchema } } },
      async (request, reply) => {
        await access.requireAdmin(request);
        return reply.status(201).send(await blog.createTag(request.body.name));
      },
    );
  };
