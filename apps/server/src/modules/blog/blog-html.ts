import { paragraphsFromText } from '@app/shared/blog/blog.schemas';
import { type SanitizeOptions, sanitizeHtml } from '../../lib/html-sanitizer.ts';

/** The rel every link in a post carries, whatever the author wrote. */
export const BLOG_LINK_REL = 'noopener noreferrer nofollow';

/** Link targets: absolute http(s), mailto, a path on this site or an anchor. */
const LINK_URL = /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i;
/** Image sources: absolute http(s) or a path on this site. */
const IMAGE_URL = /^(https?:\/\/|\/(?![/\\]))/i;

/**
 * The allow-list for post bodies: structure, emphasis, links, images, quotes, code and tables.
 * No style, no class, no event handlers, no forms or frames; links and images only over
 * http(s) (links also mailto) or relative to the site.
 */
const OPTIONS: SanitizeOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs, rel: BLOG_LINK_REL };
      if (next.href !== undefined && !LINK_URL.test(next.href.trim())) delete next.href;
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      if (next.src !== undefined && !IMAGE_URL.test(next.src.trim())) delete next.src;
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused, and a paragraph left with nothing in it, are dropped.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) ||
    (frame.tag === 'p' && !frame.text.trim() && frame.mediaChildren.length === 0),
};

/** Sanitises post HTML with the allow-list; safe to insert as HTML. Idempotent. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A block the author already wrote as a block element (a heading, a list...) is not a paragraph. */
const BLOCK_ELEMENT = /^<(h[2-4]|ul|ol|blockquote|pre|figure|table|hr)[\s>/]/i;

/**
 * The stored form of a body the editor sends: text without a paragraph tag has its blank-line
 * blocks turned into paragraphs (the spec's rule, blocks that already are headings, lists, quotes,
 * code or tables kept as they are), then the allow-list applies.
 */
export function blogContentFromInput(body: string): string {
  if (/<p[\s>]/i.test(body)) return sanitizeBlogHtml(body);
  const blocks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);
  return sanitizeBlogHtml(
    blocks.map((block) => (BLOCK_ELEMENT.test(block) ? block : paragraphsFromText(block))).join('\n'),
  );
}

/** True when sanitised HTML has something to show: text or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
