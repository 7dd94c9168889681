import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 350;

/**
 * The text of a search box that commits after a short pause of typing (the address bar, and so the
 * query, follows), and that empties when the committed value is cleared from outside (the empty state).
 */
export function useDebouncedSearch(committed: string | undefined, commit: (q: string | undefined) => void) {
  const [search, setSearch] = useState(committed ?? '');
  // The latest callback, so a parent's re-render does not restart the pause.
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if ((committed ?? '') === search.trim()) return;
    const timer = setTimeout(() => commitRef.current(search.trim() || undefined), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, committed]);

  useEffect(() => {
    setSearch((current) => (current.trim() === (committed ?? '') ? current : (committed ?? '')));
  }, [committed]);

  return [search, setSearch] as const;
}
