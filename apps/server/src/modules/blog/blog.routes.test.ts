import { BLOG_MESSAGES } from '@app/shared/blog/blog.schemas';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { XSS_PAYLOADS } from '../../../test/factories/blog.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { BLOG_LINK_REL } from './blog-html.ts';

type Post = { id: string; slug: string; status: string; publishedAt: string | null; [k: string]: unknown };

const put = (client: TestClient, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });
const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

async function createPost(client: TestClient, body: Record<string, unknown>): Promise<Post> {
  const res = await client.post('/api/admin/blog/posts', {
    content: 'Body text.',
    status: 'published',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The app on a fixed clock with a signed-in administrator and a visitor; a plain user on request. */
async function setup() {
  const clock = createTestClock(new Date('2025-03-01T10:00:00Z'));
  const { app } = await buildTestApp({ clock });
  const admin = await adminClient(app);
  return { app, clock, admin: admin.client, visitor: createClient(app) };
}

async function setupWithUser() {
  const base = await setup();
  return { ...base, user: (await signedInClient(base.app)).client };
}

const slugsOf = async (client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().posts.map((p: Post) => p.slug);
};

async function category(app: FastifyInstance, admin: TestClient, name: string) {
  const res = await admin.post('/api/admin/blog/categories', { name });
  expect(res.statusCode, res.body).toBe(201);
  void app;
  return res.json() as { id: string; name: string; slug: string };
}

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('blog visibility', () => {
  it('serves published posts only; drafts and archived are 404 publicly and listed for admins', async () => {
    const { admin, user, visitor } = await setupWithUser();
    const published = await createPost(admin, {
      title: 'Copper grades explained',
      tags: ['Metals', 'Pricing'],
    });
    const draft = await createPost(admin, { title: 'Draft thoughts', status: 'draft' });
    const archived = await createPost(admin, { title: 'Old news', status: 'archived' });

    for (const client of [visitor, user, admin]) {
      expect(await slugsOf(client, '/api/blog/posts')).toEqual([published.slug]);
      const ok = await client.get(`/api/blog/posts/${published.slug}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        title: 'Copper grades explained',
        status: 'published',
        contentHtml: '<p>Body text.</p>',
        tags: [
          { name: 'Metals', slug: 'metals' },
          { name: 'Pricing', slug: 'pricing' },
        ],
      });
      for (const hidden of [draft.slug, archived.slug, 'no-such-post']) {
        const res = await client.get(`/api/blog/posts/${hidden}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Post not found' } });
        expect((await client.post(`/api/blog/posts/${hidden}/views`)).statusCode).toBe(404);
      }
    }

    const list = await admin.get('/api/admin/blog/posts');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .posts.map((p: Post) => p.status)
        .sort(),
    ).toEqual(['archived', 'draft', 'published']);
    expect((await admin.get(`/api/admin/blog/posts/${draft.id}`)).json()).toMatchObject({
      id: draft.id,
      status: 'draft',
      publishedAt: null,
      content: '<p>Body text.</p>',
    });
    expect((await admin.get('/api/admin/blog/posts/nope')).statusCode).toBe(404);
    expect((await visitor.get('/api/blog/tags')).json().tags.map((t: { slug: string }) => t.slug)).toEqual([
      'metals',
      'pricing',
    ]);
  });

  it('lets only admins manage posts: visitors get 401, users 403', async () => {
    const { admin, user, visitor } = await setupWithUser();
    const post = await createPost(admin, { title: 'Admin only' });
    const body = { title: 'X', content: 'Y' };
    const calls: Array<(c: TestClient) => ReturnType<TestClient['get']>> = [
      (c) => c.get('/api/admin/blog/posts'),
      (c) => c.get(`/api/admin/blog/posts/${post.id}`),
      (c) => c.post('/api/admin/blog/posts', body),
      (c) => put(c, `/api/admin/blog/posts/${post.id}`, body),
      (c) => del(c, `/api/admin/blog/posts/${post.id}`),
      (c) => c.post('/api/admin/blog/categories', { name: 'Metals' }),
      (c) => c.post('/api/admin/blog/tags', { name: 'Metals' }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      expect((await call(user)).statusCode).toBe(403);
    }
    expect((await visitor.get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(200);

    expect((await del(admin, `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(204);
    expect((await visitor.get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
    expect((await del(admin, `/api/admin/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await put(admin, `/api/admin/blog/posts/${post.id}`, body)).statusCode).toBe(404);
  });
});

describe('views', () => {
  it('counts one view per call atomically, and reading a post counts none', async () => {
    const { admin, visitor } = await setup();
    const post = await createPost(admin, { title: 'Counting views' });
    await visitor.get(`/api/blog/posts/${post.slug}`);
    expect((await visitor.get(`/api/blog/posts/${post.slug}`)).json().viewCount).toBe(0);
    const first = await visitor.post(`/api/blog/posts/${post.slug}/views`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ viewCount: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => visitor.post(`/api/blog/posts/${post.slug}/views`)),
    );
    expect(results.map((r) => r.json().viewCount).sort((a, b) => a - b)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect((await visitor.get(`/api/blog/posts/${post.slug}`)).json().viewCount).toBe(11);
  });
});

describe('the public list', () => {
  it('searches case-insensitively over title, content and excerpt among published posts', async () => {
    const { admin, visitor } = await setup();
    await createPost(admin, { title: 'Aluminium UBC bales', content: 'Used beverage cans.' });
    await createPost(admin, { title: 'Paper markets', content: 'OCC prices rose; COPPER stayed flat.' });
    await createPost(admin, { title: 'Glass', content: 'Cullet.', excerpt: 'Why copper matters for glass' });
    await createPost(admin, { title: 'Copper draft', status: 'draft' });
    await createPost(admin, { title: '100% recycled_fibre', content: 'Literal symbols.' });

    expect((await slugsOf(visitor, '/api/blog/posts?q=copper')).sort()).toEqual(['glass', 'paper-markets']);
    expect(await slugsOf(visitor, '/api/blog/posts?q=ALUMINIUM')).toEqual(['aluminium-ubc-bales']);
    expect(await slugsOf(visitor, '/api/blog/posts?q=beverage%20CANS')).toEqual(['aluminium-ubc-bales']);
    expect(await slugsOf(visitor, '/api/blog/posts?q=%25')).toEqual(['100-recycledfibre']);
    expect(await slugsOf(visitor, '/api/blog/posts?q=_')).toEqual(['100-recycledfibre']);
    expect(await slugsOf(visitor, '/api/blog/posts?q=zinc')).toEqual([]);
    expect((await slugsOf(visitor, '/api/blog/posts?q=%20%20')).length).toBe(4);
    expect((await visitor.get(`/api/blog/posts?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('filters by category slug; an unknown slug gives an empty page', async () => {
    const { app, admin, visitor } = await setup();
    const metals = await category(app, admin, 'Market Insights');
    const guides = await category(app, admin, 'Recycling Guides');
    await createPost(admin, { title: 'Steel outlook', categoryId: metals.id });
    await createPost(admin, { title: 'Sorting PET', categoryId: guides.id });
    await createPost(admin, { title: 'Hidden insight', categoryId: metals.id, status: 'draft' });
    await createPost(admin, { title: 'Uncategorised' });

    expect(await slugsOf(visitor, '/api/blog/posts?category=market-insights')).toEqual(['steel-outlook']);
    const post = (await visitor.get('/api/blog/posts?category=recycling-guides')).json().posts[0];
    expect(post.category).toEqual(guides);
    const unknown = await visitor.get('/api/blog/posts?category=no-such-category');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ posts: [], page: 1, pageSize: 12, total: 0, totalPages: 0 });
    expect(await slugsOf(visitor, '/api/blog/posts?category=market-insights&q=steel')).toEqual([
      'steel-outlook',
    ]);
    expect(await slugsOf(visitor, '/api/blog/posts?category=market-insights&q=pet')).toEqual([]);
    expect((await visitor.get('/api/blog/categories')).json().categories).toEqual([metals, guides]);
  });

  it('pages by 12, newest published first', async () => {
    const { admin, clock, visitor } = await setup();
    for (let i = 1; i <= 14; i++) {
      await createPost(admin, { title: `Post ${i}` });
      clock.advanceDays(1);
    }
    const first = (await visitor.get('/api/blog/posts')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 12, total: 14, totalPages: 2 });
    expect(first.posts.map((p: Post) => p.slug)).toEqual(
      Array.from({ length: 12 }, (_, i) => `post-${14 - i}`),
    );
    expect(await slugsOf(visitor, '/api/blog/posts?page=2')).toEqual(['post-2', 'post-1']);
    expect(await slugsOf(visitor, '/api/blog/posts?page=3')).toEqual([]);
    for (const bad of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=99999'])
      expect((await visitor.get(`/api/blog/posts?${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('the editor', () => {
  it("answers 'Validation Error: Title and content are required.' and other bad input with 400, never 500", async () => {
    const { admin } = await setup();
    for (const body of [
      {},
      { title: 'Only title' },
      { content: 'Only content' },
      { title: '   ', content: 'x' },
      { title: 'x', content: '   ' },
      { title: '<b></b>', content: 'x' },
      { title: 'x', content: '<script>alert(1)</script>' },
      { title: 7, content: 'x' },
    ]) {
      const res = await admin.post('/api/admin/blog/posts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(BLOG_MESSAGES.titleAndContentRequired);
    }
    const base = { title: 'T', content: 'C' };
    for (const extra of [
      { status: 'deleted' },
      { slug: 'Upper-Case' },
      { slug: 'double--hyphen' },
      { slug: 'spaces here' },
      { slug: '-edge' },
      { featuredImageUrl: 'javascript:alert(1)' },
      { featuredImageUrl: 'not a url' },
      { categoryId: 'missing' },
      { tags: 'metals' },
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { title: 'x'.repeat(201) },
      { unknownField: true },
    ]) {
      const res = await admin.post('/api/admin/blog/posts', { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.post('/api/admin/blog/posts', { ...base, slug: 'Upper' })).json().error.message).toBe(
      BLOG_MESSAGES.slugInvalid,
    );
    expect(
      (await admin.post('/api/admin/blog/posts', { ...base, categoryId: 'missing' })).json().error.message,
    ).toBe(BLOG_MESSAGES.categoryNotFound);
    const notJson = await admin.request({
      method: 'POST',
      url: '/api/admin/blog/posts',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect((await admin.post('/api/admin/blog/categories', { name: ' ' })).json().error.message).toBe(
      BLOG_MESSAGES.nameRequired,
    );
  });

  it('generates slugs from titles with -1, -2 suffixes, checks given slugs, and keeps a slug on re-save', async () => {
    const { app, admin } = await setup();
    const a = await createPost(admin, { title: 'Éco-conception: PET & HDPE!' });
    const b = await createPost(admin, { title: 'Éco-conception PET HDPE' });
    const c = await createPost(admin, { title: 'éco-conception  pet   hdpe', status: 'draft' });
    expect([a.slug, b.slug, c.slug]).toEqual([
      'éco-conception-pet-hdpe',
      'éco-conception-pet-hdpe-1',
      'éco-conception-pet-hdpe-2',
    ]);
    expect((await createPost(admin, { title: '!!!' })).slug).toBe('post');
    const encoded = await createClient(app).get(`/api/blog/posts/${encodeURIComponent(a.slug)}`);
    expect(encoded.json().id).toBe(a.id);
    expect((await createPost(admin, { title: 'Given', slug: 'my-own-slug-2025' })).slug).toBe(
      'my-own-slug-2025',
    );
    const taken = await admin.post('/api/admin/blog/posts', { title: 'Other', content: 'x', slug: a.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(BLOG_MESSAGES.slugTaken);

    // Re-saving keeps the post's own slug (given back or generated), even one the rule would refuse.
    const spaced = await createPost(admin, { title: 'a - b' });
    expect(spaced.slug).toBe('a---b');
    const resaved = await put(admin, `/api/admin/blog/posts/${spaced.id}`, {
      title: 'a - b',
      content: 'x',
      slug: 'a---b',
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(resaved.json().slug).toBe('a---b');
    const regenerated = await put(admin, `/api/admin/blog/posts/${b.id}`, {
      title: 'Éco-conception PET HDPE',
      content: 'x',
    });
    expect(regenerated.json().slug).toBe(b.slug);
    const stolen = await put(admin, `/api/admin/blog/posts/${b.id}`, {
      title: 'x',
      content: 'x',
      slug: a.slug,
    });
    expect(stolen.statusCode).toBe(409);
  });

  it('gives concurrent posts with the same title distinct slugs', async () => {
    const { admin } = await setup();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.post('/api/admin/blog/posts', { title: 'Same title', content: 'x', status: 'published' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json().slug).sort()).toEqual([
      'same-title',
      'same-title-1',
      'same-title-2',
      'same-title-3',
      'same-title-4',
    ]);
  });

  it('sets published_at on every save as published and clears it otherwise', async () => {
    const { admin, clock } = await setup();
    const post = await createPost(admin, { title: 'Dates', status: 'draft' });
    expect(post.publishedAt).toBeNull();
    const body = { title: 'Dates', content: 'x' };
    const published = (
      await put(admin, `/api/admin/blog/posts/${post.id}`, { ...body, status: 'published' })
    ).json();
    expect(published.publishedAt).toBe('2025-03-01T10:00:00.000Z');
    clock.advanceDays(2);
    const resaved = (
      await put(admin, `/api/admin/blog/posts/${post.id}`, { ...body, status: 'published' })
    ).json();
    expect(resaved.publishedAt).toBe('2025-03-03T10:00:00.000Z');
    const archived = (
      await put(admin, `/api/admin/blog/posts/${post.id}`, { ...body, status: 'archived' })
    ).json();
    expect(archived.publishedAt).toBeNull();
    expect((await put(admin, `/api/admin/blog/posts/${post.id}`, body)).json()).toMatchObject({
      status: 'draft',
      publishedAt: null,
    });
  });

  it('stores and renders the body through the allow-list, with paragraphs, reading time and tags', async () => {
    const { admin, visitor } = await setup();
    const words = Array.from({ length: 450 }, () => 'tonnes').join(' ');
    const post = await createPost(admin, {
      title: '<i>Escrow</i> basics',
      excerpt: '<b>Why</b> escrow',
      content: `<h2>How it works</h2>\n\nFirst line\nsecond line\n\n${words}`,
      tags: ['Escrow', ' escrow ', 'Pricing'],
      featuredImageUrl: 'https://img.test/escrow.png',
    });
    expect(post).toMatchObject({
      title: 'Escrow basics',
      excerpt: 'Why escrow',
      readingTime: 3,
      featuredImageUrl: 'https://img.test/escrow.png',
      tags: [
        { name: 'Escrow', slug: 'escrow' },
        { name: 'Pricing', slug: 'pricing' },
      ],
    });
    expect(post.content).toMatch(/^<h2>How it works<\/h2>\n<p>First line<br \/>second line<\/p>\n<p>tonnes/);
    expect(post.contentHtml).toBe(post.content);

    for (const payload of XSS_PAYLOADS) {
      const res = await admin.post('/api/admin/blog/posts', {
        title: 'XSS attempt',
        content: `Visible text. ${payload}`,
        status: 'published',
      });
      expect(res.statusCode, payload).toBe(201);
      const shown = (await visitor.get(`/api/blog/posts/${res.json().slug}`)).json();
      for (const html of [shown.content, shown.contentHtml]) {
        expect(html, payload).not.toMatch(
          /<\s*(script|iframe|object|embed|svg|style|form|meta|base|input)\b/i,
        );
        expect(html, payload).not.toMatch(/\son[a-z]+\s*=|javascript:|vbscript:|data:/i);
        for (const a of html.matchAll(/<a\b[^>]*>/gi)) expect(a[0]).toContain(`rel="${BLOG_LINK_REL}"`);
      }
    }
  });

  it('creates categories and tags from the editor with unique slugs', async () => {
    const { app, admin, visitor } = await setup();
    const first = await category(app, admin, 'Market Insights');
    expect(first).toMatchObject({ name: 'Market Insights', slug: 'market-insights' });
    expect(await category(app, admin, 'market insights')).toEqual(first);
    expect((await category(app, admin, 'Market: Insights!')).slug).toBe('market-insights-1');
    const tag = await admin.post('/api/admin/blog/tags', { name: 'E-Waste' });
    expect(tag.statusCode).toBe(201);
    expect(tag.json()).toMatchObject({ name: 'E-Waste', slug: 'e-waste' });
    expect((await visitor.get('/api/blog/tags')).json().tags).toEqual([tag.json()]);
    expect((await admin.post('/api/admin/blog/tags', { name: 'x'.repeat(61) })).statusCode).toBe(400);
  });

  it('lists published posts for the sitemap', async () => {
    const { app, admin } = await setup();
    await createPost(admin, { title: 'In the sitemap' });
    await createPost(admin, { title: 'Not yet', status: 'draft' });
    expect(await app.services.blog.listPublishedForSitemap()).toEqual([
      {
        slug: 'in-the-sitemap',
        publishedAt: '2025-03-01T10:00:00.000Z',
        updatedAt: '2025-03-01T10:00:00.000Z',
      },
    ]);
  });
});
