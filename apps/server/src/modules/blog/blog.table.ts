import { BLOG_POST_STATUSES } from '@app/shared/blog/blog.schemas';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

export const blogCategories = pgTable('blog_categories', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const blogTags = pgTable('blog_tags', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

/**
 * Blog posts. `content` is the sanitised HTML source (plain text already turned into paragraphs);
 * `published_at` is set on every save with status published and cleared otherwise.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: text().primaryKey(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    content: text().notNull(),
    excerpt: text(),
    featuredImageUrl: text(),
    categoryId: text().references(() => blogCategories.id, { onDelete: 'set null' }),
    status: text({ enum: BLOG_POST_STATUSES }).notNull().default('draft'),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    readingTime: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list: published posts, newest first.
    index('blog_posts_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`status = 'published'`),
    index('blog_posts_category_idx').on(t.categoryId, t.publishedAt.desc()),
    index('blog_posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Case-insensitive substring search (ILIKE) over title, excerpt and content.
    index('blog_posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('blog_posts_excerpt_trgm_idx').using('gin', t.excerpt.op('gin_trgm_ops')),
    index('blog_posts_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: text()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: text()
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('blog_post_tags_tag_idx').on(t.tagId)],
);
