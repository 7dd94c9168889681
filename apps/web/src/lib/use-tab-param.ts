import { useSearchParams } from 'react-router';

/**
 * The selected tab of a page whose tabs are chosen by `?tab=` (the specification's settings pages).
 * Unknown or missing values fall back to the first tab; switching replaces the history entry.
 */
export function useTabParam<const T extends readonly string[]>(
  tabs: T,
): [T[number], (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as T[number]) : tabs[0];
  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, selectTab];
}
