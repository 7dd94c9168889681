import { readFile, stat } from 'node:fs/promises';
import nodePath from 'node:path';
import { PRODUCT_NAME } from '@app/shared/catalog/catalog';
import { gallerySrcSet, LISTING_GALLERY_SIZES } from '@app/shared/listings/listing-rules';
import {
  DEFAULT_DESCRIPTION,
  listingMetaDescription,
  PUBLIC_PAGES,
  type PublicPagePath,
  pageTitle,
  summarize,
} from '@app/shared/seo/pages';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BlogService } from '../blog/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { ListingsService } from '../listings/index.ts';
import { firstReadsOf, injectPreloadedAnswers } from './preloaded-answers.ts';
import { screenPreloadLinks, type WebManifest, webManifestReader } from './screen-preloads.ts';

/** The metadata one page's HTML carries. */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute; absent for pages that are not public (account screens, unknown ids). */
  canonical?: string;
  type: 'website' | 'article' | 'product';
  image?: string;
  /** Product price (listings): amount in dollars and currency. */
  price?: { amount: string; currency: string };
  publishedTime?: string;
  /** The page's largest image (a listing's first photo), fetched with the page's code, not after it. */
  preloadImage?: { href: string; srcset?: string; sizes: string };
};

export type SeoService = ReturnType<typeof createSeoService>;

/** Paths crawlers should leave alone: private screens and the API. */
const DISALLOWED = ['/admin', '/api/', '/account', '/profile', '/messages', '/deals', '/dashboard'];
/** Public pages under a disallowed prefix; crawlers apply the longest matching rule. */
const ALLOWED_UNDER_DISALLOWED = ['/api/docs', '/api/sdk'];
/** One sitemap file holds at most 50,000 URLs; the newest changes fit well inside that. */
const SITEMAP_LIMITS = { listings: 40_000, companies: 5_000 } as const;
/** Rebuilding the sitemap reads many rows; crawlers may fetch it often. */
const SITEMAP_CACHE_MS = 5 * 60_000;
const SEGMENT_MAX = 200;

