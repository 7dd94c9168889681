import { useEffect, useRef, useState } from 'react';
import { recordBlogView } from '../api/record-blog-view';

/**
 * Counts one view of the post once it has loaded and answers the new total. The ref keeps React's
 * development double-run of effects (and re-renders) from counting twice; opening the page again is
 * a new view.
 */
export function useRecordView(slug: string, loaded: boolean): number | undefined {
  const counted = useRef<string | null>(null);
  const [viewCount, setViewCount] = useState<{ slug: string; count: number }>();
  useEffect(() => {
    if (!loaded || counted.current === slug) return;
    counted.current = slug;
    recordBlogView(slug).then(
      (count) => setViewCount({ slug, count }),
      // A view that could not be counted is not worth interrupting the reader for.
      () => undefined,
    );
  }, [slug, loaded]);
  return viewCount?.slug === slug ? viewCount.count : undefined;
}
