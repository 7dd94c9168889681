import { randomUUID } from 'node:crypto';
import {
  type AdminBlogPostListSchema,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogCategory,
  type BlogCategoryListSchema,
  type BlogPost,
  type BlogPostBodySchema,
  type BlogPostPage,
  type BlogPostSummary,
  type BlogTag,
  type BlogTagListSchema,
  type ListBlogPostsQuerySchema,
  readingTimeMinutes,
  slugify,
  uniqueSlug,
} from '@app/shared/blog/blog.schemas';
import { stripMarkup } from '@app/shared/listings/listings.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import {
  type BlogPostWithRefs,
  deletePost,
  ensureTags,
  findCategoryById,
  findCategoryBySlug,
  findPostById,
  findPostBySlug,
  findTermByName,
  incrementViews,
  insertPost,
  insertTerm,
  listAllPosts,
  listCategories,
  listPublishedPage,
  listPublishedSlugs,
  listTags,
  setPostTags,
  slugsLike,
  updatePost,
} from './blog.repository.ts';
import { blogCategories, blogPosts, blogTags } from './blog.table.ts';
import { blogContentFromInput, hasVisibleContent, sanitizeBlogHtml } from './blog-html.ts';

export type BlogService = ReturnType<typeof createBlogService>;

type ListQuery = z.output<typeof ListBlogPostsQuerySchema>;
type PostBody = z.output<typeof BlogPostBodySchema>;
type Author = { id: string };
type Actor = { id: string; email: string };

/** A slug an editor types: lower-case letters, digits and single hyphens between them. */
const SLUG_PATTERN = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u;
/** Room left for a numeric suffix on a generated slug. */
const SLUG_BASE_MAX = BLOG_LIMITS.slugMax - 8;
const SAVE_ATTEMPTS = 5;

const postNotFound = () => new AppError('NOT_FOUND', BLOG_MESSAGES.postNotFoundTitle);
const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** The base slug of a title or name: the spec's rule, shortened to leave room for a suffix. */
function slugBase(text: string, fallback: string): string {
  const slug = slugify(text).slice(0, SLUG_BASE_MAX).replace(/-+$/, '');
  return slug || fallback;
}

/** True for PostgreSQL's unique violation on the named constraint (both drivers, wrapped or not). */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return !e.constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

const toSummary = (row: BlogPostWithRefs): BlogPostSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  featuredImageUrl: row.featuredImageUrl,
  category: row.category,
  tags: row.tags,
  status: row.status,
  authorName: row.authorName,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  viewCount: row.viewCount,
  readingTime: row.readingTime,
});

/** The full post; the body is sanitised again on the way out. */
const toPost = (row: BlogPostWithRefs): BlogPost => ({
  ...toSummary(row),
  content: row.content,
  contentHtml: sanitizeBlogHtml(row.content),
});

