import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from './blog.table.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;
export type BlogCategoryRow = typeof blogCategories.$inferSelect;
export type BlogTagRow = typeof blogTags.$inferSelect;
/** A post with what the API shows alongside it. */
export type BlogPostWithRefs = BlogPostRow & {
  category: BlogCategoryRow | null;
  authorName: string | null;
  tags: BlogTagRow[];
};

/** Escapes LIKE wildcards so user text matches literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const isPublished = eq(blogPosts.status, 'published');

const withRefs = {
  post: blogPosts,
  categoryId: blogCategories.id,
  categoryName: blogCategories.name,
  categorySlug: blogCategories.slug,
  authorName: userDirectory.name,
};
type RefsRow = {
  post: BlogPostRow;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  authorName: string | null;
};

function selectWithRefs(db: Db) {
  return db
    .select(withRefs)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(userDirectory, eq(userDirectory.id, blogPosts.authorId));
}

/** Joins each post's tags (one query for the whole set). */
async function attachTags(db: Db, rows: RefsRow[]): Promise<BlogPostWithRefs[]> {
  const ids = rows.map((r) => r.post.id);
  const tagRows = ids.length
    ? await db
        .select({ postId: blogPostTags.postId, id: blogTags.id, name: blogTags.name, slug: blogTags.slug })
        .from(blogPostTags)
        .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
        .where(inArray(blogPostTags.postId, ids))
        .orderBy(asc(blogTags.name))
    : [];
  const byPost = new Map<string, BlogTagRow[]>();
  for (const { postId, ...tag } of tagRows) byPost.set(postId, [...(byPost.get(postId) ?? []), tag]);
  return rows.map((r) => ({
    ...r.post,
    category:
      r.categoryId && r.categoryName !== null && r.categorySlug !== null
        ? { id: r.categoryId, name: r.categoryName, slug: r.categorySlug }
        : null,
    authorName: r.authorName,
    tags: byPost.get(r.post.id) ?? [],
  }));
}

/** Published posts, newest first; `q` matches title, excerpt or content case-insensitively. */
export async function listPublishedPage(
  db: Db,
  opts: { page: number; pageSize: number; categoryId?: string; q?: string },
): Promise<{ rows: BlogPostWithRefs[]; total: number }> {
  const conditions: SQL[] = [isPublished];
  if (opts.categoryId) conditions.push(eq(blogPosts.categoryId, opts.categoryId));
  if (opts.q) {
    const pattern = `%${escapeLike(opts.q)}%`;
    conditions.push(
      or(
        ilike(blogPosts.title, pattern),
        ilike(blogPosts.excerpt, pattern),
        ilike(blogPosts.content, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectWithRefs(db)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows: await attachTags(db, rows), total };
}

export async function findPostBySlug(db: Db, slug: string): Promise<BlogPostWithRefs | undefined> {
  const rows = await selectWithRefs(db).where(eq(blogPosts.slug, slug));
  return (await attachTags(db, rows))[0];
}

export async function findPostById(db: Db, id: string): Promise<BlogPostWithRefs | undefined> {
  const rows = await selectWithRefs(db).where(eq(blogPosts.id, id));
  return (await attachTags(db, rows))[0];
}

/** Every post, whatever its status, newest first (the admin list). */
export async function listAllPosts(db: Db): Promise<BlogPostWithRefs[]> {
  const rows = await selectWithRefs(db).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return attachTags(db, rows);
}

/** Counts one view of a published post in a single atomic update; undefined when there is none. */
export async function incrementViews(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
    .where(and(eq(blogPosts.slug, slug), isPublished))
    .returning({ viewCount: blogPosts.viewCount });
  return row?.viewCount;
}

type SlugTable = typeof blogPosts | typeof blogCategories | typeof blogTags;

/** The slugs in use that `base` or one of its numeric suffixes could collide with. */
export async function slugsLike(
  db: Db,
  table: SlugTable,
  base: string,
  exceptId?: string,
): Promise<Set<string>> {
  const conditions: SQL[] = [or(eq(table.slug, base), like(table.slug, `${escapeLike(base)}-%`)) as SQL];
  if (exceptId) conditions.push(ne(table.id, exceptId));
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(...conditions));
  return new Set(rows.map((r) => r.slug));
}

export async function insertPost(db: Db, row: NewBlogPostRow): Promise<void> {
  await db.insert(blogPosts).values(row);
}

export async function updatePost(db: Db, id: string, patch: Partial<NewBlogPostRow>): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set(patch)
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Replaces a post's tags. */
export async function setPostTags(db: Db, postId: string, tagIds: string[]): Promise<void> {
  await db.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (tagIds.length) await db.insert(blogPostTags).values(tagIds.map((tagId) => ({ postId, tagId })));
}

/** The tags with these slugs, creating the missing ones (concurrent creators share one row). */
export async function ensureTags(
  db: Db,
  tags: Array<{ id: string; name: string; slug: string }>,
): Promise<BlogTagRow[]> {
  if (tags.length === 0) return [];
  await db.insert(blogTags).values(tags).onConflictDoNothing({ target: blogTags.slug });
  return db
    .select()
    .from(blogTags)
    .where(
      inArray(
        blogTags.slug,
        tags.map((t) => t.slug),
      ),
    );
}

export async function listCategories(db: Db): Promise<BlogCategoryRow[]> {
  return db.select().from(blogCategories).orderBy(asc(blogCategories.name), asc(blogCategories.slug));
}

export async function listTags(db: Db): Promise<BlogTagRow[]> {
  return db.select().from(blogTags).orderBy(asc(blogTags.name), asc(blogTags.slug));
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug));
  return row;
}

export async function findCategoryById(db: Db, id: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id));
  return row;
}

/** A category or tag with this name, ignoring case. */
export async function findTermByName(
  db: Db,
  table: typeof blogCategories | typeof blogTags,
  name: string,
): Promise<BlogCategoryRow | undefined> {
  const [row] = await db.select().from(table).where(sql`lower(${table.name}) = lower(${name})`).limit(1);
  return row;
}

export async function insertTerm(
  db: Db,
  table: typeof blogCategories | typeof blogTags,
  row: { id: string; name: string; slug: string },
): Promise<void> {
  await db.insert(table).values(row);
}

/** Published posts for the sitemap: slug and dates, newest first. */
export async function listPublishedSlugs(
  db: Db,
): Promise<Array<{ slug: string; publishedAt: Date | null; updatedAt: Date }>> {
  return db
    .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}
