import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element once its content is ready when the address ends in #id: the section renders
 * after its data loads, too late for the browser's own jump to the anchor.
 */
export function useScrollToHash(ref: RefObject<HTMLElement | null>, id: string, ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash === `#${id}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash, id, ref]);
}
