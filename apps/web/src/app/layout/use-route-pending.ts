import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** A code fetch shorter than this shows no skeleton (a prefetched screen swaps in at once). */
const SKELETON_DELAY_MS = 150;

/**
 * Whether a navigation to another screen is waiting for that screen's code, for longer than a blink.
 * Changes of the query string alone (filters, tabs) never count.
 */
export function useRoutePending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingOtherScreen = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!loadingOtherScreen) {
      setPending(false);
      return;
    }
    const timer = setTimeout(() => setPending(true), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingOtherScreen]);
  return pending && loadingOtherScreen;
}
