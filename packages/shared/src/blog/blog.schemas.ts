import * as z from '../zod.ts';

/** Document 002, sections 4, 5, 8 and 9. */
export const BLOG_LIMITS = {
  pageSize: 12,
  /** The pager shows the first page, the last page and pages within this many of the current one. */
  pagerWindow: 2,
  /** An ad slot follows every 6th post unless it is the last. */
  adEvery: 6,
  titleMax: 200,
  slugMax: 200,
  excerptMax: 1_000,
  contentMax: 200_000,
  imageUrlMax: 2_000,
  tagsMax: 20,
  nameMax: 60,
  searchMax: 200,
  /** Words read per minute for the reading time. */
  wordsPerMinute: 200,
  excerptRows: 3,
  contentRows: 12,
} as const;

export const BLOG_POST_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** The specification's copy, word for word. */
export const BLOG_MESSAGES = {
  titleAndContentRequired: 'Validation Error: Title and content are required.',
  postNotFoundTitle: 'Post not found',
  postNotFoundText: "The blog post you're looking for doesn't exist.",
  noPostsFound: 'No posts found',
  adjustFilters: 'Try adjusting your search or filters',
  noPostsAvailable: 'No blog posts are available at the moment',
  clearFilters: 'Clear filters',
  errorTitle: 'Oops! Something went wrong',
  tryAgain: 'Try Again',
  loadFailed: 'Failed to load blog posts',
  loadContentFailed: 'Failed to load blog content',
  loadContentToast: 'Error: Failed to load blog content. Please try again.',
  pageLoadFailed: 'Failed to load posts. Please try again.',
  searchFailed: 'Search failed',
  searchErrorToast: 'Search Error: Failed to search posts. Please try again.',
  categoryFailed: 'Failed to fetch category',
  fetchPostsFailed: 'Failed to fetch blog posts',
  fetchPostFailed: 'Failed to fetch blog post',
  fetchCategoriesFailed: 'Failed to fetch categories',
  linkCopiedTitle: 'Link copied!',
  linkCopiedText: 'Blog post link copied to clipboard.',
  readMore: 'Read More Articles',
  created: 'Blog post created successfully.',
  updated: 'Blog post updated successfully.',
  deleted: 'Blog post deleted successfully.',
  createFailed: 'Failed to create blog post.',
  updateFailed: 'Failed to update blog post.',
  deleteFailed: 'Failed to delete blog post.',
  slugTaken: 'This slug is already used by another post',
  slugInvalid: 'A slug may contain only lower-case letters, digits and hyphens',
  categoryNotFound: 'Category not found',
  nameRequired: 'Name is required',
} as const;

/**
 * The spec's slug rule: lower-cased; characters other than letters, digits, spaces and hyphens removed;
 * whitespace runs turned into hyphens; edge hyphens trimmed. Letters include accented ones
 * ("Éco-conception" → "éco-conception").
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The first free slug: `base`, then `base-1`, `base-2`... given the slugs already taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 1; ; i++) {
    const candidate = `${base}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The spec's body rule: text without a paragraph tag has its blank-line-separated blocks turned into
 * paragraphs and single line breaks into <br>. Text with a <p> is returned as it is. The result is
 * HTML and must be sanitised before it is stored or shown.
 */
