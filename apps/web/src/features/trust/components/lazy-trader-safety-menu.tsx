import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth-client';
import type { TraderSafetyMenuProps } from './trader-safety-menu';

const TraderSafetyMenu = lazy(() =>
  import('./trader-safety-menu').then((m) => ({ default: m.TraderSafetyMenu })),
);

/**
 * The Block or report menu for a signed-in trader looking at someone else's page; its code (the menu
 * and dialogs) is fetched only then, so public pages load without it.
 */
export function LazyTraderSafetyMenu(props: TraderSafetyMenuProps) {
  const { user } = useAuth();
  if (!user || user.id === props.userId) return null;
  return (
    <Suspense fallback={null}>
      <TraderSafetyMenu {...props} />
    </Suspense>
  );
}