export function createBlogService(deps: { db: Db; clock: Clock; audit?: AuditRecorder }) {
  const audit = deps.audit ?? noAudit;
  const { db, clock } = deps;

  // ---- public --------------------------------------------------------------------------------

  async function listPublished(query: ListQuery): Promise<BlogPostPage> {
    const pageSize = BLOG_LIMITS.pageSize;
    const empty = { posts: [], page: query.page, pageSize, total: 0, totalPages: 0 };
    let categoryId: string | undefined;
    if (query.category) {
      const category = await findCategoryBySlug(db, query.category);
      if (!category) return empty;
      categoryId = category.id;
    }
    const { rows, total } = await listPublishedPage(db, {
      page: query.page,
      pageSize,
      categoryId,
      q: query.q || undefined,
    });
    return {
      posts: rows.map(toSummary),
      page: query.page,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  /** A published post; drafts, archived and unknown slugs are all "Post not found". */
  async function getPublishedPost(slug: string): Promise<BlogPost> {
    const row = await findPostBySlug(db, slug);
    if (row?.status !== 'published') throw postNotFound();
    return toPost(row);
  }

  async function countView(slug: string): Promise<{ viewCount: number }> {
    const viewCount = await incrementViews(db, slug);
    if (viewCount === undefined) throw postNotFound();
    return { viewCount };
  }

  async function categories(): Promise<z.infer<typeof BlogCategoryListSchema>> {
    return { categories: await listCategories(db) };
  }

  async function tags(): Promise<z.infer<typeof BlogTagListSchema>> {
    return { tags: await listTags(db) };
  }

  /** Published posts for /sitemap.xml: slug, first publication and last change (ISO strings). */
  async function listPublishedForSitemap(): Promise<
    Array<{ slug: string; publishedAt: string; updatedAt: string }>
  > {
    const rows = await listPublishedSlugs(db);
    return rows.map((r) => ({
      slug: r.slug,
      publishedAt: (r.publishedAt ?? r.updatedAt).toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  // ---- administration ------------------------------------------------------------------------

  async function adminList(): Promise<z.infer<typeof AdminBlogPostListSchema>> {
    return { posts: (await listAllPosts(db)).map(toSummary) };
  }

  async function adminGet(id: string): Promise<BlogPost> {
    const row = await findPostById(db, id);
    if (!row) throw postNotFound();
    return toPost(row);
  }

  /** The body's fields as stored: markup stripped from plain fields, the body sanitised, the category checked. */
  async function prepare(body: PostBody) {
    const title = stripMarkup(body.title);
    const content = blogContentFromInput(body.content);
    if (!title || !hasVisibleContent(content)) throw invalid(BLOG_MESSAGES.titleAndContentRequired);
    const categoryId = body.categoryId?.trim() || null;
    if (categoryId && !(await findCategoryById(db, categoryId)))
      throw invalid(BLOG_MESSAGES.categoryNotFound);
    const excerpt = body.excerpt ? stripMarkup(body.excerpt) || null : null;
    const tagsBySlug = new Map<string, { id: string; name: string; slug: string }>();
    for (const raw of body.tags) {
      const name = stripMarkup(raw);
      const slug = slugify(name).slice(0, BLOG_LIMITS.slugMax);
      if (slug && !tagsBySlug.has(slug)) tagsBySlug.set(slug, { id: randomUUID(), name, slug });
    }
    const now = clock.now();
    return {
      fields: {
        title,
        content,
        excerpt,
        featuredImageUrl: body.featuredImageUrl ?? null,
        categoryId,
        status: body.status,
        // Set on every save as published, cleared otherwise (the spec's rule, re-saves included).
        publishedAt: body.status === 'published' ? now : null,
        readingTime: readingTimeMinutes(content),
        updatedAt: now,
      },
      tags: [...tagsBySlug.values()],
      now,
    };
  }

  /**
   * The slug to try: the editor's (checked against the rule and other posts), or one generated from
   * the title with -1, -2... until free. A post keeps its current slug when the editor sends it back.
   */
  async function chooseSlug(
    given: string | null | undefined,
    title: string,
    current?: { id: string; slug: string },
  ): Promise<{ slug: string; generated: boolean }> {
    if (given) {
      if (current && given === current.slug) return { slug: given, generated: false };
      if (!SLUG_PATTERN.test(given)) throw invalid(BLOG_MESSAGES.slugInvalid);
      if ((await slugsLike(db, blogPosts, given, current?.id)).has(given))
        throw new AppError('CONFLICT', BLOG_MESSAGES.slugTaken);
      return { slug: given, generated: false };
    }
    const base = slugBase(title, 'post');
    return { slug: uniqueSlug(base, await slugsLike(db, blogPosts, base, current?.id)), generated: true };
  }

  /**
   * Runs a save with a chosen slug; when another save takes the same generated slug first, chooses
   * again. A slug the editor typed that was taken meanwhile is a conflict.
   */
  async function withFreeSlug(
    body: PostBody,
    title: string,
    current: { id: string; slug: string } | undefined,
    save: (slug: string) => Promise<void>,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { slug, generated } = await chooseSlug(body.slug, title, current);
      try {
        await save(slug);
        return;
      } catch (err) {
        if (!isUniqueViolation(err, 'blog_posts_slug_unique')) throw err;
        if (!generated || attempt >= SAVE_ATTEMPTS) throw new AppError('CONFLICT', BLOG_MESSAGES.slugTaken);
      }
    }
  }

  async function create(author: Author | Actor, body: PostBody): Promise<BlogPost> {
    const { fields, tags: wanted, now } = await prepare(body);
    const id = randomUUID();
    await withFreeSlug(body, fields.title, undefined, (slug) =>
      db.transaction(async (tx) => {
        await insertPost(tx, { id, slug, authorId: author.id, createdAt: now, ...fields });
        const tagRows = await ensureTags(tx, wanted);
        await setPostTags(
          tx,
          id,
          tagRows.map((t) => t.id),
        );
        if ('email' in author)
          await audit(
            {
              actor: author,
              action: 'blog_post.create',
              targetType: 'blog_post',
              targetId: id,
              details: { title: body.title },
            },
            tx,
          );
      }),
    );
    return adminGet(id);
  }

  async function update(id: string, body: PostBody, actor?: Actor): Promise<BlogPost> {
    const existing = await findPostById(db, id);
    if (!existing) throw postNotFound();
    const { fields, tags: wanted } = await prepare(body);
    await withFreeSlug(body, fields.title, { id, slug: existing.slug }, (slug) =>
      db.transaction(async (tx) => {
        if (!(await updatePost(tx, id, { slug, ...fields }))) throw postNotFound();
        const tagRows = await ensureTags(tx, wanted);
        await setPostTags(
          tx,
          id,
          tagRows.map((t) => t.id),
        );
        if (actor)
          await audit(
            {
              actor,
              action: 'blog_post.update',
              targetType: 'blog_post',
              targetId: id,
              details: { title: body.title },
            },
            tx,
          );
      }),
    );
    return adminGet(id);
  }

  async function remove(id: string, actor?: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await deletePost(tx, id))) throw postNotFound();
      if (actor)
        await audit({ actor, action: 'blog_post.delete', targetType: 'blog_post', targetId: id }, tx);
    });
  }

  /**
   * Creates a category or tag from the editor. The same name (any case) gives back the existing
   * one; otherwise the slug comes from the name with -1, -2... until free.
   */
  async function createTerm(
    table: typeof blogCategories | typeof blogTags,
    rawName: string,
  ): Promise<BlogCategory | BlogTag> {
    const name = stripMarkup(rawName);
    if (!name) throw invalid(BLOG_MESSAGES.nameRequired);
    const constraint = table === blogCategories ? 'blog_categories_slug_unique' : 'blog_tags_slug_unique';
    for (let attempt = 1; ; attempt++) {
      const same = await findTermByName(db, table, name);
      if (same) return same;
      const base = slugBase(name, table === blogCategories ? 'category' : 'tag');
      const row = { id: randomUUID(), name, slug: uniqueSlug(base, await slugsLike(db, table, base)) };
      try {
        await insertTerm(db, table, row);
        return row;
      } catch (err) {
        if (!isUniqueViolation(err, constraint) || attempt >= SAVE_ATTEMPTS) throw err;
      }
    }
  }

  return {
    listPublished,
    getPublishedPost,
    countView,
    categories,
    tags,
    listPublishedForSitemap,
    adminList,
    adminGet,
    create,
    update,
    remove,
    createCategory: (name: string) => createTerm(blogCategories, name) as Promise<BlogCategory>,
    createTag: (name: string) => createTerm(blogTags, name) as Promise<BlogTag>,
  };
}
