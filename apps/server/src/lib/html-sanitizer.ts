import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

export type SanitizeOptions = SanitizeHtml.IOptions;

const require = createRequire(import.meta.url);
let sanitizer: typeof SanitizeHtml | undefined;

/**
 * sanitize-html, loaded at the first HTML it cleans (a post or a campaign written) rather than at start:
 * with postcss under it, it is some 18 MB and 0.2 s of loading that most starts never use.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions): string {
  sanitizer ??= require('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, options);
}
