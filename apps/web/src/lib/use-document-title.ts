import { useEffect } from 'react';
import { pageTitle } from '@/config/site';

/** Sets "<title> · Recytrade" while the page is shown. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
