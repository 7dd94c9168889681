import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlogPostBodySchema } from '@app/shared/blog/blog.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, TEST_APP_URL } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { insertListing, insertTrader } from '../../../test/factories/deals.ts';
import { listingImages, listings } from '../../db/schema.ts';
import { escapeHtml, escapeXml, injectHead } from './seo.service.ts';

/** A stand-in for the built web app's index.html. */
function webRoot(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'recytrade-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The default description." />
    <title>Recytrade · Recycling commodities marketplace</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  return dir;
}

async function publishPost(app: FastifyInstance, authorId: string, fields: Record<string, unknown>) {
  return app.services.blog.create(
    { id: authorId },
    BlogPostBodySchema.parse({ content: 'Body text of the post.', ...fields }),
  );
}

/** The content of `<meta property|name="key" content="…">`, unescaped by the DOM rules we use. */
function metaContent(html: string, key: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`));
  return match?.[1];
}

describe('robots.txt', () => {
  it('allows crawling, keeps private screens and the API out and names the sitemap', async () => {
    const { app } = await buildTestApp({ env: { appUrl: 'https://trade.example.com' } });
    const res = await createClient(app).get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/admin', '/api/', '/account', '/profile', '/messages', '/deals', '/dashboard'])
      expect(lines).toContain(`Disallow: ${p}`);
    // The API's documentation and SDK pages are public pages under /api/.
    expect(lines).toEqual(expect.arrayContaining(['Allow: /api/docs', 'Allow: /api/sdk']));
    expect(lines).toContain('Sitemap: https://trade.example.com/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists public pages, published posts, visible listings and companies, and nothing else', async () => {
    const { app, database } = await buildTestApp();
    const db = database.db;
    const seller = await insertTrader(db, 'Seller');
    const active = await insertListing(db, seller.id, { title: 'Active copper' });
    const rejected = await insertListing(db, seller.id, { title: 'Rejected copper' });
    await db.update(listings).set({ approvalStatus: 'rejected' }).where(eq(listings.id, rejected.id));
    const expired = await insertListing(db, seller.id, { title: 'Expired copper' });
    await db.update(listings).set({ status: 'expired' }).where(eq(listings.id, expired.id));
    const published = await publishPost(app, seller.id, { title: 'Scrap & steel 2025', status: 'published' });
    const draft = await publishPost(app, seller.id, { title: 'Unfinished thoughts', status: 'draft' });

    const res = await createClient(app).get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    assertWellFormed(xml);

    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/marketplace', '/blog', '/about', '/help', '/terms', '/privacy', '/contact'])
      expect(locs).toContain(`${TEST_APP_URL}${p}`);
    expect(locs).toContain(`${TEST_APP_URL}/listings/${active.id}`);
    expect(locs).not.toContain(`${TEST_APP_URL}/listings/${rejected.id}`);
    expect(locs).not.toContain(`${TEST_APP_URL}/listings/${expired.id}`);
    expect(locs).toContain(`${TEST_APP_URL}/blog/${published.slug}`);
    expect(locs).not.toContain(`${TEST_APP_URL}/blog/${draft.slug}`);
    expect(locs.some((l) => l.startsWith(`${TEST_APP_URL}/companies/`))).toBe(true);
    expect(locs.some((l) => /\/(admin|account|dashboard|messages|deals)/.test(l))).toBe(false);

    const listingEntry = xml.match(new RegExp(`<url><loc>[^<]*${active.id}</loc>(.*?)</url>`))?.[1];
    expect(listingEntry).toMatch(/^<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>$/);
  });

  it('escapes URLs in XML', () => {
    expect(escapeXml(`https://x.test/a?b=1&c="2"<'3'>`)).toBe(
      'https://x.test/a?b=1&amp;c=&quot;2&quot;&lt;&apos;3&apos;&gt;',
    );
  });
});

