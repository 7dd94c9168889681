import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../test/build-test-app.ts';
import { getWorkerDatabase } from '../../test/test-database.ts';
import { users } from '../db/schema.ts';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOG_POSTS, seedDemoBlog } from './seed-blog.ts';

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('demo blog seed', () => {
  it('publishes fifteen posts over two pages, with a draft and an archived post, only once', async () => {
    const { app, database } = await buildTestApp();
    await database.db
      .insert(users)
      .values({ id: 'demo-admin', name: 'Alex Morgan', email: 'admin@recytrade.test', emailVerified: true });
    expect(await seedDemoBlog(database.db)).toEqual({ seeded: true });
    expect(await seedDemoBlog(database.db)).toEqual({ seeded: false });

    const visitor = createClient(app);
    const first = (await visitor.get('/api/blog/posts')).json();
    expect(first).toMatchObject({ total: 15, totalPages: 2, pageSize: 12 });
    expect(first.posts[0]).toMatchObject({
      slug: 'how-copper-scrap-is-priced-discounts-to-the-exchange-explained',
      authorName: 'Alex Morgan',
    });
    const second = (await visitor.get('/api/blog/posts?page=2')).json();
    expect(second.posts).toHaveLength(3);
    const categories = (await visitor.get('/api/blog/categories')).json().categories;
    expect(categories.map((c: { name: string }) => c.name).sort()).toEqual([...DEMO_BLOG_CATEGORIES].sort());
    for (const c of categories)
      expect((await visitor.get(`/api/blog/posts?category=${c.slug}`)).json().total).toBeGreaterThan(0);

    const post = (await visitor.get(`/api/blog/posts/${first.posts[1].slug}`)).json();
    expect(post.contentHtml).toMatch(/^<p>/);
    expect(post.contentHtml).toContain('<h2>');
    expect(post.readingTime).toBeGreaterThanOrEqual(2);
    expect(post.tags.length).toBeGreaterThan(0);

    const admin = (await app.services.blog.adminList()).posts;
    expect(admin).toHaveLength(DEMO_BLOG_POSTS.length);
    expect(admin.filter((p) => p.status === 'draft')).toHaveLength(1);
    expect(admin.filter((p) => p.status === 'archived')).toHaveLength(1);
    expect((await visitor.get('/api/blog/posts?q=ESCROW')).json().total).toBeGreaterThan(1);
  });
});
