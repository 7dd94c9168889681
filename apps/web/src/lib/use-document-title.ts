import { PUBLIC_PAGES, type PublicPagePath } from '@app/shared/seo/pages';
import { useEffect } from 'react';
import { defaultDescription, pageTitle } from '@/config/site';
import { usePlatformName } from './platform-status';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Sets "<title> · Recytrade" (the platform name setting) and the page's meta description while the
 * page is shown. Without a description, or when the page goes away, the default description applies.
 */
export function useDocumentTitle(title?: string, description?: string) {
  const platformName = usePlatformName();
  useEffect(() => {
    document.title = pageTitle(title, platformName);
  }, [title, platformName]);

  useEffect(() => {
    const tag = descriptionTag();
    tag.content = description?.trim() ? description.trim() : defaultDescription;
    return () => {
      tag.content = defaultDescription;
    };
  }, [description]);
}

/** A public page's title and description, the same ones the server puts in the HTML it sends. */
export function usePublicPageMeta(path: PublicPagePath) {
  const page = PUBLIC_PAGES[path];
  useDocumentTitle(page.title || undefined, page.description);
}
