import DOMPurify from 'dompurify';
import { type ComponentPropsWithoutRef, useMemo } from 'react';

/**
 * The one place the web inserts HTML. Whatever the server already cleaned goes through DOMPurify again,
 * so a server defect alone cannot run script in the page; styles and forms are never kept.
 */
export function SanitizedHtml({
  html,
  ...props
}: { html: string } & Omit<ComponentPropsWithoutRef<'div'>, 'children'>) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], ADD_ATTR: ['target'] }),
    [html],
  );
  // Set after the spread, so a caller cannot pass raw HTML through.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
