import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../test/factories/blog.ts';
import { BLOG_LINK_REL, blogContentFromInput, hasVisibleContent, sanitizeBlogHtml } from './blog-html.ts';

/** What must never be present in sanitised output. */
function assertClean(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|button|body|details|video|source|marquee|template|noscript)\b/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/\s(style|class|id|srcdoc|formaction|action)\s*=/);
  expect(lower).not.toMatch(/(javascript|vbscript|data)\s*:/);
  expect(lower).not.toContain('//evil.test');
  for (const match of html.matchAll(/<a\b[^>]*>/gi)) {
    expect(match[0]).toContain(`rel="${BLOG_LINK_REL}"`);
    expect(match[0]).not.toMatch(/target="(?!_blank")/);
  }
}

describe('the blog sanitiser', () => {
  it.each(XSS_PAYLOADS)('leaves nothing executable of %s', (payload) => {
    const saved = blogContentFromInput(payload);
    assertClean(saved);
    assertClean(sanitizeBlogHtml(saved));
    // Sanitising twice changes nothing, so what is stored is what is shown.
    expect(sanitizeBlogHtml(saved)).toBe(saved);
  });

  it('keeps the allowed formatting, links and images', () => {
    const html = [
      '<h2>Grades</h2>',
      '<p>Bright <strong>copper</strong> and <em>birch/cliff</em>.</p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol>',
      '<blockquote>quoted</blockquote><pre><code>code</code></pre><hr />',
      '<figure><img src="https://img.test/a.png" alt="bales" width="640" height="480" /><figcaption>Bales</figcaption></figure>',
      '<table><caption>Prices</caption><thead><tr><th>Grade</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      '<p><a href="mailto:trade@recytrade.test">mail</a> <a href="/blog" target="_blank">blog</a></p>',
    ].join('');
    const clean = sanitizeBlogHtml(html);
    for (const part of [
      '<h2>Grades</h2>',
      '<strong>copper</strong>',
      '<em>birch/cliff</em>',
      '<li>one</li>',
      '<blockquote>quoted</blockquote>',
      '<pre><code>code</code></pre>',
      '<hr />',
      '<img src="https://img.test/a.png" alt="bales" width="640" height="480" />',
      '<figcaption>Bales</figcaption>',
      '<th>Grade</th>',
      `<a href="mailto:trade@recytrade.test" rel="${BLOG_LINK_REL}">mail</a>`,
      `<a href="/blog" target="_blank" rel="${BLOG_LINK_REL}">blog</a>`,
    ])
      expect(clean).toContain(part);
  });

  it('forces the link rel whatever the author wrote', () => {
    expect(sanitizeBlogHtml('<a href="https://x.test" rel="opener">x</a>')).toBe(
      `<a href="https://x.test" rel="${BLOG_LINK_REL}">x</a>`,
    );
  });

  it('turns plain text into paragraphs, keeping block elements, and escapes stray markup characters', () => {
    expect(blogContentFromInput('<h2>Why grade?</h2>\n\nFirst line\nsecond line\n\n- 5 < 6 & 7 > 3')).toBe(
      '<h2>Why grade?</h2>\n<p>First line<br />second line</p>\n<p>- 5 &lt; 6 &amp; 7 &gt; 3</p>',
    );
    expect(blogContentFromInput('<p>Already HTML</p>')).toBe('<p>Already HTML</p>');
  });

  it('tells whether anything visible is left', () => {
    expect(hasVisibleContent(blogContentFromInput('<script>alert(1)</script>'))).toBe(false);
    expect(hasVisibleContent(blogContentFromInput('<p>&nbsp;</p>'))).toBe(false);
    expect(hasVisibleContent(blogContentFromInput('<img src="https://img.test/a.png">'))).toBe(true);
    expect(hasVisibleContent(blogContentFromInput('words'))).toBe(true);
  });
});
