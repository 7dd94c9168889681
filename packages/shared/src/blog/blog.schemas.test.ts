import { describe, expect, it } from 'vitest';
import {
  adSlotAfter,
  BLOG_MESSAGES,
  BlogPostBodySchema,
  ListBlogPostsQuerySchema,
  pagerItems,
  paragraphsFromText,
  readingTimeMinutes,
  slugify,
  uniqueSlug,
} from './blog.schemas.ts';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Copper Prices: Q3 2024!  ', 'copper-prices-q3-2024'],
    ['PET & HDPE — what buyers want', 'pet-hdpe-what-buyers-want'],
    ['Éco-conception des emballages', 'éco-conception-des-emballages'],
    ['Über Schrott', 'über-schrott'],
    ['tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['---edge hyphens---', 'edge-hyphens'],
    ['100% recycled', '100-recycled'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free slug and otherwise appends -1, -2... until free', () => {
    expect(uniqueSlug('scrap', new Set())).toBe('scrap');
    expect(uniqueSlug('scrap', new Set(['scrap']))).toBe('scrap-1');
    expect(uniqueSlug('scrap', new Set(['scrap', 'scrap-1']))).toBe('scrap-2');
    expect(uniqueSlug('scrap', new Set(['scrap', 'scrap-1', 'scrap-3']))).toBe('scrap-2');
    expect(uniqueSlug('scrap', new Set(['scrap-1']))).toBe('scrap');
  });
});

describe('paragraphsFromText', () => {
  it('turns blank-line blocks into paragraphs and single line breaks into <br>', () => {
    expect(paragraphsFromText('One\n\nTwo\nlines\n\n\n  Three  ')).toBe(
      '<p>One</p>\n<p>Two<br>lines</p>\n<p>Three</p>',
    );
    expect(paragraphsFromText('Windows\r\n\r\nbreaks\r\nhere')).toBe('<p>Windows</p>\n<p>breaks<br>here</p>');
    expect(paragraphsFromText('   \n\n  ')).toBe('');
  });

  it('returns text that already has a paragraph tag as it is', () => {
    const html = '<p>Already</p>\n\n<p class="x">done</p>';
    expect(paragraphsFromText(html)).toBe(html);
    expect(paragraphsFromText('<pre>code</pre>\n\nnext')).toBe('<p><pre>code</pre></p>\n<p>next</p>');
  });
});

describe('readingTimeMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
  it('is at least one minute and rounds up at 200 words a minute, ignoring markup', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(201))).toBe(2);
    expect(readingTimeMinutes(words(1000))).toBe(5);
    expect(readingTimeMinutes(`<p>${words(150)}</p><p>${words(150)}</p>`)).toBe(2);
    expect(readingTimeMinutes('<img src="a.png"><br><hr>')).toBe(1);
  });
});

describe('pagerItems', () => {
  it('shows first, last and current ±2 with ellipses where pages are skipped', () => {
    expect(pagerItems(1, 1)).toEqual([]);
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 'ellipsis', 5]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]);
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(pagerItems(7, 10)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9, 10]);
    expect(pagerItems(3, 7, 1)).toEqual([1, 2, 3, 4, 'ellipsis', 7]);
  });
});

describe('adSlotAfter', () => {
  it('places a slot after every 6th post unless it is the last', () => {
    const slots = (count: number) =>
      Array.from({ length: count }, (_, i) => i).filter((i) => adSlotAfter(i, count));
    expect(slots(12)).toEqual([5]);
    expect(slots(6)).toEqual([]);
    expect(slots(7)).toEqual([5]);
    expect(slots(13)).toEqual([5, 11]);
  });
});

describe('request schemas', () => {
  it('requires title and content with the spec message', () => {
    for (const body of [
      {},
      { title: 'T' },
      { content: 'C' },
      { title: '  ', content: 'C' },
      { title: 'T', content: ' ' },
    ]) {
      const result = BlogPostBodySchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(BLOG_MESSAGES.titleAndContentRequired);
    }
  });

  it('normalises optional fields and defaults status and tags', () => {
    const parsed = BlogPostBodySchema.parse({
      title: ' T ',
      content: 'C',
      slug: ' ',
      excerpt: '',
      featuredImageUrl: '',
    });
    expect(parsed).toMatchObject({
      title: 'T',
      slug: null,
      excerpt: null,
      featuredImageUrl: null,
      status: 'draft',
      tags: [],
    });
    expect(
      BlogPostBodySchema.safeParse({ title: 'T', content: 'C', featuredImageUrl: 'javascript:alert(1)' })
        .success,
    ).toBe(false);
    expect(BlogPostBodySchema.safeParse({ title: 'T', content: 'C', status: 'deleted' }).success).toBe(false);
    expect(BlogPostBodySchema.safeParse({ title: 'T', content: 'C', extra: 1 }).success).toBe(false);
  });

  it('coerces the list query', () => {
    expect(ListBlogPostsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(ListBlogPostsQuerySchema.parse({ page: '3', q: '  pet  ' })).toEqual({ page: 3, q: 'pet' });
    expect(ListBlogPostsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ListBlogPostsQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
  });
});