export function paragraphsFromText(body: string): string {
  if (/<p[\s>]/i.test(body)) return body;
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block) => `<p>${block.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Minutes to read, at least 1, counting the words of the text with any markup removed. */
export function readingTimeMinutes(content: string): number {
  const words = content
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / BLOG_LIMITS.wordsPerMinute));
}

/**
 * The pager's items: first page, last page and pages within the window of the current one, with
 * 'ellipsis' where pages are skipped. [] when there is a single page.
 */
export function pagerItems(
  current: number,
  totalPages: number,
  window: number = BLOG_LIMITS.pagerWindow,
): Array<number | 'ellipsis'> {
  if (totalPages <= 1) return [];
  const items: Array<number | 'ellipsis'> = [];
  let last = 0;
  for (let page = 1; page <= totalPages; page++) {
    if (page === 1 || page === totalPages || Math.abs(page - current) <= window) {
      if (page - last > 1) items.push('ellipsis');
      items.push(page);
      last = page;
    }
  }
  return items;
}

/** Where the list puts ad slots: after every 6th post unless that post is the last on the page. */
export const adSlotAfter = (index: number, count: number) =>
  (index + 1) % BLOG_LIMITS.adEvery === 0 && index + 1 < count;

// ---------------------------------------------------------------------------------------------------
// API shapes

export const BlogCategorySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type BlogCategory = z.infer<typeof BlogCategorySchema>;
export const BlogTagSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type BlogTag = z.infer<typeof BlogTagSchema>;

/** A post as cards show it (no body). */
export const BlogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  featuredImageUrl: z.string().nullable(),
  category: BlogCategorySchema.nullable(),
  tags: z.array(BlogTagSchema),
  status: z.enum(BLOG_POST_STATUSES),
  authorName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewCount: z.number().int(),
  readingTime: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** A post with its body: `contentHtml` is sanitised HTML, ready to insert; `content` is the stored source. */
export const BlogPostSchema = BlogPostSummarySchema.extend({
  content: z.string(),
  contentHtml: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** GET /api/blog/posts: published posts, newest first, 12 a page. */
export const ListBlogPostsQuerySchema = z.object({
  page: z.pageNumber(),
  /** A category slug; an unknown slug gives an empty result, not an error. */
  category: z.string().trim().max(BLOG_LIMITS.slugMax).optional(),
  /** Case-insensitive over title, content and excerpt; blank means no search. */
  q: z.string().trim().max(BLOG_LIMITS.searchMax).optional(),
});
export type ListBlogPostsQuery = z.input<typeof ListBlogPostsQuerySchema>;

export const BlogPostPageSchema = z.object({
  posts: z.array(BlogPostSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type BlogPostPage = z.infer<typeof BlogPostPageSchema>;

export const BlogCategoryListSchema = z.object({ categories: z.array(BlogCategorySchema) });
export const BlogTagListSchema = z.object({ tags: z.array(BlogTagSchema) });
export type BlogCategoryList = z.infer<typeof BlogCategoryListSchema>;
export type BlogTagList = z.infer<typeof BlogTagListSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** POST /api/admin/blog/posts and PUT /api/admin/blog/posts/:id: the editor's fields. */
export const BlogPostBodySchema = z
  .object({
    title: z.string({ error: BLOG_MESSAGES.titleAndContentRequired }).trim().max(BLOG_LIMITS.titleMax),
    /** Empty: generated from the title by the slug rule, with -1, -2 suffixes until unique. */
    slug: optionalText(BLOG_LIMITS.slugMax),
    excerpt: optionalText(BLOG_LIMITS.excerptMax),
    content: z.string({ error: BLOG_MESSAGES.titleAndContentRequired }).max(BLOG_LIMITS.contentMax),
    featuredImageUrl: z
      .union([z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) image URL' }), z.literal('')])
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    categoryId: z.string().max(100).nullable().optional(),
    status: z.enum(BLOG_POST_STATUSES).default('draft'),
    /** Tag names; unknown names are created. */
    tags: z.array(z.string().trim().min(1).max(BLOG_LIMITS.nameMax)).max(BLOG_LIMITS.tagsMax).default([]),
  })
  .strict()
  .refine((b) => b.title.length > 0 && b.content.trim().length > 0, {
    message: BLOG_MESSAGES.titleAndContentRequired,
  });
export type BlogPostBody = z.input<typeof BlogPostBodySchema>;

/** POST /api/admin/blog/categories and /tags: created from the editor. */
export const CreateBlogTermBodySchema = z
  .object({ name: z.string().trim().min(1, BLOG_MESSAGES.nameRequired).max(BLOG_LIMITS.nameMax) })
  .strict();

export const AdminBlogPostListSchema = z.object({ posts: z.array(BlogPostSummarySchema) });
export type AdminBlogPostList = z.infer<typeof AdminBlogPostListSchema>;