describe('server-rendered page metadata', () => {
  it("gives a listing page the listing's title, description, first image and price, escaped", async () => {
    const { app, database } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const db = database.db;
    const seller = await insertTrader(db, 'Seller');
    const { id } = await insertListing(db, seller.id, {
      title: '</title><script>alert("x")</script> & "bales"',
      priceCents: 12_345,
    });
    await db.insert(listingImages).values({
      id: 'img-1',
      userId: seller.id,
      listingId: id,
      position: 0,
      displayKey: 'listings/img-1.webp',
      thumbnailKey: 'listings/img-1-thumb.webp',
      width: 800,
      height: 600,
    });

    const res = await createClient(app).get(`/listings/${id}?ref=mail`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    const title = escapeHtml('</title><script>alert("x")</script> & "bales" · Recytrade');
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(`${TEST_APP_URL}/listings/${id}`);
    expect(html).toContain(`<link rel="canonical" href="${TEST_APP_URL}/listings/${id}" />`);
    expect(metaContent(html, 'og:image')).toBe(`${TEST_APP_URL}/media/listings/img-1.webp`);
    // The page's largest paint is fetched with its code, from the sources its <img> will name.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/listings/img-1.webp" imagesrcset="/media/listings/img-1-thumb.webp 400w, /media/listings/img-1.webp 800w" imagesizes="(min-width: 1024px) 40rem, 100vw" fetchpriority="high" />',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'product:price:amount')).toBe('123.45');
    expect(metaContent(html, 'product:price:currency')).toBe('USD');
    expect(metaContent(html, 'description')).toContain('$123.45 / ton · Rotterdam, NL · LME grade A');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it("gives a published post's page its title, excerpt and featured image", async () => {
    const { app, database } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const author = await insertTrader(database.db, 'Author');
    const post = await publishPost(app, author.id, {
      title: 'Pricing <script>alert(1)</script> PET bales',
      excerpt: 'What moves the price of "PET" & HDPE bales.',
      featuredImageUrl: 'https://images.example.com/pet.jpg?w=1200&h=630',
      status: 'published',
    });
    const res = await createClient(app).get(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<title>${escapeHtml(`${post.title} · Recytrade`)}</title>`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:description')).toBe(
      escapeHtml('What moves the price of "PET" & HDPE bales.'),
    );
    expect(metaContent(html, 'og:image')).toBe('https://images.example.com/pet.jpg?w=1200&amp;h=630');
    expect(metaContent(html, 'og:url')).toBe(`${TEST_APP_URL}/blog/${post.slug}`);
    expect(metaContent(html, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('falls back to the defaults for unknown listings, drafts and private pages', async () => {
    const { app, database } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const author = await insertTrader(database.db, 'Author');
    const draft = await publishPost(app, author.id, { title: 'Secret draft', status: 'draft' });
    const client = createClient(app);
    for (const url of ['/listings/no-such-listing', `/blog/${draft.slug}`, '/dashboard', '/listings/a/b']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Recytrade · Recycling commodities marketplace</title>');
      expect(res.body).not.toContain('Secret draft');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it('gives each public page its own title, description and canonical link', async () => {
    const { app } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const res = await createClient(app).get('/marketplace');
    expect(res.body).toContain('<title>Marketplace · Recytrade</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_APP_URL}/marketplace" />`);
    expect(res.headers['cache-control']).toBe('no-cache');
    const home = await createClient(app).get('/');
    expect(home.body).toContain('<title>Recytrade · Recycling commodities marketplace</title>');
    expect(home.body).toContain(`<link rel="canonical" href="${TEST_APP_URL}/" />`);
  });

  it('serves the API documentation and SDK pages as pages, while other /api paths stay JSON', async () => {
    const { app } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const client = createClient(app);
    const docs = await client.get('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.body).toContain('<title>API Documentation · Recytrade</title>');
    expect(docs.body).toContain(`<link rel="canonical" href="${TEST_APP_URL}/api/docs" />`);
    const sdk = await client.get('/api/sdk?ref=api');
    expect(sdk.body).toContain('<title>API SDK · Recytrade</title>');
    for (const url of ['/api/docs/extra', '/api/sdks', '/api/no-such-route']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No route for GET ${url}` } });
    }
  });

  it('puts the tags in the head and drops the template title and description', () => {
    const html = injectHead(
      '<html><head><title>Old</title>\n<meta name="description" content="old" />\n</head><body></body></html>',
      { title: 'New & <b>', description: 'Desc', type: 'website' },
    );
    expect(html).not.toContain('Old');
    expect(html).not.toContain('content="old"');
    expect(html).toMatch(/<head>.*<title>New &amp; &lt;b&gt;<\/title>.*<\/head><body>/s);
  });
});

/** A small XML well-formedness check: balanced tags, no stray ampersands or angle brackets. */
function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  for (const token of body.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>|([^<]+)/g)) {
    const [, closing, name, selfClosing, text] = token;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|>/);
      continue;
    }
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
}

/** The data block of first answers the server put into a page, parsed; undefined when there is none. */
function preloadedAnswers(html: string): Record<string, unknown> | undefined {
  const match = html.match(/<script type="application\/json" id="preloaded-answers">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]) as Record<string, unknown>) : undefined;
}

describe("a public page's first answers, inlined for visitors", () => {
  it('answers the marketplace and a listing page exactly as their API reads would', async () => {
    const { app, database } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const seller = await insertTrader(database.db, 'Seller');
    const { id } = await insertListing(database.db, seller.id, {
      title: 'Bales </script><script>alert(1)</script> of PET',
    });
    const visitor = createClient(app);

    const marketplace = await visitor.get('/marketplace');
    expect(marketplace.body).not.toContain('<script>alert');
    const answers = preloadedAnswers(marketplace.body);
    const search = '/api/listings?page=1&limit=20';
    expect(Object.keys(answers ?? {}).sort()).toEqual(['/api/me', '/api/settings/platform', search].sort());
    expect(answers?.[search]).toEqual((await visitor.get(search)).json());
    expect(answers?.['/api/me']).toEqual((await visitor.get('/api/me')).json());

    const listingPage = await visitor.get(`/listings/${id}`);
    expect(preloadedAnswers(listingPage.body)?.[`/api/listings/${id}`]).toEqual(
      (await visitor.get(`/api/listings/${id}`)).json(),
    );
  });

  it('inlines nothing a read refuses, nothing for filtered searches, and nothing for a signed-in user', async () => {
    const { app } = await buildTestApp({ env: { serveWeb: true }, webRoot: webRoot() });
    const visitor = createClient(app);
    const unknown = preloadedAnswers((await visitor.get('/listings/no-such-listing')).body);
    expect(Object.keys(unknown ?? {})).not.toContain('/api/listings/no-such-listing');
    const filtered = preloadedAnswers((await visitor.get('/marketplace?q=copper')).body);
    expect(Object.keys(filtered ?? {}).filter((url) => url.startsWith('/api/listings'))).toEqual([]);
    expect(preloadedAnswers((await visitor.get('/dashboard')).body)).toBeUndefined();

    const { client: trader } = await signedInClient(app);
    const own = await trader.get('/marketplace');
    expect(own.statusCode).toBe(200);
    expect(preloadedAnswers(own.body)).toBeUndefined();
  });
});

describe("a public page's own screen code", () => {
  it('is preloaded from the shell: the screen chunk and what only it imports, not the entry', async () => {
    const root = webRoot();
    mkdirSync(path.join(root, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
      'src/app/routes/marketplace.tsx': {
        file: 'assets/marketplace-1.js',
        isDynamicEntry: true,
        imports: ['_card-1.js', '_react-1.js'],
      },
      'src/app/routes/listing-detail.tsx': { file: 'assets/listing-detail-1.js', isDynamicEntry: true },
    };
    writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
    const { app } = await buildTestApp({ env: { serveWeb: true }, webRoot: root });
    const client = createClient(app);
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

    expect(links((await client.get('/marketplace')).body).sort()).toEqual([
      '/assets/card-1.js',
      '/assets/marketplace-1.js',
    ]);
    expect(links((await client.get('/listings/abc')).body)).toEqual(['/assets/listing-detail-1.js']);
    expect(links((await client.get('/dashboard')).body)).toEqual([]);
    // The manifest itself is not served to browsers.
    expect((await client.get('/.vite/manifest.json')).body).not.toContain('marketplace-1.js');
  });
});