/** Search-engine basics: robots.txt, sitemap.xml and the head of the HTML the server sends. */
export function createSeoService(deps: {
  appUrl: string;
  clock: Clock;
  listings: Pick<ListingsService, 'findPublicListing' | 'listForSitemap'>;
  companies: Pick<CompaniesService, 'listForSitemap'>;
  blog: Pick<BlogService, 'listPublishedForSitemap' | 'getPublishedPost'>;
  /** The answer a visitor (no session) gets for a GET of the API, or undefined when it is not a 200. */
  readAsVisitor?: (url: string) => Promise<unknown>;
}) {
  const { appUrl, clock } = deps;
  let sitemapCache: { xml: string; until: number } | null = null;

  function robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ALLOWED_UNDER_DISALLOWED.map((p) => `Allow: ${p}`),
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${appUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  async function sitemapXml(): Promise<string> {
    const now = clock.now().getTime();
    if (sitemapCache && sitemapCache.until > now) return sitemapCache.xml;
    const [listings, companies, posts] = await Promise.all([
      deps.listings.listForSitemap(SITEMAP_LIMITS.listings),
      deps.companies.listForSitemap(SITEMAP_LIMITS.companies),
      deps.blog.listPublishedForSitemap(),
    ]);
    const newest = (dates: (Date | string)[]) =>
      dates.reduce<Date | undefined>((max, d) => {
        const date = new Date(d);
        return !max || date > max ? date : max;
      }, undefined);
    const latest: Partial<Record<PublicPagePath, Date | undefined>> = {
      '/marketplace': newest(listings.map((l) => l.updatedAt)),
      '/company-directory': newest(companies.map((c) => c.updatedAt)),
      '/blog': newest(posts.map((p) => p.updatedAt)),
    };
    const urls: { loc: string; lastmod?: Date | string }[] = [
      ...(Object.keys(PUBLIC_PAGES) as PublicPagePath[]).map((p) => ({ loc: p, lastmod: latest[p] })),
      ...posts.map((p) => ({ loc: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
      ...listings.map((l) => ({ loc: `/listings/${encodeURIComponent(l.id)}`, lastmod: l.updatedAt })),
      ...companies.map((c) => ({ loc: `/companies/${encodeURIComponent(c.id)}`, lastmod: c.updatedAt })),
    ];
    const body = urls
      .map(({ loc, lastmod }) => {
        const date = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '';
        return `<url><loc>${escapeXml(`${appUrl}${loc}`)}</loc>${date}</url>`;
      })
      .join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
    sitemapCache = { xml, until: now + SITEMAP_CACHE_MS };
    return xml;
  }

  const defaults = (): PageHead => ({
    title: pageTitle(),
    description: DEFAULT_DESCRIPTION,
    type: 'website',
  });

  /** The head for a client route: a public page's own, a listing's or a post's, else the defaults. */
  async function pageHead(rawPath: string): Promise<PageHead> {
    const path = normalisePath(rawPath);
    if (path in PUBLIC_PAGES) {
      const page = PUBLIC_PAGES[path as PublicPagePath];
      return {
        title: pageTitle(page.title || undefined),
        description: page.description,
        canonical: `${appUrl}${path === '/' ? '/' : path}`,
        type: 'website',
      };
    }
    const listingId = matchSegment(path, '/listings/');
    if (listingId) {
      const listing = await deps.listings.findPublicListing(listingId);
      if (!listing) return defaults();
      const firstImage = listing.images[0];
      return {
        title: pageTitle(listing.title),
        description: listingMetaDescription(listing),
        canonical: `${appUrl}/listings/${encodeURIComponent(listing.id)}`,
        type: 'product',
        image: absoluteUrl(listing.images[0]?.url),
        price: { amount: (listing.priceCents / 100).toFixed(2), currency: 'USD' },
        preloadImage: firstImage && {
          href: firstImage.url,
          srcset: gallerySrcSet(firstImage),
          sizes: LISTING_GALLERY_SIZES,
        },
      };
    }
    const slug = matchSegment(path, '/blog/');
    if (slug) {
      const post = await deps.blog.getPublishedPost(slug).catch(nullWhenNotFound);
      if (!post) return defaults();
      return {
        title: pageTitle(post.title),
        description: summarize(post.excerpt ?? '') || DEFAULT_DESCRIPTION,
        canonical: `${appUrl}/blog/${encodeURIComponent(slug)}`,
        type: 'article',
        image: absoluteUrl(post.featuredImageUrl),
        publishedTime: post.publishedAt ? new Date(post.publishedAt).toISOString() : undefined,
      };
    }
    return defaults();
  }

  /**
   * The web app's index.html with the page's title, description, canonical link and social tags; for
   * a visitor, also the page's first API answers (preloaded-answers.ts), so the first paint needs no
   * round trip. A signed-in user's answers differ per person and are always fetched.
   */
  async function renderPage(
    indexFile: string,
    path: string,
    viewer: { search: string; visitor: boolean } = { search: '', visitor: false },
  ): Promise<string> {
    const [template, head, manifest, answers] = await Promise.all([
      readTemplate(indexFile),
      pageHead(path),
      readManifest(nodePath.join(nodePath.dirname(indexFile), '.vite/manifest.json')),
      viewer.visitor ? preloadedAnswers(normalisePath(path), viewer.search) : {},
    ]);
    const preloads = screenPreloadLinks(manifest, normalisePath(path));
    return injectPreloadedAnswers(injectHead(template, head, preloads), answers);
  }

  const manifestReaders = new Map<string, () => Promise<WebManifest>>();
  function readManifest(file: string): Promise<WebManifest> {
    let read = manifestReaders.get(file);
    if (!read) {
      read = webManifestReader(file);
      manifestReaders.set(file, read);
    }
    return read();
  }

  async function preloadedAnswers(path: string, search: string): Promise<Record<string, unknown>> {
    const read = deps.readAsVisitor;
    if (!read) return {};
    const urls = firstReadsOf(path, search);
    // A read that fails is left to the browser; the page is still sent.
    const bodies = await Promise.all(urls.map((url) => read(url).catch(() => undefined)));
    return Object.fromEntries(urls.flatMap((url, i) => (bodies[i] === undefined ? [] : [[url, bodies[i]]])));
  }

  // Re-read only when the file changes: a rebuilt web app gets new asset names.
  let templateCache: { file: string; mtimeMs: number; html: string } | null = null;
  async function readTemplate(file: string): Promise<string> {
    const { mtimeMs } = await stat(file);
    if (templateCache?.file === file && templateCache.mtimeMs === mtimeMs) return templateCache.html;
    const html = await readFile(file, 'utf8');
    templateCache = { file, mtimeMs, html };
    return html;
  }

  /** Relative media paths become absolute; anything but http(s) is dropped. */
  function absoluteUrl(url: string | null | undefined): string | undefined {
    if (!url) return undefined;
    if (url.startsWith('/') && !url.startsWith('//')) return `${appUrl}${url}`;
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
    } catch {
      return undefined;
    }
  }

  return { robotsTxt, sitemapXml, pageHead, renderPage };
}

/** Replaces the template's title and description and adds the canonical link, social tags and any links given. */
export function injectHead(template: string, head: PageHead, extraLinks: string[] = []): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : '';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'product:price:amount', head.price?.amount),
    meta('property', 'product:price:currency', head.price?.currency),
    meta('property', 'article:published_time', head.publishedTime),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    head.preloadImage ? imagePreloadLink(head.preloadImage) : '',
    ...extraLinks,
  ].filter(Boolean);
  const stripped = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const block = `${tags.join('\n    ')}\n  `;
  return stripped.includes('</head>') ? stripped.replace('</head>', `  ${block}</head>`) : block + stripped;
}

/** The browser fetches the image as the page's `<img>` will ask for it (same sources), at high priority. */
function imagePreloadLink(image: NonNullable<PageHead['preloadImage']>): string {
  const srcset = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high" />`;
}

/** Drafts, archived posts and unknown slugs all read as "not found". */
function nullWhenNotFound(err: unknown): null {
  if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
  throw err;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The path without query, fragment or trailing slash. */
function normalisePath(raw: string): string {
  const path = raw.split(/[?#]/)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The one segment after `prefix` ("/listings/abc" → "abc"), decoded; null for anything else. */
function matchSegment(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  if (!rest || rest.includes('/') || rest.length > SEGMENT_MAX) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}
